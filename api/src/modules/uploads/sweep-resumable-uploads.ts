import type { Sql } from "@cm/db";
import { deleteAbandonedUploads, listResumableUploadIds } from "@cm/db/queries/resumable-uploads";
import type { Logger } from "../../logger";
import type { FileStorage } from "../../storage/file-storage";
import type { PartialFiles } from "./partial-files";

/**
 * An unfinished upload without progress this long is abandoned: its partial file and state go (the default of
 * UNFINISHED_UPLOAD_IDLE_MINUTES; its bytes count against the account's storage until then).
 */
export const ABANDONED_UPLOAD_MS = 60 * 60 * 1000;
/**
 * An unfinished browser recording without progress this long is abandoned (the default of
 * UNFINISHED_RECORDING_IDLE_HOURS). Its device keeps only what the server has not acknowledged, so sweeping it loses
 * the part already sent: it waits for a device offline over a weekend, counted against the account's storage.
 */
export const ABANDONED_RECORDING_MS = 72 * 3600 * 1000;
/**
 * A complete browser recording waiting for room in its account's queue or daily allowance is kept this long (the
 * allowance frees within a day), counted against the account's storage meanwhile.
 */
export const WAITING_RECORDING_KEEP_MS = 24 * 3600 * 1000;
/** How long a finished (or refused) upload's answer is kept for a browser that sends it again. */
export const FINISHED_UPLOAD_KEEP_MS = 30 * 24 * 3600 * 1000;

/**
 * Removes abandoned resumable uploads (rows, partial files, and a complete file moved into storage but never made a
 * meeting), and partial files no row names any more (their account was deleted, or a crash came between writing the
 * file and the row) once they too have been idle as long. Uploads with a request appending or a check running stay.
 */
export async function sweepResumableUploads(
  deps: {
    sql: Sql;
    partials: PartialFiles;
    logger: Logger;
    storage?: FileStorage;
    idleMs?: number;
    recordingIdleMs?: number;
  },
  now = Date.now(),
): Promise<number> {
  const idleMs = deps.idleMs ?? ABANDONED_UPLOAD_MS;
  const recordingIdleMs = Math.max(idleMs, deps.recordingIdleMs ?? ABANDONED_RECORDING_MS);
  const swept = await deleteAbandonedUploads(deps.sql, {
    before: new Date(now - idleMs),
    recordingBefore: new Date(now - recordingIdleMs),
    completeBefore: new Date(now - Math.max(idleMs, WAITING_RECORDING_KEEP_MS)),
    keepAnswersBefore: new Date(now - FINISHED_UPLOAD_KEEP_MS),
  });
  const ids = swept.map((upload) => upload.id);
  for (const upload of swept) {
    await deps.partials.remove(upload.id);
    if (upload.storageKey) await deps.storage?.remove(upload.storageKey).catch(() => {});
  }
  const known = await listResumableUploadIds(deps.sql);
  let strays = 0;
  for (const file of await deps.partials.list()) {
    // A file no row names belongs to no upload any more: the shorter idle time is enough.
    if (known.has(file.id) || now - file.modifiedAt.getTime() < idleMs) continue;
    await deps.partials.remove(file.id);
    strays++;
  }
  const removed = ids.length + strays;
  if (removed > 0) deps.logger.info("abandoned uploads removed", { uploads: ids.length, strayFiles: strays });
  return removed;
}
