// Deleting a meeting cancels its job cooperatively: the job stops at its next batch boundary (a long sentence-encoder
// run too), and the worker thread, with every other account's job and child process, goes on untouched. The finding:
// each delete during indexing made the stuck-thread watchdog end the worker thread about 10 s later, killing another
// account's pocketsphinx step and putting its job back with one more attempt counted (1 → 11 against 5).
import { afterAll, afterEach, beforeAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Database, Sql } from "@cm/db";
import { enqueueJob } from "@cm/db/queries/jobs";
import { deleteMeeting, removeMeetingRowsInBatches } from "@cm/db/queries/meetings";
import { createTestDatabase } from "@cm/db/testing";
import { loadConfig } from "../config";
import { createJobSignal } from "../jobs/job-signal";
import { createMemoryLogger } from "../logger";
import { testJob } from "./job-queue-test-database";
import { startWorkerThread, type WorkerThread } from "./start-worker-thread";

/** Short, so a watchdog set off by the delete would end the thread well within the wait below. */
const GRACE_MS = 300;

let db: Database;
let dataDir: string;
const threads: WorkerThread[] = [];
beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), "cm-cancel-during-work-"));
});
afterEach(async () => {
  await Promise.all(threads.splice(0).map((thread) => thread.stop()));
  await db.sql`delete from jobs`;
});
afterAll(async () => {
  await db?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function startThread() {
  const script = new URL("./cancel-thread.test-worker.ts", import.meta.url).href;
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir });
  const logger = createMemoryLogger();
  const thread = await startWorkerThread(config, db, logger, createJobSignal(), { script, graceMs: GRACE_MS });
  threads.push(thread);
  return { thread, logger };
}

let accounts = 0;
/** An account with a Processing meeting: its ids. */
async function accountWithMeeting(sql: Sql) {
  const [user] = await sql<{ id: number }[]>`
    insert into users (username, password) values (${`cancel-${Date.now()}-${++accounts}`}, 'x') returning id`;
  const [client] = await sql<{ id: number }[]>`
    insert into clients (user_id, name, type) values (${user!.id}, 'Harbour Trust', 'Trust') returning id`;
  const [meeting] = await sql<{ id: number }[]>`
    insert into meetings (user_id, client_id, title, date, status)
    values (${user!.id}, ${client!.id}, 'Quarterly review', now(), 'Processing') returning id`;
  return { userId: Number(user!.id), meetingId: Number(meeting!.id) };
}

async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(50);
  }
}

interface JobState {
  status: string;
  attempts: number;
  lockedBy: string | null;
  progress: Record<string, unknown>;
}
const jobState = async (id: number) =>
  (await db.sql<JobState[]>`select status, attempts, locked_by as "lockedBy", progress from jobs where id = ${id}`)[0];

/** The process's `/proc` state letter (R, S, Z, …), or "gone". */
function processState(pid: number): string {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return "gone";
  try {
    return readFileSync(stat, "utf8").split(") ")[1]?.[0] ?? "gone";
  } catch {
    return "gone";
  }
}

test("deleting a meeting while its job runs leaves the worker thread, another account's step and its attempts alone", async () => {
  const { thread, logger } = await startThread();
  const workerId = thread.workerId;
  const other = await accountWithMeeting(db.sql);
  const otherJob = await enqueueJob(db.sql, testJob({ kind: "child", meetingId: other.meetingId }));
  await until(async () => typeof (await jobState(otherJob))?.progress.pid === "number", "the other job's child");
  const childPid = (await jobState(otherJob))!.progress.pid as number;
  const deleted = await accountWithMeeting(db.sql);
  const deletedJob = await enqueueJob(db.sql, testJob({ kind: "wait", meetingId: deleted.meetingId }));
  await until(async () => (await jobState(deletedJob))?.status === "running", "the job to delete to run");

  expect((await deleteMeeting(db.sql, deleted.userId, deleted.meetingId)).deleted).toBe(true);
  await until(
    () => logger.lines.some((line) => line.msg === "job cancelled" && line.jobId === deletedJob),
    "the deleted meeting's job to stop",
  );
  // Long past the grace a watchdog set off by the delete would give the thread (and its once-a-second check).
  await Bun.sleep(GRACE_MS + 3000);

  // One comparison, so a failure shows everything the delete disturbed.
  const { status, attempts, lockedBy } = (await jobState(otherJob))!;
  expect({
    errors: logger.lines.filter((line) => line.level === "error").map((line) => line.msg),
    sameThread: thread.workerId === workerId,
    otherJob: { status, attempts, sameWorker: lockedBy === workerId },
    otherChild: processState(childPid),
  }).toEqual({
    errors: [],
    sameThread: true,
    otherJob: { status: "running", attempts: 1, sameWorker: true },
    otherChild: "S",
  });
}, 120_000);

test("a long sentence-encoder run notices its meeting's delete between two batches", async () => {
  const { thread, logger } = await startThread();
  const workerId = thread.workerId;
  const deleted = await accountWithMeeting(db.sql);
  // Thousands of sentences: a hundred model calls, seconds of work that must not run to their end once cancelled.
  const job = await enqueueJob(
    db.sql,
    testJob({ kind: "encode", meetingId: deleted.meetingId, payload: { texts: 4000 } }),
  );
  await until(async () => (await jobState(job))?.progress.encoding === true, "the encoding to start");

  expect((await deleteMeeting(db.sql, deleted.userId, deleted.meetingId)).deleted).toBe(true);
  // A run that went on to its end would finish without noticing: only a cancel seen between batches logs this.
  await until(() => logger.lines.some((line) => line.msg === "job cancelled" && line.jobId === job), "the cancel");
  expect(logger.lines.filter((line) => line.level === "error").map((line) => line.msg)).toEqual([]);
  expect(thread.workerId).toBe(workerId);
}, 120_000);

test("a delete stops its meeting's job before it removes the meeting's rows, and the attempt is kept", async () => {
  const { logger } = await startThread();
  const deleted = await accountWithMeeting(db.sql);
  const job = await enqueueJob(db.sql, testJob({ kind: "wait", meetingId: deleted.meetingId }));
  await until(async () => (await jobState(job))?.status === "running", "the job to run");
  // The delete's first half: the meeting and its job row are still there, and the job no longer runs.
  await removeMeetingRowsInBatches(db.sql, deleted.userId, deleted.meetingId);
  await until(() => logger.lines.some((line) => line.msg === "job cancelled" && line.jobId === job), "the cancel");
  const [held] = await db.sql<{ status: string; attempts: number; later: boolean }[]>`
    select status, attempts, run_at > now() + interval '50 minutes' as later from jobs where id = ${job}`;
  expect(held).toEqual({ status: "queued", attempts: 0, later: true });
  expect((await deleteMeeting(db.sql, deleted.userId, deleted.meetingId)).deleted).toBe(true);
  expect(await jobState(job)).toBeUndefined();
}, 120_000);
