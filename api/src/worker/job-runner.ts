import { randomBytes } from "node:crypto";
import type { Sql } from "@cm/db";
import {
  chargeAccountService,
  claimJob,
  completeJob,
  failJob,
  failJobsPastCrashLimit,
  handBackJob,
  type JobRow,
  lessServedAccountWaiting,
  MAX_WORKER_CRASHES,
  postponeJob,
  saveJobProgress,
  stepAside,
} from "@cm/db/queries/jobs";
import { enqueueDueSchedules, registerSchedules } from "@cm/db/queries/scheduled-jobs";
import type { JobDefinition, JobRun } from "../jobs/job-definition";
import {
  JobCancelledError,
  JobPostponed,
  JobSteppedAside,
  PermanentJobError,
  StepTimeLimitError,
} from "../jobs/job-definition";
import { checkedJob, checkJobPayload, InvalidJobPayloadError } from "../jobs/job-kind";
import type { Logger } from "../logger";
import { describeCrashLimit } from "./crash-limit-message";
import { type JobLeases, startLeaseKeeper } from "./lease-keeper";
import { describeStepLimit } from "./step-limit-message";

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
  /** Set when something outside this runner keeps the leases under this worker's name (a worker thread's server). */
  workerId?: string;
  /** Who keeps the leases of running jobs; default: a timer in this thread (./lease-keeper.ts). */
  leases?: JobLeases;
  /** Every job's time limit until a step sets its own (default 10 minutes). */
  defaultLimitMs?: number;
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
  const workerId = options.workerId ?? `${process.pid}-${randomBytes(4).toString("hex")}`;
  const concurrency = options.concurrency ?? 2;
  const leaseMs = options.leaseMs ?? 60_000;
  const defaultLimitMs = options.defaultLimitMs ?? 600_000;
  const leases = options.leases ?? startLeaseKeeper({ sql: options.sql, workerId, leaseMs, logger: options.logger });
  const pollMs = options.pollMs ?? 1000;
  const backoffBaseMs = options.backoffBaseMs ?? 5000;
  const registry = new Map(options.jobs.map((definition) => [definition.kind.name, definition]));
  const schedules = options.jobs.flatMap(({ kind }) =>
    kind.everyMs === undefined ? [] : [{ kind: kind.name, everyMs: kind.everyMs }],
  );
  // A scheduled run carries an empty payload, checked against its kind like any other job's.
  const scheduledJobs = options.jobs.flatMap(({ kind }) =>
    kind.everyMs === undefined ? [] : [{ ...checkedJob(kind, {}), maxAttempts: kind.maxAttempts ?? 3 }],
  );
  /**
   * Each running job's stop, called by stop(). A set rather than listeners on one runner-wide signal: under load on
   * Bun a job's "abort" listener on that signal was sometimes never called, and stop() waited for ever on the job.
   */
  const jobStops = new Set<() => void>();
  const running = new Set<Promise<void>>();
  let stopped = false;
  let wakeUp: (() => void) | undefined;
  let schedulesRegistered = false;
  let nextScheduleCheck = 0;
  let nextCrashCheck = 0;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function handle(job: JobRow, run: Omit<JobRun, "job">) {
    const definition = registry.get(job.kind);
    if (!definition) throw new PermanentJobError(`No handler for job kind ${job.kind}.`);
    const payload = checkJobPayload(definition.kind, job.payload);
    await definition.handle(payload, { job, ...run });
  }

  async function reportFinalFailure(job: JobRow, reason: string) {
    await registry.get(job.kind)?.onFinalFailure?.(job, reason);
    await options.onFinalFailure?.(job, reason);
  }

  /**
   * The job's own signal: aborted when the runner stops, when its lease keeper finds it gone (its meeting deleted),
   * and when a step passes its time limit. The reason it was aborted with is the error the job ends with.
   */
  function superviseJob(job: JobRow) {
    const jobController = new AbortController();
    const onStop = () => jobController.abort(new Error("The worker is stopping."));
    jobStops.add(onStop);
    // A claim answered after stop() began: the job is stopped at once and handed back.
    if (stopped) onStop();
    let stepTimer: ReturnType<typeof setTimeout> | undefined;
    const limitStep = (label: string, ms: number) => {
      clearTimeout(stepTimer);
      const message = describeStepLimit(label, ms);
      stepTimer = setTimeout(() => jobController.abort(new StepTimeLimitError(message)), ms);
      leases.setDeadline?.(job.id, Date.now() + ms, message);
    };
    leases.watch(job.id, () =>
      jobController.abort(new JobCancelledError("The job was cancelled: it left the queue (its meeting was deleted).")),
    );
    limitStep("Processing", defaultLimitMs);
    return {
      signal: jobController.signal,
      limitStep,
      /** The abort's reason when the job was stopped from outside, else what the handler threw. */
      errorOf(caught: unknown): unknown {
        const reason: unknown = jobController.signal.reason;
        const outside = reason instanceof StepTimeLimitError || reason instanceof JobCancelledError;
        return jobController.signal.aborted && outside ? reason : caught;
      },
      end() {
        clearTimeout(stepTimer);
        leases.unwatch(job.id);
        jobStops.delete(onStop);
      },
    };
  }

  /**
   * Between two bounded steps of a job: its account is charged the time since the last step ended, what the step made
   * is kept, and when every slot of this worker is taken while a less-served account waits, the job makes way
   * (JobSteppedAside) and is resumed later from its progress.
   */
  function checkpointOf(job: JobRow, signal: AbortSignal) {
    let stepStarted = performance.now();
    const charge = async () => {
      const now = performance.now();
      const ms = now - stepStarted;
      stepStarted = now;
      await chargeAccountService(options.sql, job.accountId, ms);
    };
    return {
      charge,
      async checkpoint(progress?: Record<string, unknown>) {
        signal.throwIfAborted();
        await charge();
        if (progress !== undefined) {
          job.progress = progress;
          await saveJobProgress(options.sql, { id: job.id, workerId, progress });
        }
        const slotsFull = running.size >= concurrency;
        if (!stopped && job.accountId > 0 && slotsFull && (await lessServedAccountWaiting(options.sql, job))) {
          throw new JobSteppedAside();
        }
      },
    };
  }

  async function runJob(job: JobRow) {
    const supervised = superviseJob(job);
    const steps = checkpointOf(job, supervised.signal);
    try {
      await handle(job, {
        signal: supervised.signal,
        heartbeat: leases.renewNow,
        limitStep: supervised.limitStep,
        checkpoint: steps.checkpoint,
      });
      await steps.charge().catch(() => {});
      await completeJob(options.sql, job.id, workerId);
    } catch (caught) {
      const error = supervised.errorOf(caught);
      const reason = (error as Error).message || String(error);
      await steps.charge().catch(() => {});
      if (error instanceof JobSteppedAside) {
        await stepAside(options.sql, job.id, workerId);
        options.logger.info("job made way", { jobId: job.id, kind: job.kind, accountId: job.accountId });
        wakeUp?.();
        return;
      }
      if (error instanceof JobCancelledError) {
        options.logger.info("job cancelled", { jobId: job.id, kind: job.kind });
        return;
      }
      if (error instanceof JobPostponed && !stopped) {
        const delayMs = Math.min(backoffBaseMs * 6, 60_000);
        await postponeJob(options.sql, { id: job.id, workerId, error: reason, delayMs });
        options.logger.warn("job postponed", { jobId: job.id, kind: job.kind, reason, delayMs });
        return;
      }
      const final = isPermanent(error) || job.attempts >= job.maxAttempts || stopped;
      if (stopped && !isPermanent(error)) {
        // Shutting down mid-job: hand it back for the next start, its attempt refunded.
        await handBackJob(options.sql, { id: job.id, workerId }).catch(() => {});
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
      supervised.end();
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
      await enqueueDueSchedules(options.sql, scheduledJobs);
    } catch (error) {
      options.logger.warn("scheduled jobs could not be enqueued", { error: (error as Error).message });
    }
  }

  /**
   * Fails the jobs past their crash limit (their workers died with them running, MAX_WORKER_CRASHES times): no claim
   * takes them, so this ends them, with the reason their meetings show. At most once a poll interval (and a second).
   */
  async function failCrashedJobs() {
    if (Date.now() < nextCrashCheck) return;
    nextCrashCheck = Date.now() + Math.min(pollMs, 1000);
    try {
      const ended = await failJobsPastCrashLimit(options.sql, describeCrashLimit(MAX_WORKER_CRASHES));
      for (const job of ended) {
        options.logger.error("job failed for good: its workers died with it running", {
          jobId: job.id,
          kind: job.kind,
          crashes: job.crashes,
        });
        await reportFinalFailure(job, job.lastError ?? "").catch((error) =>
          options.logger.warn("a crashed job's final failure could not be reported", {
            jobId: job.id,
            error: String(error),
          }),
        );
      }
    } catch (error) {
      options.logger.warn("jobs past their crash limit could not be failed", { error: (error as Error).message });
    }
  }

  const loop = (async () => {
    while (!stopped) {
      if (running.size >= concurrency) {
        await Promise.race(running);
        continue;
      }
      await enqueueDueWork();
      await failCrashedJobs();
      let job: JobRow | undefined;
      try {
        // The last free slot is kept for accounts with nothing running: one account never holds every slot.
        job = await claimJob(options.sql, workerId, leaseMs, { allowBusyAccounts: concurrency - running.size >= 2 });
      } catch (error) {
        options.logger.warn("job claim failed", { error: (error as Error).message });
      }
      if (!job) {
        await sleep(pollMs);
        continue;
      }
      if (job.crashes > 0) {
        options.logger.warn("job resumed after its worker died with it running", {
          jobId: job.id,
          kind: job.kind,
          crashes: job.crashes,
        });
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
      for (const stopJob of [...jobStops]) stopJob();
      await loop;
      await Promise.allSettled([...running]);
      if (!options.leases) leases.stop();
    },
  };
}
