// Attempts count failures only. A job handed back (its worker died and its lease ran out, its thread was ended for
// another job's sake, the process restarted) keeps the attempt it had, and no run of takeovers lifts it past the
// maximum. The finding: each hand-back counted, 1 → 11 against a maximum of 5, so one transient error then failed the
// job for good.
import { expect, test } from "bun:test";
import { claimJob, enqueueJob, requeueOrphanedJobs } from "@cm/db/queries/jobs";
import { createMemoryLogger } from "../logger";
import { setUpJobQueueDatabase, testJob } from "./job-queue-test-database";
import { superviseWorkerThread } from "./supervise-worker-thread";

const queue = setUpJobQueueDatabase();

const attemptsOf = async (id: number) =>
  (await queue.db.sql<{ attempts: number }[]>`select attempts from jobs where id = ${id}`)[0]?.attempts;

/** Ends the job's lease at once, as a worker that died without a word leaves it. */
const expireLease = (id: number) =>
  queue.db.sql`update jobs set locked_until = now() - interval '1 second' where id = ${id}`;

test("ten takeovers of a job whose workers died leave its one attempt as it was", async () => {
  const { sql } = queue.db;
  const id = await enqueueJob(sql, testJob({ kind: "work", maxAttempts: 5 }));
  expect((await claimJob(sql, "worker-0", 60_000))?.attempts).toBe(1);
  const seen: number[] = [];
  for (let i = 1; i <= 10; i++) {
    await expireLease(id);
    const claimed = await claimJob(sql, `worker-${i}`, 60_000);
    expect(claimed?.id).toBe(id);
    seen.push(claimed!.attempts);
  }
  expect(seen).toEqual(Array.from({ length: 10 }, () => 1));
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
  expect((await claimJob(sql, "next-process", 60_000))?.attempts).toBe(1);
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
  const rows = await sql<{ id: number; status: string; attempts: number }[]>`
    select id, status, attempts from jobs order by id`;
  expect(rows.map((row) => ({ ...row, id: Number(row.id) }))).toEqual([
    { id: overdue, status: "failed", attempts: 1 },
    { id: bystander, status: "queued", attempts: 0 },
  ]);
  expect((await claimJob(sql, "next-thread", 60_000))?.attempts).toBe(1);
});
