import type { Sql } from "../client";
import { type CheckedJob, insertJob } from "./jobs";
import { readWholeTranscript } from "./transcript-pages";
import { removeTranscriptRowsUnlessProcessing } from "./transcript-removal";
import { speakersInOrder, writeTranscriptSegmentRows } from "./transcript-segment-rows";
import { leadingCodePoints, writeTranscriptTextParts } from "./transcript-text-parts";

/** Characters of the text meeting lists show (migration 002). */
const PREVIEW_CHARS = 200;

/**
 * An upsert keeps a job that runs twice to one transcript per meeting (summaries: ./summaries.ts). The row holds only
 * what is small; the text and the segments are rows of their own, written a few at a time (migration 023), so a
 * 10 MB transcript is many short statements, never one long one.
 */
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
  const header = {
    engine,
    speakers: sql.array(speakersInOrder(segments)),
    preview: leadingCodePoints(fullText, PREVIEW_CHARS),
    segmentCount: segments.length,
  };
  await sql`insert into transcripts (meeting_id, engine, speakers, preview, segment_count)
    values (${meetingId}, ${header.engine}, ${header.speakers}::text[], ${header.preview}, ${header.segmentCount})
    on conflict (meeting_id) do update set engine = excluded.engine, speakers = excluded.speakers,
      preview = excluded.preview, segment_count = excluded.segment_count`;
  const length = await writeTranscriptTextParts(sql, meetingId, fullText);
  await sql`update transcripts set full_text_length = ${length} where meeting_id = ${meetingId}`;
  await writeTranscriptSegmentRows(sql, meetingId, segments);
}

/** A meeting's whole transcript, its text and segments read in pages; undefined without one. */
export async function findTranscript(
  sql: Sql,
  meetingId: number,
): Promise<{ fullText: string; segments: unknown[]; engine: string | null } | undefined> {
  const [row] = await sql<{ engine: string | null }[]>`
    select engine from transcripts where meeting_id = ${meetingId}`;
  if (!row) return undefined;
  return { ...(await readWholeTranscript(sql, meetingId)), engine: row.engine };
}

/**
 * "Transcribe again": drops the meeting's transcript and its summary (unless the advisor edited or reviewed it), sets it Processing and queues its processing job,
 * in one transaction (the job's indexing then replaces the meeting's search chunks). Refused (false) while the meeting is Processing: one job per meeting runs at a
 * time, and a running job would write its transcript back. The transcript's segment rows and text parts go first, in
 * short statements outside the transaction (removeTranscriptRowsUnlessProcessing), so deleting its row cascades to
 * none of them.
 */
export async function resetMeetingTranscript(
  sql: Sql,
  { meetingId, job }: { meetingId: number; job: CheckedJob },
): Promise<boolean> {
  await removeTranscriptRowsUnlessProcessing(sql, meetingId);
  return sql.begin(async (tx) => {
    const [meeting] = await tx<{ status: string }[]>`
      select status from meetings where id = ${meetingId} for update`;
    if (!meeting || meeting.status === "Processing") return false;
    // Notes the advisor edited or reviewed stay: the new draft fills only the parts they did not touch (migration 024).
    await tx`delete from summaries where meeting_id = ${meetingId} and edited_parts = '{}' and reviewed_at is null`;
    await tx`delete from transcripts where meeting_id = ${meetingId}`;
    await tx`delete from transcript_pieces where meeting_id = ${meetingId}`;
    await tx`update meetings set status = 'Processing', failure_reason = null, updated_at = now()
      where id = ${meetingId}`;
    await insertJob(tx, job);
    return true;
  });
}
