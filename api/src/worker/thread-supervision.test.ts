// The worker thread's jobs are watched from the main thread: a step that blocks the worker thread with CPU work
// keeps its lease, and a thread stuck past a step's time limit is terminated, its job failed with the reason (the
// meeting shows Failed), and a new thread takes the next jobs.
import { afterAll, afterEach, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Database } from "@cm/db";
import { claimJob, enqueueJob } from "@cm/db/queries/jobs";
import { createTestDatabase } from "@cm/db/testing";
import { loadConfig } from "../config";
import { createJobSignal } from "../jobs/job-signal";
import { createMemoryLogger } from "../logger";
import { testJob } from "./job-queue-test-database";
import { startWorkerThread, type WorkerThread } from "./start-worker-thread";

let db: Database;
let dataDir: string;
const threads: WorkerThread[] = [];
beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), "cm-thread-supervision-"));
});
afterEach(async () => {
  await Promise.all(threads.splice(0).map((thread) => thread.stop()));
  await db.sql`delete from jobs`;
});
afterAll(async () => {
  await db?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function startThread(options: { leaseMs: number; graceMs: number }) {
  const script = new URL("./stuck-thread.test-worker.ts", import.meta.url).href;
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir });
  const thread = await startWorkerThread(config, db, createMemoryLogger(), createJobSignal(), { script, ...options });
  threads.push(thread);
  return thread;
}

async function until(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await Bun.sleep(50);
  }
}

const statusOf = async (id: number) =>
  (await db.sql<{ status: string }[]>`select status from jobs where id = ${id}`)[0]?.status;

test("a step that blocks the worker thread for three leases keeps its job: no other worker takes it", async () => {
  await startThread({ leaseMs: 1000, graceMs: 10_000 });
  const id = await enqueueJob(db.sql, testJob({ kind: "block", payload: { ms: 3500, limitMs: 60_000 } }));
  await until(async () => (await statusOf(id)) === "running");
  const takenOver: number[] = [];
  while ((await statusOf(id)) === "running") {
    const claimed = await claimJob(db.sql, "another-worker", 60_000);
    if (claimed) takenOver.push(claimed.id);
    await Bun.sleep(100);
  }
  expect(takenOver).toEqual([]);
  expect(await statusOf(id)).toBe("done");
});

test("a thread stuck past a step's time limit is terminated: the job fails with the reason, the meeting shows it, the next job runs", async () => {
  const [user] = await db.sql<{ id: number }[]>`
    insert into users (username, password) values (${`stuck${Date.now()}`}, 'x') returning id`;
  const [client] = await db.sql<{ id: number }[]>`
    insert into clients (user_id, name, type) values (${user!.id}, 'Marsh Family', 'Family') returning id`;
  const [meeting] = await db.sql<{ id: number }[]>`
    insert into meetings (user_id, client_id, title, date, status)
    values (${user!.id}, ${client!.id}, 'Annual review', now(), 'Processing') returning id`;
  await startThread({ leaseMs: 60_000, graceMs: 500 });
  const stuck = await enqueueJob(
    db.sql,
    testJob({
      kind: "block",
      payload: { ms: 120_000, limitMs: 500 },
      meetingId: meeting!.id,
    }),
  );
  await until(async () => (await statusOf(stuck)) === "failed");
  const [job] = await db.sql<{ lastError: string }[]>`select last_error as "lastError" from jobs where id = ${stuck}`;
  expect(job!.lastError).toBe("Summary took longer than 1 second and was stopped. Retry to try again.");
  const [row] = await db.sql<{ status: string; reason: string }[]>`
    select status, failure_reason as reason from meetings where id = ${meeting!.id}`;
  expect(row).toEqual({ status: "Failed", reason: job!.lastError });
  const next = await enqueueJob(db.sql, testJob({ kind: "quick" }));
  await until(async () => (await statusOf(next)) === "done");
});
