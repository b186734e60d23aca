import type { AppContext } from "../context";
import { INDEX_NOTE, NOTE_INDEX_DELAY_MS } from "../jobs/intelligence-job-kinds";
import { queueJobDebounced } from "../jobs/queue-job";

/** A note was saved: its indexing job runs once typing settles; saves meanwhile push it back (one job, not one each). */
export async function queueNoteIndexing(ctx: AppContext, meetingId: number): Promise<void> {
  await queueJobDebounced(ctx.db.sql, INDEX_NOTE, { meetingId }, NOTE_INDEX_DELAY_MS);
  ctx.jobs.wake();
}
