// A job whose own step kills its worker every time (the OOM killer, a native crash) is not taken over without end.
// The finding: takeovers of an expired lease keep the attempt (a hand-back is no failure), so such a job was taken
// over forever, killing one worker after another, with other accounts' jobs on them. Now every run that ends with its
// worker dead counts a crash; jobs that were running when a worker died never share a worker again, so the crash is
// the killer's own; at MAX_WORKER_CRASHES the job fails for good with a reason its meeting shows, and Retry works.
import { afterAll, afterEach, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Sql } from "@cm/db";
import { enqueueJob, MAX_WORKER_CRASHES } from "@cm/db/queries/jobs";
import { requeueFailedMeeting } from "@cm/db/queries/meeting-retry";
import { describeCrashLimit } from "./crash-limit-message";
import { setUpJobQueueDatabase, testJob } from "./job-queue-test-database";

const queue = setUpJobQueueDatabase();
const PROCESS_SCRIPT = join(import.meta.dir, "poison-job.test-process.ts");
const dataDir = mkdtempSync(join(tmpdir(), "cm-poison-job-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const workers: Bun.Subprocess[] = [];
afterEach(async () => {
  for (const worker of workers.splice(0)) {
    worker.kill("SIGKILL");
    await worker.exited;
  }
});

let accounts = 0;
/** An account with one client and one meeting Processing; answers both ids. */
async function createAccountWithMeeting(sql: Sql) {
  const name = `poison-${Date.now()}-${++accounts}`;
  const [user] = await sql<{ id: number }[]>`insert into users (username, password) values (${name}, 'x') returning id`;
  const [client] = await sql<{ id: number }[]>`
    insert into clients (user_id, name, type) values (${user!.id}, 'Harbour Trust', 'Trust') returning id`;
  const [meeting] = await sql<{ id: number }[]>`
    insert into meetings (user_id, client_id, title, date, status)
    values (${user!.id}, ${client!.id}, 'Quarterly review', now(), 'Processing') returning id`;
  return { userId: Number(user!.id), meetingId: Number(meeting!.id) };
}

interface JobState {
  status: string;
  attempts: number;
  crashes: number;
  lastError: string | null;
  updatedAt: Date;
}
const jobState = async (sql: Sql, id: number) =>
  (
    await sql<JobState[]>`select status, attempts, crashes, last_error as "lastError", updated_at as "updatedAt"
      from jobs where id = ${id}`
  )[0]!;

/** Starts a worker process; answers how it ended ("SIGKILL" when its step killed it), or "settled" when `done`. */
async function runWorkerUntil(done: () => Promise<boolean>): Promise<string> {
  const worker = Bun.spawn([process.execPath, PROCESS_SCRIPT], {
    cwd: import.meta.dir,
    env: { ...process.env, POISON_TEST_DATABASE: JSON.stringify(queue.db.address), POISON_TEST_DATA_DIR: dataDir },
    stdout: "inherit",
    stderr: "inherit",
  });
  workers.push(worker);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (worker.signalCode !== null) return String(worker.signalCode);
    if (worker.exitCode !== null) return `exit ${worker.exitCode}`;
    if (await done()) return "settled";
    await Bun.sleep(50);
  }
  throw new Error("the worker process neither died nor settled the jobs in time");
}

test("a job whose step kills its worker every time fails for good after the maximum; another account's job is done", async () => {
  const { sql } = queue.db;
  const victim = await createAccountWithMeeting(sql);
  const bystander = await createAccountWithMeeting(sql);
  const poison = await enqueueJob(sql, testJob({ kind: "poison", meetingId: victim.meetingId }));
  const steady = await enqueueJob(sql, testJob({ kind: "steady", meetingId: bystander.meetingId }));
  const settled = async () =>
    (await jobState(sql, poison)).status === "failed" && (await jobState(sql, steady)).status === "done";

  const endings: string[] = [];
  for (let i = 0; i < MAX_WORKER_CRASHES + 3 && !(await settled()); i++) endings.push(await runWorkerUntil(settled));

  // Each of the poison job's runs killed its worker; the last worker, with nothing to take over, did not die.
  expect(endings).toEqual([...Array.from({ length: MAX_WORKER_CRASHES }, () => "SIGKILL"), "settled"]);
  const reason = describeCrashLimit(MAX_WORKER_CRASHES);
  const ended = await jobState(sql, poison);
  expect({ ...ended, updatedAt: undefined }).toEqual({
    status: "failed",
    attempts: 1,
    crashes: MAX_WORKER_CRASHES,
    lastError: reason,
    updatedAt: undefined,
  });
  // The other account's job, on the first worker when it died, was done before the poison job was given up.
  const done = await jobState(sql, steady);
  expect(done.attempts).toBe(1);
  expect(done.updatedAt.getTime()).toBeLessThanOrEqual(ended.updatedAt.getTime());
  const [meeting] = await sql<{ status: string; failureReason: string | null }[]>`
    select status, failure_reason as "failureReason" from meetings where id = ${victim.meetingId}`;
  expect(meeting).toEqual({ status: "Failed", failureReason: reason });
  // The last worker, settled, still polls the queue: stopped first, or it may claim the Retry's job before it is read.
  for (const worker of workers) worker.kill();
  await Promise.all(workers.map((worker) => worker.exited));
  // The advisor's Retry queues the meeting again, its crashes not carried over.
  const retried = testJob({ kind: "poison", meetingId: victim.meetingId });
  expect(await requeueFailedMeeting(sql, { userId: victim.userId, meetingId: victim.meetingId, job: retried })).toBe(
    "queued",
  );
  const [again] = await sql<{ crashes: number }[]>`
    select crashes from jobs where meeting_id = ${victim.meetingId} and status = 'queued'`;
  expect(again?.crashes).toBe(0);
}, 240_000);
