import { t } from "elysia";
import type { WorkerContext } from "../context";
import { defineJob } from "./job-definition";
import { defineJobKind } from "./job-kind";
import { resumableIndexing } from "./resumable-indexing";
import { chargeTextWork } from "./text-work-allowance";

/**
 * Re-chunk and re-embed a meeting (@cm/ai/intelligence), after the embedding model changed, for the demo account, or
 * at the account's request (a speaker renamed: `charged`, its text is charged to the account's daily allowance).
 */
export const REINDEX_MEETING = defineJobKind({
  name: "reindex-meeting",
  payload: t.Object({ meetingId: t.Integer({ minimum: 1 }), charged: t.Optional(t.Boolean()) }),
  meetingIdOf: (payload) => payload.meetingId,
});

export function reindexMeetingJob(ctx: WorkerContext) {
  return defineJob({
    kind: REINDEX_MEETING,
    // In slices, like a new meeting's indexing: re-embedding a long meeting makes way for other accounts' work.
    handle: async ({ meetingId, charged }, run) => {
      // Charged once, when the job starts; a job resuming after it made way for another account is not charged again.
      if (charged && Object.keys(run.job.progress ?? {}).length === 0) await chargeTextWork(ctx, meetingId, "meeting");
      await ctx.indexer.indexMeeting(meetingId, { signal: run.signal, ...resumableIndexing(run) });
    },
    // A failed re-embedding leaves the meeting as it was (still found by full-text search).
    async onFinalFailure(job, reason) {
      ctx.logger.warn("re-indexing failed for good", { meetingId: job.meetingId, reason });
    },
  });
}
