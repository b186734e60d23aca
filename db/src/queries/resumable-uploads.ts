import type { Sql } from "../client";
import { inTransaction } from "./in-transaction";

/** A tus upload's state (migration 029). Offsets and lengths are bytes; a deferred length is null. */
export interface ResumableUploadRow {
  id: string;
  userId: number;
  uploadLength: number | null;
  uploadOffset: number;
  filename: string;
  filetype: string;
  meetingData: string;
  storageKey: string | null;
  meetingId: number | null;
  failureStatus: number | null;
  failureMessage: string | null;
  /** The data folder its partial file grows in (migration 031); null for uploads made before. */
  partialFolder: string | null;
  updatedAt: Date;
}

const COLUMNS = (sql: Sql) => sql`id, user_id as "userId", upload_length::float8 as "uploadLength",
  upload_offset::float8 as "uploadOffset", filename, filetype, meeting_data as "meetingData",
  storage_key as "storageKey", meeting_id::float8 as "meetingId", failure_status as "failureStatus",
  failure_message as "failureMessage", partial_folder as "partialFolder", updated_at as "updatedAt"`;

export interface NewResumableUpload {
  id: string;
  userId: number;
  uploadLength: number | null;
  filename: string;
  filetype: string;
  meetingData: string;
  partialFolder: string;
}

/**
 * Records a new upload unless the user already has `maxOpen` unfinished ones: false then, and nothing is written.
 * The count and the insert run under the user's row lock, so uploads created at once, in any processes, count each
 * other.
 */
export async function insertResumableUpload(sql: Sql, upload: NewResumableUpload, maxOpen: number): Promise<boolean> {
  return inTransaction(sql, async (tx) => {
    await tx`select id from users where id = ${upload.userId} for no key update`;
    if ((await countOpenUploads(tx, upload.userId)) >= maxOpen) return false;
    await tx`insert into resumable_uploads (id, user_id, upload_length, filename, filetype, meeting_data,
        partial_folder)
      values (${upload.id}, ${upload.userId}, ${upload.uploadLength}, ${upload.filename}, ${upload.filetype},
        ${upload.meetingData}, ${upload.partialFolder})`;
    return true;
  });
}

/** The user's upload; undefined for an unknown id or another user's. */
export async function findResumableUpload(
  sql: Sql,
  userId: number,
  id: string,
): Promise<ResumableUploadRow | undefined> {
  const [row] = await sql<ResumableUploadRow[]>`select ${COLUMNS(sql)} from resumable_uploads
    where id = ${id} and user_id = ${userId}`;
  return row;
}

/** How long a check of a complete file may hold its claim before another process may take over. */
const CHECK_CLAIM_SECONDS = 5 * 60;

/** Claims the check of a complete upload for this process; false when another one is checking it. */
export async function claimUploadCheck(sql: Sql, id: string): Promise<boolean> {
  const rows = await sql`update resumable_uploads set checking_since = now()
    where id = ${id} and meeting_id is null and failure_status is null
      and (checking_since is null or checking_since < now() - make_interval(secs => ${CHECK_CLAIM_SECONDS}))
    returning id`;
  return rows.length === 1;
}

export async function releaseUploadCheck(sql: Sql, id: string): Promise<void> {
  await sql`update resumable_uploads set checking_since = null where id = ${id}`;
}

/** The complete file now lives in storage under `key`. */
export async function recordUploadStorageKey(sql: Sql, id: string, key: string): Promise<void> {
  await sql`update resumable_uploads set storage_key = ${key}, updated_at = now() where id = ${id}`;
}

/** Written in the meeting's transaction: the upload is finished and became this meeting. */
export async function markUploadFinished(sql: Sql, id: string, meetingId: number): Promise<void> {
  await sql`update resumable_uploads set meeting_id = ${meetingId}, checking_since = null, updated_at = now()
    where id = ${id}`;
}

/** The complete file was refused: the answer is kept, the file is gone. */
export async function markUploadFailed(sql: Sql, id: string, failure: { status: number; message: string }) {
  await sql`update resumable_uploads set failure_status = ${failure.status}, failure_message = ${failure.message},
    storage_key = null, checking_since = null, updated_at = now()
    where id = ${id}`;
}

export async function deleteResumableUpload(sql: Sql, userId: number, id: string): Promise<boolean> {
  const rows = await sql`delete from resumable_uploads where id = ${id} and user_id = ${userId} returning id`;
  return rows.length === 1;
}

/** The meeting an earlier attempt wrote for this stored file, if it got that far. */
export async function findMeetingByAudioPath(sql: Sql, userId: number, key: string): Promise<number | undefined> {
  const [row] = await sql<{ id: number }[]>`select id::float8 as id from meetings
    where user_id = ${userId} and audio_path = ${key}`;
  return row?.id;
}

/**
 * Unfinished uploads untouched since `before`: their rows go, and the ids are returned so their partial files can.
 * Finished or refused uploads are kept longer (`keepAnswersBefore`), so a browser sending one again gets its answer.
 */
export async function deleteAbandonedUploads(
  sql: Sql,
  { before, keepAnswersBefore }: { before: Date; keepAnswersBefore: Date },
): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`delete from resumable_uploads
    where (meeting_id is null and failure_status is null and updated_at < ${before})
      or updated_at < ${keepAnswersBefore}
    returning id`;
  return rows.map((r) => r.id);
}

/** Every upload id still known, for the sweep of partial files whose row is gone. */
export async function listResumableUploadIds(sql: Sql): Promise<Set<string>> {
  const rows = await sql<{ id: string }[]>`select id from resumable_uploads`;
  return new Set(rows.map((r) => r.id));
}

/** The user's uploads not finished yet (each may hold up to 500 MB on disk). */
export async function countOpenUploads(sql: Sql, userId: number): Promise<number> {
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from resumable_uploads
    where user_id = ${userId} and meeting_id is null and failure_status is null`;
  return row?.n ?? 0;
}

/**
 * At the start of the only process (the embedded database): no check of a complete upload is running any more, and
 * no request is appending to one (migration 031). Returns how many checks were released.
 */
export async function releaseAllUploadChecks(sql: Sql): Promise<number> {
  await sql`update resumable_uploads set writer = null, writer_until = null, writer_wanted = false
    where writer is not null or writer_wanted`;
  const rows = await sql`update resumable_uploads set checking_since = null where checking_since is not null
    returning id`;
  return rows.length;
}
