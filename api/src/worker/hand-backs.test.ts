// Attempts count failures only. A job handed back (its worker died and its lease ran out, its thread was ended for
// another job's sake, the process restarted) keeps the attempt it had, and no run of takeovers lifts it past the
// maximum. The finding: each hand-back counted, 1 → 11 against a maximum of 5, so one transient error then failed the
// job for good. A run that ended with its worker dead counts a crash instead (never a hand-back for another's sake):
// at MAX_WORKER_CRASHES in a row the job is claimed no more and fails (poison-job.test.ts runs it with real processes).
import { expect, test } from "bun:test";
import {
  claimJob,
  enqueueJob,
  failJobsPastCrashLimit,
  handBackJob,
  MAX_WORKER_CRASHES,
  requeueOrphanedJobs,
  saveJobProgress,
  stepAside,
} from "@cm/db/queries/jobs";
import { createMemoryLogger } from "../logger";
import { setUpJobQueueDatabase, testJob } from "./job-queue-test-database";
import { superviseWorkerThread } from "./supervise-worker-thread";

const queue = setUpJobQueueDatabase();

const attemptsOf = async (id: number) =>
  (await queue.db.sql<{ attempts: number }[]>`select attempts from jobs where id = ${id}`)[0]?.attempts;
const crashesOf = async (id: number) =>
  (await queue.db.sql<{ crashes: number }[]>`select crashes from jobs where id = ${id}`)[0]?.crashes;

/**
 * Ends the job's lease at once, as a worker that died without a word leaves it: a second ago, but after the database
 * started (this file's database is new, and a lease that ran out before it started is no death: the restart test).
 */
const expireLease = (id: number) =>
  queue.db.sql`update jobs set locked_until = greatest(now() - interval '1 second',
    pg_postmaster_start_time() + interval '1 millisecond') where id = ${id}`;

test("ten takeovers of a job whose workers died, each after a saved step, leave its one attempt as it was", async () => {
  const { sql } = queue.db;
  const id = await enqueueJob(sql, testJob({ kind: "work", maxAttempts: 5 }));
  expect((await claimJob(sql, "worker-0", 60_000))?.attempts).toBe(1);
  const seen: number[] = [];
  for (let i = 1; i <= 10; i++) {
    await saveJobProgress(sql, { id, workerId: `worker-${i - 1}`, progress: { step: i } });
    await expireLease(id);
    const claimed = await claimJob(sql, `worker-${i}`, 60_000);
    expect(claimed?.id).toBe(id);
    seen.push(claimed!.attempts);
  }
  expect(seen).toEqual(Array.from({ length: 10 }, () => 1));
  // Each takeover counted the death it followed; each saved step started the count again.
  expect(await crashesOf(id)).toBe(1);
});

test("a job whose workers die in the same step is taken over up to its crash limit, then failed by the sweep", async () => {
  const { sql } = queue.db;
  const id = await enqueueJob(sql, testJob({ kind: "work", maxAttempts: 5 }));
  await claimJob(sql, "worker-0", 60_000);
  const crashes: number[] = [];
  for (let i = 1; i < MAX_WORKER_CRASHES; i++) {
    await expireLease(id);
    const claimed = await claimJob(sql, `worker-${i}`, 60_000);
    expect(claimed?.id).toBe(id);
    crashes.push(claimed!.crashes);
  }
  expect(crashes).toEqual(Array.from({ length: MAX_WORKER_CRASHES - 1 }, (_, i) => i + 1));
  await expireLease(id);
  // The death that reaches the limit: no claim takes the job, the sweep fails it.
  expect(await claimJob(sql, "worker-last", 60_000)).toBeUndefined();
  const ended = await failJobsPastCrashLimit(sql, "Processing stopped unexpectedly.");
  expect(ended.map((job) => [Number(job.id), job.status, job.crashes, job.attempts, job.lastError])).toEqual([
    [id, "failed", MAX_WORKER_CRASHES, 1, "Processing stopped unexpectedly."],
  ]);
  expect(await failJobsPastCrashLimit(sql, "again")).toEqual([]);
});

test("a lease that ran out while the database was down (before it last started) is taken over without a crash", async () => {
  const { sql } = queue.db;
  const id = await enqueueJob(sql, testJob({ kind: "work" }));
  await sql`update jobs set crashes = ${MAX_WORKER_CRASHES - 1} where id = ${id}`;
  for (let i = 0; i < MAX_WORKER_CRASHES; i++) {
    await claimJob(sql, `worker-${i}`, 60_000);
    // The worker could not renew: the database was down longer than the lease, and restarted.
    await sql`update jobs set locked_until = pg_postmaster_start_time() - interval '1 second' where id = ${id}`;
  }
  expect((await claimJob(sql, "worker-after-restart", 60_000))?.id).toBe(id);
  expect(await crashesOf(id)).toBe(MAX_WORKER_CRASHES - 1);
  expect(await attemptsOf(id)).toBe(1);
});

test("hand-backs for another's sake (a stop, making way, another job's limit) count no crash", async () => {
  const { sql } = queue.db;
  const id = await enqueueJob(sql, testJob({ kind: "work" }));
  for (let i = 0; i < MAX_WORKER_CRASHES + 2; i++) {
    await claimJob(sql, `worker-${i}`, 60_000);
    if (i % 2 === 0) await handBackJob(sql, { id, workerId: `worker-${i}` });
    else await stepAside(sql, id, `worker-${i}`);
  }
  expect(await crashesOf(id)).toBe(0);
  expect((await claimJob(sql, "worker-next", 60_000))?.id).toBe(id);
});

test("jobs left running when their worker died never share a worker: the next death is counted to one of them", async () => {
  const { sql } = queue.db;
  const killer = await enqueueJob(sql, testJob({ kind: "work" }));
  const bystander = await enqueueJob(sql, testJob({ kind: "work" }));
  const fresh = await enqueueJob(sql, testJob({ kind: "work" }));
  await claimJob(sql, "dead-worker", 60_000);
  await claimJob(sql, "dead-worker", 60_000);
  await expireLease(killer);
  await expireLease(bystander);
  expect((await claimJob(sql, "next-worker", 60_000))?.id).toBe(killer);
  // The bystander, a suspect too, waits for another worker; a job no worker died with may join the suspect.
  expect((await claimJob(sql, "next-worker", 60_000))?.id).toBe(fresh);
  expect((await claimJob(sql, "other-worker", 60_000))?.id).toBe(bystander);
});

test("a fresh claim never lifts attempts past the job's maximum", async () => {
  const { sql } = queue.db;
  const id = await enqueueJob(sql, testJob({ kind: "work", maxAttempts: 3 }));
  await sql`update jobs set attempts = 3 where id = ${id}`;
  expect((await claimJob(sql, "worker", 60_000))?.attempts).toBe(3);
  expect(await attemptsOf(id)).toBe(3);
});

test("jobs put back at a restart (the embedded database's orphans) keep their attempt", async () => {
  const { sql } = queue.db;
  const id = await enqueueJob(sql, testJob({ kind: "work" }));
  await claimJob(sql, "dead-process", 60_000);
  expect(await requeueOrphanedJobs(sql)).toBe(1);
  expect(await attemptsOf(id)).toBe(0);
  // The process died with the job running: a crash, as a takeover of its lease would count.
  expect(await crashesOf(id)).toBe(1);
  expect((await claimJob(sql, "next-process", 60_000))?.attempts).toBe(1);
});

test("an embedded server killed by the job's step at each start fails it at the crash limit, not at every restart", async () => {
  const { sql } = queue.db;
  const id = await enqueueJob(sql, testJob({ kind: "work" }));
  const claims: (number | undefined)[] = [];
  for (let start = 1; start <= MAX_WORKER_CRASHES; start++) {
    const claimed = await claimJob(sql, `process-${start}`, 60_000);
    claims.push(claimed?.id);
    await requeueOrphanedJobs(sql); // the next start finds it running: the process died with it
  }
  expect(claims).toEqual(Array.from({ length: MAX_WORKER_CRASHES }, () => id));
  expect(await claimJob(sql, "process-last", 60_000)).toBeUndefined();
  const ended = await failJobsPastCrashLimit(sql, "Processing stopped unexpectedly.");
  expect(ended.map((job) => [Number(job.id), job.status, job.crashes, job.attempts])).toEqual([
    [id, "failed", MAX_WORKER_CRASHES, 0],
  ]);
});

test("a thread ended for another job's time limit hands its other jobs back with their attempts", async () => {
  const { sql } = queue.db;
  const workerId = "ended-thread";
  const overdue = await enqueueJob(sql, testJob({ kind: "work" }));
  const bystander = await enqueueJob(sql, testJob({ kind: "work" }));
  await claimJob(sql, workerId, 60_000);
  await claimJob(sql, workerId, 60_000);
  const restarted = Promise.withResolvers<void>();
  const supervisor = superviseWorkerThread({
    sql,
    workerId,
    leaseMs: 60_000,
    logger: createMemoryLogger(),
    notifyLost: () => {},
    terminate: () => {},
    onTerminated: () => restarted.resolve(),
    graceMs: 0,
    everyMs: 50,
  });
  supervisor.handle({ type: "job-started", jobId: overdue });
  supervisor.handle({ type: "job-started", jobId: bystander });
  supervisor.handle({ type: "job-deadline", jobId: overdue, atMs: Date.now() - 1, message: "Summary took too long" });
  await restarted.promise;
  supervisor.stop();
  const rows = await sql<{ id: number; status: string; attempts: number; crashes: number }[]>`
    select id, status, attempts, crashes from jobs order by id`;
  expect(rows.map((row) => ({ ...row, id: Number(row.id) }))).toEqual([
    { id: overdue, status: "failed", attempts: 1, crashes: 0 },
    { id: bystander, status: "queued", attempts: 0, crashes: 0 },
  ]);
  expect((await claimJob(sql, "next-thread", 60_000))?.attempts).toBe(1);
});

/** A Processing meeting of a new account. */
async function processingMeeting(name: string) {
  const { sql } = queue.db;
  const [user] = await sql<{ id: number }[]>`
    insert into users (username, password) values (${`${name}-${Date.now()}`}, 'x') returning id`;
  const [client] = await sql<{ id: number }[]>`
    insert into clients (user_id, name, type) values (${user!.id}, 'Harbour Trust', 'Trust') returning id`;
  const [meeting] = await sql<{ id: number }[]>`
    insert into meetings (user_id, client_id, title, date, status)
    values (${user!.id}, ${client!.id}, 'Quarterly review', now(), 'Processing') returning id`;
  return Number(meeting!.id);
}

test("a job failed for its crashes fails its Processing meeting with the reason, unless the meeting's processing waits", async () => {
  const { sql } = queue.db;
  const alone = await processingMeeting("crashed-alone");
  const waiting = await processingMeeting("crashed-beside-processing");
  const crashed = [
    await enqueueJob(sql, testJob({ kind: "index-note", meetingId: alone })),
    await enqueueJob(sql, testJob({ kind: "index-note", meetingId: waiting })),
  ];
  await enqueueJob(sql, testJob({ kind: "process-meeting", meetingId: waiting }));
  await sql`update jobs set status = 'running', locked_until = pg_postmaster_start_time() + interval '1 millisecond',
    crashes = ${MAX_WORKER_CRASHES - 1} where id in ${sql(crashed)}`;
  expect((await failJobsPastCrashLimit(sql, "Processing stopped unexpectedly.")).length).toBe(2);
  const meetings = await sql<{ id: number; status: string; failureReason: string | null }[]>`
    select id, status, failure_reason as "failureReason" from meetings where id in ${sql([alone, waiting])} order by id`;
  expect(meetings.map((row) => ({ ...row, id: Number(row.id) }))).toEqual([
    { id: alone, status: "Failed", failureReason: "Processing stopped unexpectedly." },
    { id: waiting, status: "Processing", failureReason: null },
  ]);
});
