import type { TransactionSql } from "postgres";
import type { Sql } from "../client";

// What the account's unfinished resumable uploads hold of its storage (migration 033): each counts the greatest of
// its declared length, its bytes received and what its current request reserved. An upload whose complete file is
// being admitted (an upload_reservations row names its file) counts there instead, and the file being admitted now
// (`exceptKey`) is the request itself.

/** A SQL expression: the bytes held by the user's unfinished uploads. */
export function openUploadBytes(sql: Sql | TransactionSql, userId: number, exceptKey: string | null = null) {
  return sql`(select coalesce(sum(greatest(u.upload_offset, coalesce(u.upload_length, 0), u.reserved_bytes)), 0)::float8
    from resumable_uploads u
    where u.user_id = ${userId} and u.meeting_id is null and u.failure_status is null
      and (u.storage_key is null or (u.storage_key <> ${exceptKey ?? ""} and not exists (
        select 1 from upload_reservations r where r.user_id = u.user_id and r.storage_key = u.storage_key))))`;
}
