import type { Sql } from "../client";

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
