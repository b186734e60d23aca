// Per-account quotas, counted in SQL so they hold across processes: bytes of stored files (meetings.stored_bytes)
// and of the account's rows in the database (account_usage, migration 032), meetings waiting for or in processing,
// and seconds of audio in the last 24 hours (processing_usage). An upload is admitted under a per-account advisory
// lock, holding its bytes and queue place in upload_reservations until its meeting is written (migration 027).
import type { TransactionSql } from "postgres";
import type { Sql } from "../client";
import { openUploadBytes } from "./open-upload-bytes";

/** A quota's limit; undefined: that quota is off. */
export interface QuotaLimits {
  storageBytes: number | undefined;
  secondsPerDay: number | undefined;
  queuedMeetings: number | undefined;
}

export type QuotaName = "storage" | "processing" | "queue";

export interface QuotaUsage {
  used: number;
  /** null: the quota is off. */
  limit: number | null;
  left: number | null;
  /** When some of it frees up by itself: the oldest counted audio leaving the 24-hour window (processing only). */
  freesAt: Date | null;
}

export type AccountUsage = Record<QuotaName, QuotaUsage>;

export type UploadAdmission =
  | { admitted: true; reservationId: number; usageId: number | undefined }
  /** The account has as many meetings as it may (MEETINGS_PER_ACCOUNT): `meetings` counts them. */
  | { admitted: false; quota: "meetings"; usage: AccountUsage; meetings: QuotaUsage }
  | {
      admitted: false;
      quota: QuotaName;
      usage: AccountUsage;
      /** Processing: when enough has left the window for this recording; null when it never fits in one day. */
      fitsAt: Date | null;
    };

export interface UploadRequest {
  userId: number;
  /** The stored file's key, which its meeting will carry as audio_path. */
  storageKey: string;
  bytes: number;
  /** Seconds to charge to the daily allowance (a transcript file's by its size); undefined: none. */
  seconds: number | undefined;
  limits: QuotaLimits;
  /** The most meetings the account may have, when the upload makes a new one (not a planned meeting's). */
  meetingsLimit?: number | undefined;
}

const DAY_MS = 24 * 3600 * 1000;
/** Long past any upload's admission (a few statements): a reservation this old was left by a crashed process. */
const RESERVATION_TTL = "1 hour";

type Tx = TransactionSql;
interface UsageRow {
  seconds: number;
  recordedAt: Date;
}

/** Checks every quota for the upload and, when all hold, reserves its bytes, queue place and seconds. */
export async function admitUpload(sql: Sql, request: UploadRequest): Promise<UploadAdmission> {
  return sql.begin(async (tx) => {
    await lockAccount(tx, request.userId);
    await tx`delete from upload_reservations
      where user_id = ${request.userId} and created_at < now() - ${RESERVATION_TTL}::interval`;
    const { usage, rows } = await countUsage(tx, request.userId, request.limits, request.storageKey);
    const seconds = request.seconds ?? 0;
    const refuse = (quota: QuotaName, fitsAt: Date | null = null): UploadAdmission => ({
      admitted: false,
      quota,
      usage,
      fitsAt,
    });
    if (usage.storage.left !== null && request.bytes > usage.storage.left) return refuse("storage");
    if (usage.queue.left !== null && usage.queue.left < 1) return refuse("queue");
    if (request.meetingsLimit !== undefined) {
      const meetings = quotaUsage(await countMeetingsWithHeld(tx, request.userId), request.meetingsLimit, null);
      if (meetings.left === 0) return { admitted: false, quota: "meetings", usage, meetings };
    }
    const daily = request.limits.secondsPerDay;
    if (daily !== undefined && seconds > 0 && usage.processing.used + seconds > daily) {
      return refuse("processing", whenItFits(rows, usage.processing.used, seconds, daily));
    }
    const [reservation] = await tx<{ id: number }[]>`
      insert into upload_reservations (user_id, storage_key, bytes)
      values (${request.userId}, ${request.storageKey}, ${request.bytes}) returning id`;
    let usageId: number | undefined;
    if (request.seconds !== undefined) {
      const [row] = await tx<{ id: number }[]>`
        insert into processing_usage (user_id, seconds) values (${request.userId}, ${seconds}) returning id`;
      usageId = row!.id;
    }
    return { admitted: true, reservationId: reservation!.id, usageId };
  });
}

/**
 * A meeting put back in the queue (Retry, "Transcribe again"): it takes a queue place like an upload, and a new
 * transcription of its recording (`seconds` > 0) is charged to the daily allowance. Refused like an upload when a
 * quota is met; admitted, the charged usage row's id (to hand back with releaseUpload when the requeue fails).
 */
export async function admitRequeue(
  sql: Sql,
  request: { userId: number; seconds: number; limits: QuotaLimits },
): Promise<UploadAdmission> {
  return sql.begin(async (tx) => {
    await lockAccount(tx, request.userId);
    const { usage, rows } = await countUsage(tx, request.userId, request.limits);
    const refuse = (quota: QuotaName, fitsAt: Date | null = null): UploadAdmission => ({
      admitted: false,
      quota,
      usage,
      fitsAt,
    });
    if (usage.queue.left !== null && usage.queue.left < 1) return refuse("queue");
    const daily = request.limits.secondsPerDay;
    if (daily !== undefined && request.seconds > 0 && usage.processing.used + request.seconds > daily) {
      return refuse("processing", whenItFits(rows, usage.processing.used, request.seconds, daily));
    }
    if (request.seconds <= 0) return { admitted: true, reservationId: 0, usageId: undefined };
    const [row] = await tx<{ id: number }[]>`
      insert into processing_usage (user_id, seconds) values (${request.userId}, ${request.seconds}) returning id`;
    return { admitted: true, reservationId: 0, usageId: row!.id };
  });
}

/** The meeting is written: its file's bytes now count on it, and the reservation goes. */
export async function completeUpload(
  sql: Sql,
  { meetingId, reservationId, bytes }: { meetingId: number; reservationId: number; bytes: number },
): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`update meetings set stored_bytes = ${bytes} where id = ${meetingId}`;
    await tx`delete from upload_reservations where id = ${reservationId}`;
  });
}

/** The upload failed after admission: its bytes, queue place and seconds are handed back. */
export async function releaseUpload(
  sql: Sql,
  { reservationId, usageId }: { reservationId: number; usageId: number | undefined },
): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`delete from upload_reservations where id = ${reservationId}`;
    if (usageId !== undefined) await tx`delete from processing_usage where id = ${usageId}`;
  });
}

/** What the account uses of each quota now (GET /api/usage). */
export async function readAccountUsage(sql: Sql, userId: number, limits: QuotaLimits): Promise<AccountUsage> {
  return (await countUsage(sql, userId, limits)).usage;
}

/** The account's lock: upload admission, resumable uploads' reservations and every write checked against the account's limits take it. */
export async function lockAccount(tx: Tx | Sql, userId: number) {
  await tx`select pg_advisory_xact_lock(hashtext('upload-admission'), ${userId}::int)`;
}

/** The account's meetings, and uploads admitted whose meeting is not written yet (they will be meetings). */
export async function countMeetingsWithHeld(sql: Tx | Sql, userId: number): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select (select count(*)::int from meetings where user_id = ${userId})
      + (select count(*)::int from upload_reservations r
         where r.user_id = ${userId} and r.created_at > now() - ${RESERVATION_TTL}::interval
           and not exists (select 1 from meetings m where m.user_id = r.user_id and m.audio_path = r.storage_key)) as n`;
  return row!.n;
}

/** `admitting`: the stored file being admitted, which its unfinished upload no longer counts (open-upload-bytes.ts). */
export async function countUsage(sql: Sql | Tx, userId: number, limits: QuotaLimits, admitting: string | null = null) {
  // A reservation's bytes count until completeUpload moves them onto its meeting (one transaction); its queue place
  // counts until its meeting is written, which then counts itself. Unfinished resumable uploads count their bytes.
  const [totals] = await sql<{ storedBytes: number; queued: number }[]>`
    with held as (
      select r.bytes, exists (
        select 1 from meetings m where m.user_id = r.user_id and m.audio_path = r.storage_key
      ) as written
      from upload_reservations r
      where r.user_id = ${userId} and r.created_at > now() - ${RESERVATION_TTL}::interval
    )
    select
      (select coalesce(sum(stored_bytes), 0)::float8 from meetings where user_id = ${userId})
        + (select coalesce(sum(bytes), 0)::float8 from held)
        + (select coalesce(greatest(sum(data_bytes), 0), 0)::float8 from account_usage where user_id = ${userId})
        + ${openUploadBytes(sql, userId, admitting)} as "storedBytes",
      (select count(*)::int from meetings where user_id = ${userId} and status in ('Uploaded', 'Processing'))
        + (select count(*)::int from held where not written) as queued`;
  const rows = await sql<UsageRow[]>`
    select seconds, recorded_at as "recordedAt" from processing_usage
    where user_id = ${userId} and recorded_at > now() - interval '1 day'
    order by recorded_at`;
  const seconds = rows.reduce((sum, row) => sum + row.seconds, 0);
  const oldest = rows[0];
  const usage: AccountUsage = {
    storage: quotaUsage(totals!.storedBytes, limits.storageBytes, null),
    processing: quotaUsage(
      seconds,
      limits.secondsPerDay,
      oldest ? new Date(oldest.recordedAt.getTime() + DAY_MS) : null,
    ),
    queue: quotaUsage(totals!.queued, limits.queuedMeetings, null),
  };
  return { usage, rows };
}

function quotaUsage(used: number, limit: number | undefined, freesAt: Date | null): QuotaUsage {
  if (limit === undefined) return { used, limit: null, left: null, freesAt };
  return { used, limit, left: Math.max(0, limit - used), freesAt };
}

/** Walks the window oldest first: the recording fits once the rows before it have aged out. */
function whenItFits(rows: readonly UsageRow[], used: number, seconds: number, limitSeconds: number): Date | null {
  if (seconds > limitSeconds) return null;
  let remaining = used;
  for (const row of rows) {
    remaining -= row.seconds;
    if (remaining + seconds <= limitSeconds) return new Date(row.recordedAt.getTime() + DAY_MS);
  }
  return null;
}
