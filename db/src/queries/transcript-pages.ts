import type { Sql } from "../client";
import { readAllSegments } from "./transcript-segment-rows";
import { readTextParts, readWholeText } from "./transcript-text-parts";

/**
 * A transcript read in pages (migration 018): segments by index from transcript_segments, text by character offset
 * from transcript_text_parts (migration 023: a range reads only the parts it overlaps). Every read is scoped to the
 * user's meeting and bounded in size whatever the transcript's length.
 */

/** Segments a range carries at most, whatever their size. */
export const MAX_RANGE_SEGMENTS = 500;

/** Characters of segment text a range carries at most (a few hundred KB of JSON, with the segments' other fields). */
export const SEGMENT_TEXT_BUDGET = 96_000;

/** Characters of the text a text range carries at most. */
export const MAX_TEXT_RANGE = 100_000;

export interface TranscriptTotals {
  /** Characters (Unicode code points, as Postgres counts them) of the whole text. */
  fullTextLength: number;
  segmentCount: number;
  /** Distinct speakers in order of first appearance. */
  speakers: string[];
}

export interface SegmentRange {
  /** The first segment index carried. */
  from: number;
  /** One past the last index carried: where the next range starts (equal to `total` at the end). */
  to: number;
  total: number;
  segments: unknown[];
}

/**
 * The totals of a user's meeting transcript: undefined when the meeting is not the user's, `hasTranscript` false
 * (and zeros) while it has none yet.
 */
export async function findTranscriptTotals(
  sql: Sql,
  userId: number,
  meetingId: number,
): Promise<(TranscriptTotals & { hasTranscript: boolean }) | undefined> {
  const [row] = await sql<(TranscriptTotals & { hasTranscript: boolean })[]>`
    select t.meeting_id is not null as "hasTranscript", coalesce(t.full_text_length, 0) as "fullTextLength",
      coalesce(t.segment_count, 0) as "segmentCount", coalesce(t.speakers, '{}') as speakers
    from meetings m left join transcripts t on t.meeting_id = m.id
    where m.user_id = ${userId} and m.id = ${meetingId}`;
  return row;
}

/**
 * Segments from index `from` up to (not including) `to`, stopping early at MAX_RANGE_SEGMENTS or once the text
 * budget is spent (the first segment always comes, its text cut to the budget if it alone is longer).
 */
export async function readSegmentRange(
  sql: Sql,
  { meetingId, from, to, total }: { meetingId: number; from: number; to: number; total: number },
): Promise<SegmentRange> {
  const end = Math.min(to, total);
  if (from >= end) return { from: Math.min(from, total), to: Math.min(from, total), total, segments: [] };
  // The running sum runs over at most MAX_RANGE_SEGMENTS rows read through the primary key.
  const rows = await sql<{ position: number; segment: string }[]>`
    select position, case when text_length > ${SEGMENT_TEXT_BUDGET}
        then jsonb_set(segment, '{text}', to_jsonb(left(segment ->> 'text', ${SEGMENT_TEXT_BUDGET})))
        else segment end::text as segment
    from (
      select position, segment, text_length, sum(text_length) over (order by position) - text_length as before
      from (
        select position, segment, text_length from transcript_segments
        where meeting_id = ${meetingId} and position >= ${from} and position < ${end}
        order by position limit ${MAX_RANGE_SEGMENTS}
      ) page
    ) counted
    where before < ${SEGMENT_TEXT_BUDGET} or position = ${from}
    order by position`;
  const last = rows.at(-1);
  // Parsed here, per segment, so each JSON.parse is small.
  const segments = rows.map((row) => JSON.parse(row.segment) as unknown);
  return { from, to: last ? last.position + 1 : end, total, segments };
}

/** Characters `from` up to (not including) `to` of the text, at most MAX_TEXT_RANGE of them. */
export async function readTextRange(
  sql: Sql,
  { meetingId, from, to, total }: { meetingId: number; from: number; to: number; total: number },
): Promise<{ from: number; to: number; total: number; text: string }> {
  const start = Math.min(from, total);
  const end = Math.min(to, total, start + MAX_TEXT_RANGE);
  if (start >= end) return { from: start, to: start, total, text: "" };
  return { from: start, to: end, total, text: await readTextParts(sql, meetingId, start, end) };
}

/**
 * The whole transcript, its text and its segments, each read a page of rows per statement: for the steps that need
 * all of it (processing again, exports), never for a page. An empty text and no segments without a transcript.
 */
export async function readWholeTranscript(
  sql: Sql,
  meetingId: number,
): Promise<{ fullText: string; segments: unknown[] }> {
  const fullText = (await readWholeText(sql, meetingId)) ?? "";
  return { fullText, segments: await readAllSegments(sql, meetingId) };
}

/**
 * The segments of a meeting at the given index spans ([first, last], both included), as an array indexed like the
 * whole transcript's segments: a search citation looks up its moment in a passage's few segments without reading
 * the whole transcript (10 MB for a long meeting). A missing segment within a span reads as an empty one.
 */
export async function readSegmentSpans(
  sql: Sql,
  meetingId: number,
  spans: [number, number][],
): Promise<{ start: number | null; text: string }[]> {
  const segments: { start: number | null; text: string }[] = [];
  const positions = [...new Set(spans.flatMap(([first, last]) => rangeOf(first, Math.min(last, first + 1000))))];
  if (positions.length === 0) return segments;
  for (const i of positions) segments[i] = { start: null, text: "" };
  const rows = await sql<{ position: number; start: number | null; text: string | null }[]>`
    select position, (segment ->> 'start')::float8 as start, segment ->> 'text' as text from transcript_segments
    where meeting_id = ${meetingId} and position = any(${positions}::int[])`;
  for (const row of rows) segments[row.position] = { start: row.start, text: row.text ?? "" };
  return segments;
}

const rangeOf = (first: number, last: number) =>
  Array.from({ length: Math.max(0, last - first + 1) }, (_, k) => first + k);
