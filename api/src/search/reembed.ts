import { listMeetingsWithStaleEmbeddings } from "@cm/db/queries/chunks";
import type { WorkerContext } from "../context";
import { queueJobOnce } from "../jobs/queue-job";
import { REINDEX_MEETING } from "../jobs/reindex-meeting-job";

/**
 * After the embedding model changes (local <-> OpenAI, or a new OpenAI model), every meeting whose chunks
 * were embedded by another model is queued for re-indexing. Until its job has run, vector search skips those
 * chunks (their vectors are not comparable) while full-text search still finds them.
 * Two workers starting at once may queue a meeting twice; re-indexing replaces its chunks, so that is harmless.
 */
export async function scheduleReembedding(ctx: WorkerContext): Promise<number> {
  const stale = await listMeetingsWithStaleEmbeddings(ctx.db.sql, ctx.ai.embedder.model);
  let queued = 0;
  for (const meetingId of stale) {
    if (await queueJobOnce(ctx.db.sql, REINDEX_MEETING, { meetingId })) queued++;
  }
  if (queued > 0) {
    ctx.logger.info("re-embedding queued", { meetings: queued, model: ctx.ai.embedder.model });
  }
  return queued;
}
