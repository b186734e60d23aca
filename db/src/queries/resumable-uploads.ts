import type { Sql } from "../client";

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

/**
 * A check of a complete file renews its claim every few seconds (finish-upload.ts): a claim not renewed this long was
 * left by a process that stopped, and another may take over.
 */
export const CHECK_CLAIM_SECONDS = 30;

/**
 * Claims the check of a complete upload for the process named `owner` ("host/web-2"); false when another one is
 * checking it.
 */
export async function claimUploadCheck(sql: Sql, id: string, owner: string): Promise<boolean> {
  const rows = await sql`update resumable_uploads set checking_since = now(), checking_by = ${owner}
    where id = ${id} and meeting_id is null and failure_status is null
      and (checking_since is null or checking_since < now() - make_interval(secs => ${CHECK_CLAIM_SECONDS}))
    returning id`;
  return rows.length === 1;
}

/** The check goes on: its claim is kept for another CHECK_CLAIM_SECONDS. */
export async function renewUploadCheck(sql: Sql, id: string, owner: string): Promise<void> {
  await sql`update resumable_uploads set checking_since = now()
    where id = ${id} and checking_by = ${owner} and checking_since is not null`;
}

export async function releaseUploadCheck(sql: Sql, id: string): Promise<void> {
  await sql`update resumable_uploads set checking_since = null, checking_by = null where id = ${id}`;
}

/**
 * At the start of a process of a supervised group: the checks its previous life (the same name on the same host) was
 * running when it stopped are over; their uploads can be finished again at once. Returns how many were freed.
 */
export async function releaseUploadChecksOf(sql: Sql, owner: string): Promise<number> {
  const rows = await sql`update resumable_uploads set checking_since = null, checking_by = null
    where checking_by = ${owner} and checking_since is not null returning id`;
  return rows.length;
}

/** The complete file now lives in storage under `key`. */
export async function recordUploadStorageKey(sql: Sql, id: string, key: string): Promise<void> {
  await sql`update resumable_uploads set storage_key = ${key}, updated_at = now() where id = ${id}`;
}

/** Written in the meeting's transaction: the upload is finished and became this meeting. */
export async function markUploadFinished(sql: Sql, id: string, meetingId: number): Promise<void> {
  await sql`update resumable_uploads set meeting_id = ${meetingId}, checking_since = null, checking_by = null,
    updated_at = now()
    where id = ${id}`;
}

/** The complete file was refused: the answer is kept, the file is gone. */
export async function markUploadFailed(sql: Sql, id: string, failure: { status: number; message: string }) {
  await sql`update resumable_uploads set failure_status = ${failure.status}, failure_message = ${failure.message},
    storage_key = null, checking_since = null, checking_by = null, updated_at = now()
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
 * Unfinished uploads without progress since `before` (complete ones, moved into storage and waiting for room in the
 * account's queue or allowance, since `completeBefore`), and no request appending to them or check running: their rows
 * go, and their ids and stored files are returned for removal.
 * Finished or refused uploads are kept longer (`keepAnswersBefore`), so a browser sending one again gets its answer.
 */
export async function deleteAbandonedUploads(
  sql: Sql,
  {
    before,
    recordingBefore,
    completeBefore,
    keepAnswersBefore,
  }: { before: Date; recordingBefore: Date; completeBefore: Date; keepAnswersBefore: Date },
): Promise<{ id: string; storageKey: string | null }[]> {
  // A browser recording's sent part exists only here (the device lets go of what the server acknowledged), so an
  // unfinished recording waits longer for its device to come back (meeting_data was checked as JSON at creation).
  return sql<{ id: string; storageKey: string | null }[]>`delete from resumable_uploads
    where (meeting_id is null and failure_status is null
        and updated_at < (case
          when storage_key is not null then ${completeBefore}
          when meeting_data::jsonb ->> 'source' = 'recording' then ${recordingBefore}
          else ${before} end)::timestamptz
        and (writer is null or writer_until < now())
        and (checking_since is null or checking_since < now() - make_interval(secs => ${CHECK_CLAIM_SECONDS})))
      or updated_at < ${keepAnswersBefore}
    returning id, case when meeting_id is null then storage_key end as "storageKey"`;
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
  // What a cut-off request had reserved past its bytes is handed back with it (migration 033).
  await sql`update resumable_uploads set writer = null, writer_until = null, writer_wanted = false,
      reserved_bytes = upload_offset
    where writer is not null or writer_wanted`;
  const rows = await sql`update resumable_uploads set checking_since = null, checking_by = null
    where checking_since is not null returning id`;
  return rows.length;
}
