import type { Sql } from "../client";
import { speakersInOrder, writeTranscriptSegmentRows } from "./transcript-segment-rows";

/** An upsert keeps a job that runs twice to one transcript per meeting (summaries: ./summaries.ts). */
export async function upsertTranscript(
  sql: Sql,
  {
    meetingId,
    fullText,
    segments,
    engine = null,
  }: {
    meetingId: number;
    fullText: string;
    segments: unknown[];
    /** Which engine made it ("pocketsphinx", "openai:whisper-1", "transcript-file"...); migration 011. */
    engine?: string | null;
  },
): Promise<void> {
  await sql`insert into transcripts (meeting_id, full_text, segments, engine, speakers)
    values (${meetingId}, ${fullText}, ${sql.json(segments as never)}, ${engine}, ${sql.array(speakersInOrder(segments))}::text[])
    on conflict (meeting_id) do update set full_text = excluded.full_text, segments = excluded.segments,
      engine = excluded.engine, speakers = excluded.speakers`;
  await writeTranscriptSegmentRows(sql, meetingId, segments);
}

export async function findTranscript(sql: Sql, meetingId: number) {
  const [row] = await sql<{ fullText: string; segments: unknown[]; engine: string | null }[]>`
    select full_text as "fullText", segments, engine from transcripts where meeting_id = ${meetingId}`;
  return row;
}

/**
 * "Transcribe again": drops the meeting's transcript and summary, sets it Processing and queues its processing job,
 * in one transaction (the job's indexing then replaces the meeting's search chunks). Refused (false) while the meeting is Processing: one job per meeting runs at a
 * time, and a running job would write its transcript back.
 */
export async function resetMeetingTranscript(
  sql: Sql,
  { meetingId, jobKind, payload }: { meetingId: number; jobKind: string; payload: Record<string, unknown> },
): Promise<boolean> {
  return sql.begin(async (tx) => {
    const [meeting] = await tx<{ status: string }[]>`
      select status from meetings where id = ${meetingId} for update`;
    if (!meeting || meeting.status === "Processing") return false;
    await tx`delete from summaries where meeting_id = ${meetingId}`;
    await tx`delete from transcripts where meeting_id = ${meetingId}`;
    await tx`update meetings set status = 'Processing', failure_reason = null, updated_at = now()
      where id = ${meetingId}`;
    await tx`insert into jobs (kind, payload, meeting_id) values (${jobKind}, ${tx.json(payload as never)}, ${meetingId})`;
    return true;
  });
}
