import { randomBytes } from "node:crypto";
import type { Sql } from "@cm/db";
import { claimJob, completeJob, failJob, heartbeatJob, type JobRow } from "@cm/db/queries/jobs";
import type { Logger } from "../logger";

/** Thrown by a handler when retrying cannot help (bad input, missing file). */
export class PermanentJobError extends Error {}

export interface JobContext {
  job: JobRow;
  signal: AbortSignal;
  /** Extends the lease now; also done on a timer while the handler runs. */
  heartbeat(): Promise<void>;
}

export type JobHandler = (ctx: JobContext) => Promise<void>;

export interface JobRunnerOptions {
  sql: Sql;
  logger: Logger;
  handlers: Record<string, JobHandler>;
  /** Called when a job has failed for good (retries exhausted or permanent error). */
  onFinalFailure?: (job: JobRow, reason: string) => Promise<void>;
  concurrency?: number;
  /** A job whose worker stops heartbeating for this long is taken over by another worker. */
  leaseMs?: number;
  pollMs?: number;
  backoffBaseMs?: number;
}

export interface JobRunner {
  workerId: string;
  /** Look for work now instead of at the next poll. */
  wake(): void;
  /** Stops claiming, waits for running jobs to finish. */
  stop(): Promise<void>;
}

export function backoffDelay(attempt: number, baseMs: number): number {
  const exp = baseMs * 2 ** Math.max(0, attempt - 1);
  return Math.min(exp, 10 * 60 * 1000) * (0.8 + Math.random() * 0.4);
}

/**
 * A Postgres-backed worker: at-least-once, retries with exponential backoff, leases renewed by
 * heartbeats so a long transcription is never taken over while alive, and a crashed worker's
 * jobs picked up again once their lease runs out.
 */
export function startJobRunner(options: JobRunnerOptions): JobRunner {
  const workerId = `${process.pid}-${randomBytes(4).toString("hex")}`;
  const concurrency = options.concurrency ?? 2;
  const leaseMs = options.leaseMs ?? 60_000;
  const pollMs = options.pollMs ?? 1000;
  const backoffBaseMs = options.backoffBaseMs ?? 5000;
  const controller = new AbortController();
  const running = new Set<Promise<void>>();
  let stopped = false;
  let wakeUp: (() => void) | undefined;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function runJob(job: JobRow) {
    const heartbeat = async () => {
      await heartbeatJob(options.sql, job.id, workerId, leaseMs);
    };
    const timer = setInterval(() => void heartbeat().catch(() => {}), Math.max(1000, leaseMs / 3));
    const handler = options.handlers[job.kind];
    try {
      if (!handler) throw new PermanentJobError(`no handler for job kind ${job.kind}`);
      await handler({ job, signal: controller.signal, heartbeat });
      await completeJob(options.sql, job.id, workerId);
    } catch (error) {
      const reason = (error as Error).message || String(error);
      const final = error instanceof PermanentJobError || job.attempts >= job.maxAttempts || stopped;
      if (stopped && !(error instanceof PermanentJobError)) {
        // Shutting down mid-job: hand it back untouched for the next start.
        await failJob(options.sql, job.id, workerId, reason, { final: false, delayMs: 0 }).catch(() => {});
        return;
      }
      options.logger.warn("job failed", { jobId: job.id, kind: job.kind, attempt: job.attempts, final, reason });
      await failJob(options.sql, job.id, workerId, reason, {
        final,
        delayMs: backoffDelay(job.attempts, backoffBaseMs),
      });
      if (final) await options.onFinalFailure?.(job, reason);
    } finally {
      clearInterval(timer);
    }
  }

  const loop = (async () => {
    while (!stopped) {
      if (running.size >= concurrency) {
        await Promise.race(running);
        continue;
      }
      let job: JobRow | undefined;
      try {
        job = await claimJob(options.sql, workerId, leaseMs);
      } catch (error) {
        options.logger.warn("job claim failed", { error: (error as Error).message });
      }
      if (!job) {
        await sleep(pollMs);
        continue;
      }
      const work = runJob(job).catch((error) => options.logger.error("job runner error", { error: String(error) }));
      running.add(work);
      void work.finally(() => running.delete(work));
    }
  })();

  return {
    workerId,
    wake: () => wakeUp?.(),
    async stop() {
      stopped = true;
      wakeUp?.();
      controller.abort();
      await loop;
      await Promise.allSettled([...running]);
    },
  };
}
