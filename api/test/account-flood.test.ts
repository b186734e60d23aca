// The finding of issue 37, as the attacker ran it: one free account, four loops at once, each planning a meeting and
// writing a long note on it, as fast as the server answers. Before, every request was taken (1,707 meetings and
// notes of 199,000 characters in 20 s, the database 103 -> 459 MB). Now the creations of the minute stop the loops
// within their first requests, notes past the note length are refused, and what the account keeps in the database
// stays under its storage quota. Bounded: at most 40 rounds a loop.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  countedBytes,
  type LimitsUser,
  noteText,
  saveNote,
  schedule,
  signedInWithClient,
  usageOf,
} from "./support/account-limits";
import { startTestServer, type TestServer } from "./test-server";

const LOOPS = 4;
const ROUNDS = 40;
const MB = 1024 ** 2;

interface Tally {
  requests: number;
  firstRefusal: number | undefined;
  statuses: Map<number, number>;
}

/** One loop: plan a meeting, then write a note of `characters` on it; every answer is tallied in request order. */
async function floodLoop(server: TestServer, user: LimitsUser, characters: number, seed: number, tally: Tally) {
  const note = noteText(characters, seed);
  const record = (status: number) => {
    tally.requests++;
    tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
    if (status >= 400 && tally.firstRefusal === undefined) tally.firstRefusal = tally.requests;
  };
  for (let round = 0; round < ROUNDS; round++) {
    const planned = await schedule(server, user, `Flood ${seed}-${round}`);
    record(planned.status);
    if (planned.status !== 201) continue;
    const { id } = (await planned.json()) as { id: number };
    record((await saveNote(server, user, id, note)).status);
  }
}

async function flood(server: TestServer, characters: number) {
  const user = await signedInWithClient(server, "flood");
  const tally: Tally = { requests: 0, firstRefusal: undefined, statuses: new Map() };
  const [before] = await server.ctx.db.sql<{ bytes: number }[]>`
    select pg_database_size(current_database())::float8 as bytes`;
  await Promise.all(Array.from({ length: LOOPS }, (_, i) => floodLoop(server, user, characters, i + 1, tally)));
  const [after] = await server.ctx.db.sql<{ bytes: number }[]>`
    select pg_database_size(current_database())::float8 as bytes`;
  const growth = after!.bytes - before!.bytes;
  console.log(
    `[flood ${characters} characters] ${tally.requests} requests, first refused: #${tally.firstRefusal}, answers:`,
    Object.fromEntries(tally.statuses),
    `database grew ${(growth / MB).toFixed(2)} MB`,
  );
  return { user, tally, growth };
}

describe("the finding's loop with the default limits", () => {
  let server: TestServer;
  beforeAll(async () => {
    // The defaults, not the test server's generous creation limit.
    server = await startTestServer({ CREATIONS_PER_MINUTE: "" });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  test("199,000-character notes are refused as too long; the loops are stopped at 60 creations a minute", async () => {
    const { user, tally } = await flood(server, 199_000);
    // The loops start with four plans at once; the first note is refused.
    expect(tally.firstRefusal).toBeLessThanOrEqual(LOOPS + 1);
    const usage = await usageOf(server, user.cookie);
    // The account's client and 59 planned meetings: the minute's 60 creations.
    expect(usage.meetings.used).toBe(59);
    expect(usage.creations).toMatchObject({ used: 60, limit: 60, left: 0 });
    expect(tally.statuses.get(201)).toBe(59);
    expect(tally.statuses.get(413)).toBe(59);
    expect(tally.statuses.get(429)).toBe(LOOPS * ROUNDS - 59);
    const [notes] = await server.ctx.db.sql`select count(*)::int as n from notes where user_id = ${user.id}`;
    expect(notes!.n).toBe(0);
    const [jobs] = await server.ctx.db.sql`select count(*)::int as n from jobs where kind = 'index-note'`;
    expect(jobs!.n).toBe(0);
  }, 120_000);
});

describe("the loop with notes under the length limit and a small storage quota", () => {
  let server: TestServer;
  const quota = 2 * MB;
  beforeAll(async () => {
    server = await startTestServer({ CREATIONS_PER_MINUTE: "", STORAGE_QUOTA_BYTES: "2MB" });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  test("storage refuses the notes that do not fit; the account's rows and the database stay under the quota", async () => {
    const { user, tally, growth } = await flood(server, 99_000);
    expect(tally.statuses.get(413)).toBeGreaterThan(0);
    expect(tally.firstRefusal).toBeLessThanOrEqual(2 * 25);
    const usage = await usageOf(server, user.cookie);
    expect(usage.storage.used).toBeLessThanOrEqual(quota);
    const { counter, recount } = await countedBytes(server.ctx.db.sql, user.id);
    expect(counter).toBe(recount);
    expect(counter).toBeLessThanOrEqual(quota);
    expect(growth).toBeLessThan(2 * quota);
  }, 120_000);
});
