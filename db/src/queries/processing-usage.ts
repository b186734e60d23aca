import type { Sql } from "../client";

export type UsageReservation =
  | { reserved: true; id: number }
  | {
      reserved: false;
      /** Seconds of audio counted in the last 24 hours. */
      usedSeconds: number;
      /** When enough of that leaves the window for this recording to fit; null when it never fits in one day. */
      fitsAt: Date | null;
    };

const DAY_MS = 24 * 3600 * 1000;

/**
 * Counts `seconds` of audio against the account's rolling 24-hour allowance, unless that would pass `limitSeconds`.
 * Check and insert run under a per-account advisory lock, so parallel uploads cannot all slip under the limit.
 */
export async function reserveProcessingSeconds(
  sql: Sql,
  { userId, seconds, limitSeconds }: { userId: number; seconds: number; limitSeconds: number },
): Promise<UsageReservation> {
  return sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext('processing-usage'), ${userId}::int)`;
    const rows = await tx<{ seconds: number; recordedAt: Date }[]>`
      select seconds, recorded_at as "recordedAt" from processing_usage
      where user_id = ${userId} and recorded_at > now() - interval '1 day'
      order by recorded_at`;
    const used = rows.reduce((sum, row) => sum + row.seconds, 0);
    if (used + seconds <= limitSeconds) {
      const [row] = await tx<{ id: number }[]>`
        insert into processing_usage (user_id, seconds) values (${userId}, ${seconds}) returning id`;
      return { reserved: true, id: row!.id };
    }
    return { reserved: false, usedSeconds: used, fitsAt: whenItFits(rows, used, seconds, limitSeconds) };
  });
}

/** Walks the window oldest first: the recording fits once the rows before it have aged out. */
function whenItFits(
  rows: readonly { seconds: number; recordedAt: Date }[],
  used: number,
  seconds: number,
  limitSeconds: number,
): Date | null {
  if (seconds > limitSeconds) return null;
  let remaining = used;
  for (const row of rows) {
    remaining -= row.seconds;
    if (remaining + seconds <= limitSeconds) return new Date(row.recordedAt.getTime() + DAY_MS);
  }
  return null;
}

/** Hands a reservation back: the upload it was made for was not stored after all. */
export async function releaseProcessingSeconds(sql: Sql, id: number): Promise<void> {
  await sql`delete from processing_usage where id = ${id}`;
}

/** Usage older than the window is of no use to the limit. */
export async function sweepProcessingUsage(sql: Sql): Promise<number> {
  const rows = await sql`delete from processing_usage where recorded_at < now() - interval '2 days' returning id`;
  return rows.length;
}

/** The recording's counted length, kept on its meeting for the transcription step's time limit. */
export async function setMeetingAudioSeconds(sql: Sql, meetingId: number, seconds: number): Promise<void> {
  await sql`update meetings set audio_seconds = ${seconds} where id = ${meetingId}`;
}

export async function findMeetingAudioSeconds(sql: Sql, meetingId: number): Promise<number | null> {
  const [row] = await sql<{ seconds: number | null }[]>`
    select audio_seconds as seconds from meetings where id = ${meetingId}`;
  return row?.seconds ?? null;
}
