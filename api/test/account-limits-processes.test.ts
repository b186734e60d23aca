// The account limits hold across app processes (issue 37): counted in the database under the account's lock, and
// the creations of the minute in rate_limits, never in a process's memory. Two app instances on one database (as two
// processes of a group are, to the database) are sent requests at once, alternating; together they take exactly the
// limit. Runs on the embedded database and, with TEST_DATABASE_URL, on native PostgreSQL.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { openDatabase } from "@cm/db";
import { schedule, signedInWithClient } from "./support/account-limits";
import { startTestServer, type TestServer } from "./test-server";

let first: TestServer;
let second: TestServer;

beforeAll(async () => {
  const env = { MEETINGS_PER_ACCOUNT: "4", CREATIONS_PER_MINUTE: "8" };
  first = await startTestServer(env);
  second = await startTestServer(env, { database: await openDatabase(first.ctx.db.address) });
}, 60_000);
afterAll(async () => {
  await second?.stop();
  await first?.stop();
});

test("meetings past the limit are refused whichever process takes them", async () => {
  const user = await signedInWithClient(first, "twoprocs");
  const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => schedule(i % 2 ? second : first, user)));
  expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 201, 429, 429]);
  const [row] = await first.ctx.db.sql`select count(*)::int as n from meetings where user_id = ${user.id}`;
  expect(row!.n).toBe(4);
});

test("creations of the minute are counted by both processes together", async () => {
  const user = await signedInWithClient(first, "twoprocsrate"); // 1 creation
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const created = await (i % 2 ? second : first).fetch("/api/clients", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: user.cookie },
      body: JSON.stringify({ name: `Client ${i}`, type: "Trust" }),
    });
    statuses.push(created.status);
  }
  const schedules = await Promise.all([schedule(first, user), schedule(second, user)]);
  // 1 + 6 clients = 7; one of the two plans is the 8th, the other is refused.
  expect(statuses).toEqual([201, 201, 201, 201, 201, 201]);
  expect(schedules.map((answer) => answer.status).sort()).toEqual([201, 429]);
  const refused = schedules.find((answer) => answer.status === 429)!;
  expect(refused.headers.get("retry-after")).not.toBeNull();
  const body = (await refused.json()) as { code: string; used: number; limit: number; left: number; message: string };
  expect(body).toMatchObject({ code: "creation_rate", used: 8, limit: 8, left: 0 });
  expect(body.message).toStartWith("Too many new items in a short time: your account may create 8 meetings, notes,");
});
