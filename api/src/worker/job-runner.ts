import { randomBytes } from "node:crypto";
import type { Sql } from "@cm/db";
import { claimJob, completeJob, failJob, heartbeatJob, type JobRow } from "@cm/db/queries/jobs";
import { enqueueDueSchedules, registerSchedules } from "@cm/db/queries/scheduled-jobs";
import type { JobDefinition } from "../jobs/job-definition";
import { PermanentJobError } from "../jobs/job-definition";
import { checkJobPayload, InvalidJobPayloadError } from "../jobs/job-kind";
import type { Logger } from "../logger";

export interface JobRunnerOptions {
  sql: Sql;
  logger: Logger;
  /** The registry: every kind this worker runs, with its payload schema and handler. */
  jobs: readonly JobDefinition[];
  /** Called when a job has failed for good (retries exhausted, permanent error, invalid payload). */
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

/** A service that said when to come back (retry-after) is not asked again sooner; at most an hour is honoured. */
function requestedDelay(error: unknown): number {
  const asked = (error as { retryAfterMs?: unknown } | null)?.retryAfterMs;
  return typeof asked === "number" && Number.isFinite(asked) ? Math.min(Math.max(0, asked), 60 * 60 * 1000) : 0;
}

const isPermanent = (error: unknown) => error instanceof PermanentJobError || error instanceof InvalidJobPayloadError;

/**
 * A Postgres-backed worker: at-least-once, retries with exponential backoff, leases renewed by
 * heartbeats so a long transcription is never taken over while alive, and a crashed worker's
 * jobs picked up again once their lease runs out. Each payload is checked against its kind's schema before its
 * handler runs; scheduled kinds are enqueued once per interval across every worker sharing the database.
 */
export function startJobRunner(options: JobRunnerOptions): JobRunner {
  const workerId = `${process.pid}-${randomBytes(4).toString("hex")}`;
  const concurrency = options.concurrency ?? 2;
  const leaseMs = options.leaseMs ?? 60_000;
  const pollMs = options.pollMs ?? 1000;
  const backoffBaseMs = options.backoffBaseMs ?? 5000;
  const registry = new Map(options.jobs.map((definition) => [definition.kind.name, definition]));
  const schedules = options.jobs.flatMap(({ kind }) =>
    kind.everyMs === undefined ? [] : [{ kind: kind.name, everyMs: kind.everyMs }],
  );
  const controller = new AbortController();
  const running = new Set<Promise<void>>();
  let stopped = false;
  let wakeUp: (() => void) | undefined;
  let schedulesRegistered = false;
  let nextScheduleCheck = 0;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function handle(job: JobRow, heartbeat: () => Promise<void>) {
    const definition = registry.get(job.kind);
    if (!definition) throw new PermanentJobError(`No handler for job kind ${job.kind}.`);
    const payload = checkJobPayload(definition.kind, job.payload);
    await definition.handle(payload, { job, signal: controller.signal, heartbeat });
  }

  async function reportFinalFailure(job: JobRow, reason: string) {
    await registry.get(job.kind)?.onFinalFailure?.(job, reason);
    await options.onFinalFailure?.(job, reason);
  }

  async function runJob(job: JobRow) {
    const heartbeat = async () => {
      await heartbeatJob(options.sql, { id: job.id, workerId, leaseMs });
    };
    const timer = setInterval(() => void heartbeat().catch(() => {}), Math.max(1000, leaseMs / 3));
    try {
      await handle(job, heartbeat);
      await completeJob(options.sql, job.id, workerId);
    } catch (error) {
      const reason = (error as Error).message || String(error);
      const final = isPermanent(error) || job.attempts >= job.maxAttempts || stopped;
      if (stopped && !isPermanent(error)) {
        // Shutting down mid-job: hand it back untouched for the next start.
        await failJob(options.sql, { id: job.id, workerId, error: reason, final: false, delayMs: 0 }).catch(() => {});
        return;
      }
      options.logger.warn("job failed", { jobId: job.id, kind: job.kind, attempt: job.attempts, final, reason });
      await failJob(options.sql, {
        id: job.id,
        workerId,
        error: reason,
        final,
        delayMs: Math.max(backoffDelay(job.attempts, backoffBaseMs), requestedDelay(error)),
      });
      if (final) await reportFinalFailure(job, reason);
    } finally {
      clearInterval(timer);
    }
  }

  /** Enqueues the scheduled kinds that are due, looking at most once a poll interval (and at most once a second). */
  async function enqueueDueWork() {
    if (schedules.length === 0 || Date.now() < nextScheduleCheck) return;
    nextScheduleCheck = Date.now() + Math.min(pollMs, 1000);
    try {
      if (!schedulesRegistered) {
        await registerSchedules(options.sql, schedules);
        schedulesRegistered = true;
      }
      await enqueueDueSchedules(
        options.sql,
        schedules.map((s) => s.kind),
      );
    } catch (error) {
      options.logger.warn("scheduled jobs could not be enqueued", { error: (error as Error).message });
    }
  }

  const loop = (async () => {
    while (!stopped) {
      if (running.size >= concurrency) {
        await Promise.race(running);
        continue;
      }
      await enqueueDueWork();
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
