import type { WorkerContext } from "../context";
import { scheduleReembedding } from "../intelligence/schedule-reembedding";
import { createJobRegistry } from "../jobs/job-registry";
import { sweepProcessingTemp } from "../storage/processing-temp";
import { type JobRunner, type JobRunnerOptions, startJobRunner } from "./job-runner";

export type WorkerOptions = Partial<
  Pick<JobRunnerOptions, "concurrency" | "leaseMs" | "pollMs" | "backoffBaseMs" | "workerId" | "leases">
>;

/**
 * The job worker: the registry's kinds (meeting processing, re-indexing, and the periodic sweeps, which run as
 * scheduled jobs once per interval across every process). Its poll and backoff come from configuration
 * (JOB_POLL_MS, JOB_BACKOFF_BASE_MS); requests that queue work wake it through `ctx.jobs`.
 */
export function startWorker(ctx: WorkerContext, options: WorkerOptions = {}): JobRunner {
  const { pollMs, backoffBaseMs } = ctx.config.jobs;
  const runner = startJobRunner({
    sql: ctx.db.sql,
    logger: ctx.logger,
    jobs: createJobRegistry(ctx),
    defaultLimitMs: ctx.config.processing.stepLimits.textMs,
    ...(pollMs === undefined ? {} : { pollMs }),
    ...(backoffBaseMs === undefined ? {} : { backoffBaseMs }),
    ...options,
  });
  const unsubscribe = ctx.jobs.subscribe(runner.wake);
  // Temporary audio left by jobs that ended with a crash; the scheduled sweep repeats this every 10 minutes.
  void sweepProcessingTemp(ctx.db.sql, ctx.config.dataDir).catch((error) =>
    ctx.logger.warn("temporary audio could not be swept", { error: (error as Error).message }),
  );
  void scheduleReembedding(ctx)
    .then((queued) => queued > 0 && runner.wake())
    .catch((error) => ctx.logger.warn("re-embedding could not be scheduled", { error: (error as Error).message }));
  return {
    workerId: runner.workerId,
    wake: runner.wake,
    async stop() {
      unsubscribe();
      await runner.stop();
    },
  };
}
