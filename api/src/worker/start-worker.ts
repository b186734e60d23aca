import { clearFileDeletion, listPendingFileDeletions } from "@cm/db/queries/file-deletions";
import type { AppContext } from "../context";
import { PROCESS_MEETING_JOB } from "../modules/meetings/meetings-service";
import { REINDEX_MEETING_JOB, reindexMeetingHandler, scheduleReembedding } from "../search/reembed";
import { type JobRunner, startJobRunner } from "./job-runner";
import { markMeetingFailed, processMeetingHandler } from "./process-meeting";

export interface WorkerOptions {
  concurrency?: number;
  leaseMs?: number;
  pollMs?: number;
  backoffBaseMs?: number;
}

/** Removes stored files whose meeting is gone but whose removal failed at the time. */
export async function sweepFileDeletions(ctx: AppContext): Promise<number> {
  let removed = 0;
  for (const key of await listPendingFileDeletions(ctx.db.sql)) {
    try {
      await ctx.storage.remove(key);
      await clearFileDeletion(ctx.db.sql, key);
      removed++;
    } catch (error) {
      ctx.logger.warn("file sweep failed", { key, error: (error as Error).message });
    }
  }
  return removed;
}

/**
 * The meeting-processing worker plus the periodic file sweep. Its poll and backoff come from configuration
 * (JOB_POLL_MS, JOB_BACKOFF_BASE_MS); requests that queue work wake it through `ctx.jobs`.
 */
export function startWorker(ctx: AppContext, options: WorkerOptions = {}): JobRunner {
  const { pollMs, backoffBaseMs } = ctx.config.jobs;
  const runner = startJobRunner({
    sql: ctx.db.sql,
    logger: ctx.logger,
    handlers: {
      [PROCESS_MEETING_JOB]: processMeetingHandler(ctx),
      [REINDEX_MEETING_JOB]: reindexMeetingHandler(ctx),
    },
    onFinalFailure: async (job, reason) => {
      // A failed re-embedding leaves the meeting as it was (still found by full-text search).
      if (job.kind === PROCESS_MEETING_JOB && job.meetingId) await markMeetingFailed(ctx, job.meetingId, reason);
      else ctx.logger.warn("job failed for good", { kind: job.kind, meetingId: job.meetingId, reason });
    },
    ...(pollMs === undefined ? {} : { pollMs }),
    ...(backoffBaseMs === undefined ? {} : { backoffBaseMs }),
    ...options,
  });
  const unsubscribe = ctx.jobs.subscribe(runner.wake);
  const sweep = () => void sweepFileDeletions(ctx).catch(() => {});
  sweep();
  void scheduleReembedding(ctx)
    .then((queued) => queued > 0 && runner.wake())
    .catch((error) => ctx.logger.warn("re-embedding could not be scheduled", { error: (error as Error).message }));
  const timer = setInterval(sweep, 5 * 60 * 1000);
  return {
    workerId: runner.workerId,
    wake: runner.wake,
    async stop() {
      clearInterval(timer);
      unsubscribe();
      await runner.stop();
    },
  };
}
