import { t } from "elysia";
import type { WorkerContext } from "../context";
import { defineJob } from "./job-definition";
import { defineJobKind } from "./job-kind";
import { resumableIndexing } from "./resumable-indexing";

/** Re-chunk and re-embed a meeting (@cm/ai/intelligence), after the embedding model changed or for the demo account. */
export const REINDEX_MEETING = defineJobKind({
  name: "reindex-meeting",
  payload: t.Object({ meetingId: t.Integer({ minimum: 1 }) }),
  meetingIdOf: (payload) => payload.meetingId,
});

export function reindexMeetingJob(ctx: WorkerContext) {
  return defineJob({
    kind: REINDEX_MEETING,
    // In slices, like a new meeting's indexing: re-embedding a long meeting makes way for other accounts' work.
    handle: async ({ meetingId }, run) => {
      await ctx.indexer.indexMeeting(meetingId, { signal: run.signal, ...resumableIndexing(run) });
    },
    // A failed re-embedding leaves the meeting as it was (still found by full-text search).
    async onFinalFailure(job, reason) {
      ctx.logger.warn("re-indexing failed for good", { meetingId: job.meetingId, reason });
    },
  });
}
