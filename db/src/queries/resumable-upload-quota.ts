// Unfinished resumable uploads count against their account's storage (migration 033), under the same per-account lock
// as every admission (upload-quotas.ts), so uploads created or sent at once, in any processes, count each other.
import type { Sql } from "../client";
import { countOpenUploads, type NewResumableUpload } from "./resumable-uploads";
import { type AccountUsage, countUsage, lockAccount, type QuotaLimits } from "./upload-quotas";

export type CountedInsert =
  | { created: true }
  | { created: false; reason: "too_many" }
  | { created: false; reason: "storage"; usage: AccountUsage };

/**
 * Records a new upload, reserving its declared length (a deferred one reserves nothing yet), unless the account
 * already has `maxOpen` unfinished uploads or the length does not fit in the storage left.
 */
export async function insertCountedUpload(
  sql: Sql,
  upload: NewResumableUpload,
  { maxOpen, limits }: { maxOpen: number; limits: QuotaLimits },
): Promise<CountedInsert> {
  return sql.begin(async (tx) => {
    await lockAccount(tx, upload.userId);
    if ((await countOpenUploads(tx as unknown as Sql, upload.userId)) >= maxOpen) {
      return { created: false, reason: "too_many" } as const;
    }
    const bytes = upload.uploadLength ?? 0;
    const { usage } = await countUsage(tx, upload.userId, limits);
    if (usage.storage.left !== null && bytes > usage.storage.left) {
      return { created: false, reason: "storage", usage } as const;
    }
    await tx`insert into resumable_uploads (id, user_id, upload_length, reserved_bytes, filename, filetype,
        meeting_data, partial_folder)
      values (${upload.id}, ${upload.userId}, ${upload.uploadLength}, ${bytes}, ${upload.filename},
        ${upload.filetype}, ${upload.meetingData}, ${upload.partialFolder})`;
    return { created: true } as const;
  }) as Promise<CountedInsert>;
}

export type BytesReservation = { granted: number } | { granted: undefined; usage: AccountUsage | undefined };

/**
 * Lets an unfinished upload hold up to `wanted` bytes (at least `needed`, else it is refused with the account's
 * usage): its count grows to what fits in the storage left. `usage` is undefined when the upload is gone or ended.
 */
export async function reserveUploadBytes(
  sql: Sql,
  request: { userId: number; id: string; needed: number; wanted: number; limits: QuotaLimits },
): Promise<BytesReservation> {
  return sql.begin(async (tx) => {
    await lockAccount(tx, request.userId);
    const [row] = await tx<{ held: number; reserved: number }[]>`
      select greatest(upload_offset, coalesce(upload_length, 0), reserved_bytes)::float8 as held,
        reserved_bytes::float8 as reserved
      from resumable_uploads
      where id = ${request.id} and user_id = ${request.userId} and meeting_id is null and failure_status is null`;
    if (!row) return { granted: undefined, usage: undefined };
    const { usage } = await countUsage(tx, request.userId, request.limits);
    const room = usage.storage.left === null ? Number.POSITIVE_INFINITY : row.held + usage.storage.left;
    if (request.needed > room) return { granted: undefined, usage };
    const granted = Math.max(request.needed, Math.min(request.wanted, room));
    if (granted > row.reserved) {
      await tx`update resumable_uploads set reserved_bytes = ${granted} where id = ${request.id}`;
    }
    return { granted };
  }) as Promise<BytesReservation>;
}
