import { listMeetingsWithStaleEmbeddings } from "@cm/db/queries/chunks";
import { enqueueMeetingJobOnce } from "@cm/db/queries/jobs";
import type { AppContext } from "../context";
import type { JobHandler } from "../worker/job-runner";

export const REINDEX_MEETING_JOB = "reindex-meeting";

/**
 * After the embedding model changes (local <-> OpenAI, or a new OpenAI model), every meeting whose chunks
 * were embedded by another model is queued for re-indexing. Until its job has run, vector search skips those
 * chunks (their vectors are not comparable) while full-text search still finds them.
 * Two workers starting at once may queue a meeting twice; re-indexing replaces its chunks, so that is harmless.
 */
export async function scheduleReembedding(ctx: AppContext): Promise<number> {
  const stale = await listMeetingsWithStaleEmbeddings(ctx.db.sql, ctx.ai.embedder.model);
  let queued = 0;
  for (const meetingId of stale) {
    if (await enqueueMeetingJobOnce(ctx.db.sql, REINDEX_MEETING_JOB, meetingId)) queued++;
  }
  if (queued > 0) {
    ctx.logger.info("re-embedding queued", { meetings: queued, model: ctx.ai.embedder.model });
  }
  return queued;
}

export function reindexMeetingHandler(ctx: AppContext): JobHandler {
  return async ({ job }) => {
    const meetingId = Number(job.payload.meetingId ?? job.meetingId);
    if (Number.isFinite(meetingId)) await ctx.indexer.indexMeeting(meetingId);
  };
}
