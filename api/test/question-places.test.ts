// "Questions at once" (SEARCH_QUESTIONS_AT_ONCE) is the account's, not each process's: two servers on one database
// (as two processes of one deployment) share the account's places, a place held by a process that died frees itself
// when its lease runs out, and a question refused for want of a place does not count against the per-minute limit.
// Runs on the embedded database and again on native PostgreSQL.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Database } from "@cm/db";
import { takeQuestionLease } from "@cm/db/queries/question-leases";
import { createTestDatabase } from "@cm/db/testing";
import { takeQuestionPlace } from "../src/modules/search/question-places";
import { questionsWaitingMessage } from "../src/modules/search/question-queue";
import { json } from "./auth-helpers";
import { createSignedInUser } from "./support/signed-in-user";
import { startTestServer, type TestServer } from "./test-server";

const AT_ONCE = 2;
const PER_MINUTE = 3;
let database: Database;
let first: TestServer;
let second: TestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  const env = { SEARCH_QUESTIONS_AT_ONCE: String(AT_ONCE), SEARCH_LIMIT_PER_MINUTE: String(PER_MINUTE) };
  first = await startTestServer(env, { database });
  second = await startTestServer(env, { database });
});
afterAll(async () => {
  await second?.stop();
  await first?.stop();
  await database?.close();
});

const ask = (server: TestServer, cookie: string) =>
  server.fetch("/api/search", json({ query: "What did we agree about the bonds?" }, cookie));

async function refusalOf(response: Response) {
  return { status: response.status, message: ((await response.json()) as { message?: string }).message };
}

test("places taken in two processes are one account's: the next question is refused on either server", async () => {
  const advisor = await createSignedInUser(database.sql, "two-process-advisor");
  const inFirst = await takeQuestionPlace(first.ctx, advisor.id);
  const inSecond = await takeQuestionPlace(second.ctx, advisor.id);
  expect(inFirst && inSecond).toBeDefined();
  const waiting = { status: 429, message: questionsWaitingMessage(AT_ONCE) };
  expect(await refusalOf(await ask(first, advisor.cookie))).toEqual(waiting);
  expect(await refusalOf(await ask(second, advisor.cookie))).toEqual(waiting);
  // Another account has its own places.
  const other = await createSignedInUser(database.sql, "two-process-other");
  expect((await ask(second, other.cookie)).status).toBe(200);
  await inFirst!();
  expect((await ask(second, advisor.cookie)).status).toBe(200);
  await inSecond!();
});

test("questions asked at once in both processes get exactly the account's places", async () => {
  const advisor = await createSignedInUser(database.sql, "at-once-advisor");
  const lease = 60_000;
  const taken = await Promise.all(
    Array.from({ length: 12 }, (_, i) => takeQuestionLease((i % 2 ? first : second).ctx.db.sql, advisor.id, 4, lease)),
  );
  expect(taken.filter((id) => id !== undefined)).toHaveLength(4);
});

test("a place held by a process that died frees itself when its lease runs out", async () => {
  const advisor = await createSignedInUser(database.sql, "crashed-advisor");
  expect(await takeQuestionPlace(first.ctx, advisor.id)).toBeDefined();
  expect(await takeQuestionPlace(first.ctx, advisor.id)).toBeDefined();
  // The process is gone without giving them back: nothing releases them but time.
  expect(await takeQuestionPlace(second.ctx, advisor.id)).toBeUndefined();
  await database.sql`update question_leases set expires_at = now() - interval '1 second' where user_id = ${advisor.id}`;
  expect((await ask(second, advisor.cookie)).status).toBe(200);
});

test("questions refused for want of a place do not count against the minute", async () => {
  const advisor = await createSignedInUser(database.sql, "patient-advisor");
  const places = [await takeQuestionPlace(first.ctx, advisor.id), await takeQuestionPlace(second.ctx, advisor.id)];
  for (let i = 0; i < 5; i++) expect((await ask(i % 2 ? first : second, advisor.cookie)).status).toBe(429);
  for (const release of places) await release!();
  const statuses: number[] = [];
  for (let i = 0; i < PER_MINUTE; i++) statuses.push((await ask(i % 2 ? first : second, advisor.cookie)).status);
  expect(statuses).toEqual(Array(PER_MINUTE).fill(200));
  // The minute's limit still holds, and its refusal gives the place back.
  expect((await ask(first, advisor.cookie)).status).toBe(429);
  const [row] = await database.sql<{ n: number }[]>`
    select count(*)::int as n from question_leases where user_id = ${advisor.id}`;
  expect(row?.n).toBe(0);
});
