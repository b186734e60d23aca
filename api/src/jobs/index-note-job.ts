import type { WorkerContext } from "../context";
import { INDEX_NOTE } from "./intelligence-job-kinds";
import { defineJob } from "./job-definition";
import { chargeTextWork } from "./text-work-allowance";

/** Re-index a saved note (@cm/ai/intelligence): its passages replace the note's old ones, an empty note leaves none. */
export function indexNoteJob(ctx: WorkerContext) {
  return defineJob({
    kind: INDEX_NOTE,
    handle: async ({ meetingId }, { signal }) => {
      await chargeTextWork(ctx, meetingId, "note");
      await ctx.indexer.indexNote(meetingId, signal);
    },
    async onFinalFailure(job, reason) {
      ctx.logger.warn("note indexing failed for good", { meetingId: job.meetingId, reason });
    },
  });
}
