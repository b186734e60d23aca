import type { Sql } from "@cm/db";
import { deleteAbandonedUploads, listResumableUploadIds } from "@cm/db/queries/resumable-uploads";
import type { Logger } from "../../logger";
import type { PartialFiles } from "./partial-files";

/** An unfinished upload untouched this long is abandoned: its partial file and state go. */
export const ABANDONED_UPLOAD_MS = 24 * 3600 * 1000;
/** How long a finished (or refused) upload's answer is kept for a browser that sends it again. */
export const FINISHED_UPLOAD_KEEP_MS = 30 * 24 * 3600 * 1000;

/**
 * Removes abandoned resumable uploads (rows and partial files), and partial files no row names any more (their
 * account was deleted, or a crash came between writing the file and the row) once they too are a day old.
 */
export async function sweepResumableUploads(
  deps: { sql: Sql; partials: PartialFiles; logger: Logger },
  now = Date.now(),
): Promise<number> {
  const ids = await deleteAbandonedUploads(deps.sql, {
    before: new Date(now - ABANDONED_UPLOAD_MS),
    keepAnswersBefore: new Date(now - FINISHED_UPLOAD_KEEP_MS),
  });
  for (const id of ids) await deps.partials.remove(id);
  const known = await listResumableUploadIds(deps.sql);
  let strays = 0;
  for (const file of await deps.partials.list()) {
    if (known.has(file.id) || now - file.modifiedAt.getTime() < ABANDONED_UPLOAD_MS) continue;
    await deps.partials.remove(file.id);
    strays++;
  }
  const removed = ids.length + strays;
  if (removed > 0) deps.logger.info("abandoned uploads removed", { uploads: ids.length, strayFiles: strays });
  return removed;
}
