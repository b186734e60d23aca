import type { WorkerContext } from "../context";
import { queueJobOnce } from "../jobs/queue-job";
import { REINDEX_MEETING } from "../jobs/reindex-meeting-job";

/**
 * After the embedding model changes, every meeting whose chunks another model embedded is queued for re-indexing
 * (@cm/ai/intelligence lists them). Two workers starting at once may queue a meeting twice; re-indexing replaces its
 * chunks, so that is harmless.
 */
export async function scheduleReembedding(ctx: WorkerContext): Promise<number> {
  const stale = await ctx.indexer.meetingsToReembed();
  let queued = 0;
  for (const meetingId of stale) {
    if (await queueJobOnce(ctx.db.sql, REINDEX_MEETING, { meetingId })) queued++;
  }
  if (queued > 0) {
    ctx.logger.info("re-embedding queued", { meetings: queued, model: ctx.ai.embedder.model });
  }
  return queued;
}
