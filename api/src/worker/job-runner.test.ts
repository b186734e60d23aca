// The durable queue itself: several workers share it without running a job twice, heartbeats keep a long job
// from being taken over, a dead worker's job is taken over when its lease runs out, failures back off and end.
import { expect, test } from "bun:test";
import { claimJob, enqueueJob } from "@cm/db/queries/jobs";
import { t } from "elysia";
import { defineJob, type JobRun, PermanentJobError } from "../jobs/job-definition";
import { defineJobKind } from "../jobs/job-kind";
import { createMemoryLogger } from "../logger";
import { setUpJobQueueDatabase, testJob } from "./job-queue-test-database";
import { startJobRunner } from "./job-runner";

type JobHandler = (run: JobRun) => Promise<void>;

const queue = setUpJobQueueDatabase();
const runners = queue.runners;

/** Kinds of these tests take any object payload; the payload schemas have tests of their own below. */
function start(handlers: Record<string, JobHandler>, options: Partial<Parameters<typeof startJobRunner>[0]> = {}) {
  const jobs = Object.entries(handlers).map(([name, handler]) =>
    defineJob({ kind: defineJobKind({ name, payload: t.Object({}) }), handle: (_payload, run) => handler(run) }),
  );
  const runner = startJobRunner({ sql: queue.db.sql, logger: createMemoryLogger(), jobs, pollMs: 20, ...options });
  runners.push(runner);
  return runner;
}

async function until(check: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await Bun.sleep(25);
  }
}

const statuses = async () =>
  (await queue.db.sql<{ status: string }[]>`select status from jobs order by id`).map((r) => r.status);
const allDone = async () => (await statuses()).every((s) => s === "done");

test("three workers share 30 jobs: each job runs once, all end done", async () => {
  for (let i = 0; i < 30; i++) await enqueueJob(queue.db.sql, testJob({ kind: "count", payload: { i } }));
  const runs = new Map<number, string[]>();
  for (let w = 0; w < 3; w++) {
    const runner = start(
      {
        count: async ({ job }) => {
          runs.set(job.id, [...(runs.get(job.id) ?? []), runner.workerId]);
          await Bun.sleep(5 + Math.random() * 20);
        },
      },
      { concurrency: 2 },
    );
  }
  await until(allDone);
  expect(runs.size).toBe(30);
  for (const workers of runs.values()) expect(workers).toHaveLength(1);
  expect(new Set([...runs.values()].flat()).size).toBeGreaterThan(1); // the work was shared
});

test("a long job whose worker heartbeats is never taken over, though it outlives its lease many times", async () => {
  await enqueueJob(queue.db.sql, testJob({ kind: "long" }));
  const starts: string[] = [];
  const handler: JobHandler = async ({ job }) => {
    starts.push(String(job.id));
    await Bun.sleep(4500); // three leases of 1.5 s
  };
  start({ long: handler }, { leaseMs: 1500 });
  await until(async () => starts.length === 1);
  start({ long: handler }, { leaseMs: 1500 }); // a second worker polling every 20 ms
  await until(allDone, 20_000);
  expect(starts).toHaveLength(1);
});

// A hand-back is no failure: each takeover used to count one more attempt (seen going 1 → 11 against a maximum of 5),
// so the next real, transient error failed the job for good.
test("a job whose worker died is taken over when its lease runs out, with the attempt it had", async () => {
  const id = await enqueueJob(queue.db.sql, testJob({ kind: "work", maxAttempts: 3 }));
  // A worker claims it with a 200 ms lease and then dies: no heartbeat, no completion.
  const claimed = await claimJob(queue.db.sql, "dead-worker", 200);
  expect(claimed?.id).toBe(id);
  const seen: number[] = [];
  start({ work: async ({ job }) => void seen.push(job.attempts) });
  await until(allDone);
  expect(seen).toEqual([1]);
  const [row] = await queue.db.sql<{ lockedBy: string }[]>`select locked_by as "lockedBy" from jobs where id = ${id}`;
  expect(row!.lockedBy).not.toBe("dead-worker");
});

test("a failing job is retried after a backoff, then succeeds", async () => {
  await enqueueJob(queue.db.sql, testJob({ kind: "flaky" }));
  const at: number[] = [];
  start(
    {
      flaky: async () => {
        at.push(Date.now());
        if (at.length < 3) throw new Error("speech service answered 503");
      },
    },
    { backoffBaseMs: 200 },
  );
  await until(allDone);
  expect(at).toHaveLength(3);
  // 200 ms then 400 ms, each within ±20 % jitter.
  expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(150);
  expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(310);
});

test("a failure that says when to come back (a rate limit's retry-after) is not retried sooner", async () => {
  await enqueueJob(queue.db.sql, testJob({ kind: "rate-limited" }));
  const at: number[] = [];
  start(
    {
      "rate-limited": async () => {
        at.push(Date.now());
        if (at.length === 1) throw Object.assign(new Error("rate limited"), { retryAfterMs: 600 });
      },
    },
    { backoffBaseMs: 20 },
  );
  await until(allDone);
  expect(at).toHaveLength(2);
  expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(550);
});

test("retries exhausted or a permanent error end the job failed, with its reason, and report it once", async () => {
  const always = await enqueueJob(queue.db.sql, testJob({ kind: "broken", maxAttempts: 2 }));
  const permanent = await enqueueJob(queue.db.sql, testJob({ kind: "bad-input" }));
  const finals: [number, string][] = [];
  start(
    {
      broken: async () => {
        throw new Error("chat service returned malformed output");
      },
      "bad-input": async () => {
        throw new PermanentJobError("the stored file is missing");
      },
    },
    { backoffBaseMs: 20, onFinalFailure: async (job, reason) => void finals.push([job.id, reason]) },
  );
  await until(async () => (await statuses()).every((s) => s === "failed"));
  const rows = await queue.db.sql<{ id: number; attempts: number; lastError: string }[]>`
    select id, attempts, last_error as "lastError" from jobs order by id`;
  expect([...rows]).toEqual([
    { id: always, attempts: 2, lastError: "chat service returned malformed output" },
    { id: permanent, attempts: 1, lastError: "the stored file is missing" },
  ]);
  expect(finals.sort()).toEqual(
    [
      [always, "chat service returned malformed output"] as [number, string],
      [permanent, "the stored file is missing"] as [number, string],
    ].sort(),
  );
});

test("stopping mid-job hands the job back to the queue at once, for the next start", async () => {
  const id = await enqueueJob(queue.db.sql, testJob({ kind: "slow" }));
  let started = false;
  const runner = start({
    slow: async ({ signal }) => {
      started = true;
      await new Promise((_, reject) => {
        // A signal aborted before this line would never fire its event: the job would wait for ever.
        if (signal.aborted) reject(new Error(`aborted before the handler listened: ${String(signal.reason)}`));
        signal.addEventListener("abort", () => reject(new Error("aborted")));
      });
    },
  });
  await until(async () => started);
  await runner.stop();
  const [row] = await queue.db.sql<{ status: string; lockedBy: string | null; attempts: number }[]>`
    select status, locked_by as "lockedBy", attempts from jobs where id = ${id}`;
  // Its attempt refunded: the next start's claim is its first again.
  expect(row).toEqual({ status: "queued", lockedBy: null, attempts: 0 });
});
