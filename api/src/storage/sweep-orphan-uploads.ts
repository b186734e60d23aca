import type { Sql } from "@cm/db";
import type { Logger } from "../logger";
import type { FileStorage } from "./file-storage";

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
