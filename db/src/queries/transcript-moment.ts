import type { Sql } from "../client";

/**
 * The segment a moment of the recording falls in: the last one starting at or before `seconds` (the first timed one
 * when the moment is before them all); null when no segment has a time. A link to `?t=` opens the transcript there.
 * One pass over the meeting's segment rows, through their primary key.
 */
export async function findSegmentAt(sql: Sql, meetingId: number, seconds: number): Promise<number | null> {
  const [row] = await sql<{ segment: number | null }[]>`
    select coalesce(
      max(position) filter (where (segment ->> 'start')::float8 <= ${seconds}),
      min(position)) as segment
    from transcript_segments
    where meeting_id = ${meetingId} and jsonb_typeof(segment -> 'start') = 'number'`;
  return row?.segment ?? null;
}
