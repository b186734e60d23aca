import type { Sql } from "../client";

/** Segments per statement: each batch is a short statement, so other queries run between them on one connection. */
export const SEGMENT_ROWS_PER_STATEMENT = 500;

const isObject = (value: unknown) => typeof value === "object" && value !== null && !Array.isArray(value);

/** The distinct speakers of the segments, in order of first appearance (the transcript's `speakers` column). */
export function speakersInOrder(segments: unknown[]): string[] {
  const seen = new Set<string>();
  for (const segment of segments) {
    const speaker = isObject(segment) ? (segment as { speaker?: unknown }).speaker : undefined;
    if (typeof speaker === "string" && speaker.trim() !== "") seen.add(speaker);
  }
  return [...seen];
}

/**
 * Writes a transcript's segments as rows of transcript_segments (migration 018: ranges are read from them), keyed by
 * their index in the array, in batches. Rows are replaced in place and the leftovers removed last, so a reader never
 * finds the rows of a meeting missing while they are written. Elements that are not objects get no row, as before.
 */
export async function writeTranscriptSegmentRows(sql: Sql, meetingId: number, segments: unknown[]): Promise<void> {
  const skipped: number[] = [];
  for (let from = 0; from < segments.length; from += SEGMENT_ROWS_PER_STATEMENT) {
    const positions: number[] = [];
    const values: string[] = [];
    const batch = segments.slice(from, from + SEGMENT_ROWS_PER_STATEMENT);
    batch.forEach((segment, offset) => {
      if (!isObject(segment)) {
        skipped.push(from + offset);
        return;
      }
      positions.push(from + offset);
      values.push(JSON.stringify(segment));
    });
    if (positions.length === 0) continue;
    // search_text: the text lowered once here, so a find compares it as it is (migration 028).
    await sql`insert into transcript_segments (meeting_id, position, segment, text_length, search_text)
      select ${meetingId}, u.position, u.segment, coalesce(length(u.segment ->> 'text'), 0),
        coalesce(lower(u.segment ->> 'text'), '')
      from unnest(${sql.array(positions)}::int[], ${sql.array(values)}::text[]::jsonb[]) as u(position, segment)
      on conflict (meeting_id, position) do update set segment = excluded.segment, text_length = excluded.text_length,
        search_text = excluded.search_text`;
  }
  await sql`delete from transcript_segments where meeting_id = ${meetingId}
    and (position >= ${segments.length} or position = any(${sql.array(skipped)}::int[]))`;
}

/** Segment rows per statement when a whole transcript is read. */
const SEGMENT_ROWS_PER_READ = 2_000;

/** Every segment of the meeting in order, read a page of rows per statement ([] without any). */
export async function readAllSegments(sql: Sql, meetingId: number): Promise<unknown[]> {
  const segments: unknown[] = [];
  for (let after = -1; ; ) {
    const rows = await sql<{ position: number; segment: string }[]>`
      select position, segment::text as segment from transcript_segments
      where meeting_id = ${meetingId} and position > ${after} order by position limit ${SEGMENT_ROWS_PER_READ}`;
    for (const row of rows) segments.push(JSON.parse(row.segment));
    const last = rows.at(-1);
    if (!last || rows.length < SEGMENT_ROWS_PER_READ) return segments;
    after = last.position;
  }
}
