// Signed-in requests that arrive together read their sessions in one query (api/src/modules/auth/session-lookup.ts).
// What must hold whatever the batching: each request gets its own user, a write is seen by the next read (from this
// process or another app process on the same database), and a signed-out, expired or revoked session is refused at
// once everywhere. Runs on the embedded database and, with TEST_DATABASE_URL, on native PostgreSQL.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { openDatabase } from "@cm/db";
import { hashSid } from "../src/modules/auth/session-service";
import { json, registerAndSignIn } from "./auth-helpers";
import { createClient } from "./hostile-fixtures";
import { startTestServer, type TestServer } from "./test-server";

let first: TestServer;
/** A second app instance on the same database: another process of a group, as far as the database can tell. */
let second: TestServer;

beforeAll(async () => {
  first = await startTestServer();
  const database = await openDatabase(first.ctx.db.address);
  second = await startTestServer({}, { database });
}, 60_000);
afterAll(async () => {
  await second?.stop();
  await first?.stop();
});

const sessionIdOf = (cookie: string) => /cm_session=([^;]+)/.exec(cookie)![1]!;

async function clientNames(server: TestServer, cookie: string): Promise<string[]> {
  const response = await server.fetch("/api/clients", { headers: { cookie } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { name: string }[]).map((c) => c.name);
}

test("requests that arrive together share one session query, and each is answered for its own user", async () => {
  const alice = await registerAndSignIn(first);
  const bob = await registerAndSignIn(first);
  await createClient(first, alice.cookie, "Alice Only");
  await createClient(first, bob.cookie, "Bob Only");
  // Lookups asked for in one turn of the event loop are one query, each answered with its own session.
  const keys = [alice.cookie, bob.cookie, "no-such-session"].map((c) =>
    hashSid(/cm_session=([^;]+)/.exec(c)?.[1] ?? c),
  );
  const before = first.ctx.sessions.queries();
  const found = await Promise.all(Array.from({ length: 30 }, (_, i) => first.ctx.sessions.find(keys[i % 3]!)));
  expect(first.ctx.sessions.queries() - before).toBe(1);
  for (const [i, session] of found.entries()) {
    if (i % 3 === 2) expect(session).toBeUndefined();
    else expect(session?.user.username).toBe(i % 3 === 0 ? alice.account.username : bob.account.username);
  }
  // Over HTTP, concurrent requests of two users: each answered with its own user's data.
  const answers = await Promise.all(
    Array.from({ length: 40 }, (_, i) => {
      const who = i % 2 === 0 ? alice : bob;
      return clientNames(first, who.cookie).then((names) => ({ who, names }));
    }),
  );
  for (const { who, names } of answers) {
    expect(names).toEqual([who === alice ? "Alice Only" : "Bob Only"]);
  }
});

test("a write in one process is seen by the next read in the other", async () => {
  const { cookie } = await registerAndSignIn(first);
  expect(await clientNames(second, cookie)).toEqual([]);
  expect(await clientNames(first, cookie)).toEqual([]);
  const created = await first.fetch("/api/clients", json({ name: "Written in first", type: "Tax" }, cookie));
  expect(created.status).toBe(201);
  expect(await clientNames(second, cookie)).toEqual(["Written in first"]);
  const { id } = (await created.json()) as { id: number };
  expect((await second.fetch(`/api/clients/${id}`, { method: "DELETE", headers: { cookie } })).status).toBe(200);
  expect(await clientNames(first, cookie)).toEqual([]);
});

test("a signed-out session is refused at once by every process", async () => {
  const { cookie } = await registerAndSignIn(first);
  expect(await clientNames(first, cookie)).toEqual([]);
  expect(await clientNames(second, cookie)).toEqual([]);
  const out = await second.fetch("/api/logout", { method: "POST", headers: { cookie } });
  expect(out.status).toBe(200);
  expect((await first.fetch("/api/clients", { headers: { cookie } })).status).toBe(401);
  expect((await second.fetch("/api/clients", { headers: { cookie } })).status).toBe(401);
  // The page path reads the session the same way: a protected page sends the visitor to sign in.
  const page = await first.fetch("/dashboard", { headers: { cookie } });
  expect(page.status).toBe(302);
  expect(page.headers.get("location")).toStartWith("/login");
});

test("a session revoked or expired in the database is refused by the next request", async () => {
  const revoked = await registerAndSignIn(first);
  const expired = await registerAndSignIn(first);
  expect(await clientNames(first, revoked.cookie)).toEqual([]);
  expect(await clientNames(second, expired.cookie)).toEqual([]);
  const sql = first.ctx.db.sql;
  await sql`delete from sessions where sid = ${hashSid(sessionIdOf(revoked.cookie))}`;
  await sql`update sessions set expire = now() - interval '1 second' where sid = ${hashSid(sessionIdOf(expired.cookie))}`;
  for (const server of [first, second]) {
    expect((await server.fetch("/api/clients", { headers: { cookie: revoked.cookie } })).status).toBe(401);
    expect((await server.fetch("/api/clients", { headers: { cookie: expired.cookie } })).status).toBe(401);
  }
});

test("a session that ends while others in its batch are live is refused alone", async () => {
  const kept = await registerAndSignIn(first);
  const ended = await registerAndSignIn(first);
  await first.ctx.db.sql`delete from sessions where sid = ${hashSid(sessionIdOf(ended.cookie))}`;
  const statuses = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      first
        .fetch("/api/clients", { headers: { cookie: i % 2 === 0 ? kept.cookie : ended.cookie } })
        .then((r) => [i % 2 === 0, r.status] as const),
    ),
  );
  for (const [isKept, status] of statuses) expect(status).toBe(isKept ? 200 : 401);
});
