// The periodic sweeps run as scheduled jobs in the job worker (its own thread, as `bun run dev` runs it): a worker
// starting on a database that has never swept runs each sweep at once, and records when the next one is due.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestDatabase, testTarget } from "@cm/db/testing";
import { startTestServer, type TestServer, WITH_WORKER } from "./test-server";

let server: TestServer;
const dataDir = mkdtempSync(join(tmpdir(), "cm-sweeps-"));
const orphan = "0b7f6a52-1d2c-4c8e-9f51-3a6d2e8b9c10.mp3";
/** No row names it: an upload cut off just before the server started. */
const startOrphan = "5b0c1d2e-3f4a-4b5c-8d6e-7f8a9b0c1d2e.mp3";

beforeAll(async () => {
  const database = await createTestDatabase();
  // Left by earlier runs: an expired session, a closed rate-limit window, a file whose removal failed.
  await database.sql`insert into sessions (sid, sess, expire) values ('old', '{"userId": 1}', now() - interval '1 day')`;
  await database.sql`insert into rate_limits (scope, key, window_start, expires_at, count)
    values ('login-ip', 'digest', now() - interval '2 hours', now() - interval '1 hour', 3)`;
  await database.sql`insert into file_deletions (path) values (${orphan})`;
  const [user] = await database.sql<{ id: number }[]>`
    insert into users (username, password) values ('swept-asker', 'x') returning id`;
  await database.sql`insert into question_leases (user_id, expires_at) values (${user!.id}, now() - interval '1 minute')`;
  mkdirSync(join(dataDir, "recordings"), { recursive: true });
  writeFileSync(join(dataDir, "recordings", orphan), "audio");
  writeFileSync(join(dataDir, "recordings", startOrphan), "a recording cut off a moment ago");
  server = await startTestServer({ ...WITH_WORKER, DATA_DIR: dataDir }, { database });
});
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test("the worker runs the session, rate-limit and file sweeps as scheduled jobs, and schedules the next", async () => {
  const sql = server.ctx.db.sql;
  const deadline = Date.now() + 20_000;
  const done = async () =>
    (await sql<{ kind: string }[]>`select kind from jobs where status = 'done' order by kind`).map((r) => r.kind);
  while ((await done()).length < 9 && Date.now() < deadline) await Bun.sleep(50);
  expect(await done()).toEqual([
    "dispose-records",
    "sweep-file-deletions",
    "sweep-orphan-uploads",
    "sweep-processing-temp",
    "sweep-processing-usage",
    "sweep-question-leases",
    "sweep-rate-limits",
    "sweep-resumable-uploads",
    "sweep-sessions",
  ]);
  expect(await sql`select 1 from sessions where sid = 'old'`).toHaveLength(0);
  expect(await sql`select 1 from rate_limits`).toHaveLength(0);
  expect(await sql`select 1 from question_leases`).toHaveLength(0);
  expect(await sql`select 1 from file_deletions`).toHaveLength(0);
  expect(existsSync(join(dataDir, "recordings", orphan))).toBe(false);
  const schedules = await sql<{ kind: string; inMinutes: number }[]>`
    select kind, round(extract(epoch from next_run_at - now()) / 60)::int as "inMinutes"
    from scheduled_jobs order by kind`;
  expect([...schedules]).toEqual([
    // The daily disposal of records past their retention (docs/records.md).
    { kind: "dispose-records", inMinutes: 1440 },
    { kind: "sweep-file-deletions", inMinutes: 5 },
    { kind: "sweep-orphan-uploads", inMinutes: 60 },
    { kind: "sweep-processing-temp", inMinutes: 10 },
    { kind: "sweep-processing-usage", inMinutes: 10 },
    { kind: "sweep-question-leases", inMinutes: 10 },
    { kind: "sweep-rate-limits", inMinutes: 10 },
    { kind: "sweep-resumable-uploads", inMinutes: 10 },
    { kind: "sweep-sessions", inMinutes: 10 },
  ]);
});

test("files left by a process killed mid-upload are swept hourly while the processes keep running", async () => {
  const sql = server.ctx.db.sql;
  const recordings = join(dataDir, "recordings");
  // Left after the start (no start-up sweep sees them): one cut off two hours ago, one being written now.
  const cutOff = "6c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f.mp3";
  const writing = "7d2e3f4a-5b6c-4d7e-9f8a-0b1c2d3e4f5a.mp3";
  writeFileSync(join(recordings, cutOff), "half a recording");
  const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
  utimesSync(join(recordings, cutOff), twoHoursAgo, twoHoursAgo);
  writeFileSync(join(recordings, writing), "a recording arriving");
  const runs = async () =>
    (
      await sql<{ n: number }[]>`select count(*)::int as n from jobs
      where kind = 'sweep-orphan-uploads' and status = 'done'`
    )[0]!.n;
  const before = await runs();
  // The next hour has come.
  await sql`update scheduled_jobs set next_run_at = now() where kind = 'sweep-orphan-uploads'`;
  const deadline = Date.now() + 20_000;
  while ((await runs()) === before && Date.now() < deadline) await Bun.sleep(50);
  expect(await runs()).toBe(before + 1);
  expect(existsSync(join(recordings, cutOff))).toBe(false);
  expect(existsSync(join(recordings, writing))).toBe(true);
});

test("a server start sweeps stored files only on the embedded database, where it is the only process", () => {
  // beforeAll's unreferenced file was written before the start: the embedded start removed it at once; on a server
  // database another process may be writing it, and the hourly sweep leaves it until it is an hour old.
  expect(existsSync(join(dataDir, "recordings", startOrphan))).toBe(testTarget() !== "embedded");
});
