import type { Sql } from "@cm/db";
import type { Logger } from "../logger";
import type { FileStorage } from "./file-storage";
import { isStorageUnavailable } from "./storage-errors";

/** With a server database other processes may be mid-upload: only files untouched this long are orphans. */
const ORPHAN_UPLOAD_AGE_MS = 60 * 60 * 1000;
/**
 * A bucket may be shared by other processes even beside the embedded database, and AWS dates an object made by a
 * multipart upload from the upload's start: a day, longer than any upload takes.
 */
const BUCKET_ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;

/** How old an unreferenced file must be to be an orphan: any age when this process is alone with its data folder. */
export function orphanUploadAge(storage: FileStorage, alone: boolean): number {
  if (storage.kind === "s3") return BUCKET_ORPHAN_AGE_MS;
  return alone ? 0 : ORPHAN_UPLOAD_AGE_MS;
}

/**
 * The sweep at the embedded database's start (`alone`) and the hourly job of a server database's group. A bucket
 * that cannot be reached does not stop either: the app answers 503 where it needs the bucket, and the next sweep
 * runs again.
 */
export async function sweepOrphanUploadsSafely(
  deps: { sql: Sql; storage: FileStorage; logger: Logger },
  options: { alone: boolean },
): Promise<number> {
  try {
    return await sweepOrphanUploads(deps, orphanUploadAge(deps.storage, options.alone));
  } catch (error) {
    if (!isStorageUnavailable(error)) throw error;
    deps.logger.warn("orphan upload sweep skipped: recording storage unavailable", {
      error: (error as { detail?: string }).detail ?? (error as Error).message,
    });
    return 0;
  }
}

/**
 * Removes stored files that no meeting refers to: uploads cut off by a crash (`kill -9` mid-upload) leave their
 * partial file behind, since the meeting row is written only once the file is complete. A file still being
 * written by another process is younger than `olderThanMs` (every chunk written moves its modification time).
 */
export async function sweepOrphanUploads(
  deps: { sql: Sql; storage: FileStorage; logger: Logger },
  olderThanMs: number,
  now = Date.now(),
): Promise<number> {
  const candidates = (await deps.storage.list()).filter((f) => now - f.modifiedAt.getTime() >= olderThanMs);
  if (candidates.length === 0) return 0;
  const keys = candidates.map((f) => f.key);
  const referenced = await deps.sql<{ key: string }[]>`
    select audio_path as key from meetings where audio_path = any(${keys}::text[])
    union select path as key from file_deletions where path = any(${keys}::text[])
    union select storage_key as key from resumable_uploads where storage_key = any(${keys}::text[])`;
  const keep = new Set(referenced.map((r) => r.key));
  let removed = 0;
  for (const key of keys) {
    if (keep.has(key)) continue;
    await deps.storage.remove(key);
    removed++;
  }
  if (removed > 0) deps.logger.info("orphan uploads removed", { files: removed });
  return removed;
}
