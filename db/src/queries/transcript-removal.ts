import type postgres from "postgres";
import type { Sql } from "../client";
import { STATEMENT_TARGET_MS, StatementBatches } from "./statement-batches";

// A transcript's segment rows and text parts removed in short statements before its row (or its meeting's) is
// deleted, so the delete's cascade has none of them left: in one cascade, a long transcript held the embedded
// database's one session.

/** Segment rows per statement, sized by the statements' time. */
const SEGMENT_DELETES = { initial: 500, max: 2000, targetMs: STATEMENT_TARGET_MS };
/** Text parts (up to 64K UTF-16 units each) per statement. */
const PART_DELETES = { initial: 2, max: 16, targetMs: STATEMENT_TARGET_MS };

/**
 * Removes the meeting's segment rows, then its text parts, a short statement at a time, each statement only while
 * `guard` (a condition, checked by every statement) holds.
 */
export async function removeTranscriptRowsInBatches(
  sql: Sql,
  meetingId: number,
  guard: postgres.PendingQuery<postgres.Row[]>,
): Promise<void> {
  await new StatementBatches(SEGMENT_DELETES).removeUntilEmpty(async (rows) => {
    const removed = await sql`delete from transcript_segments where meeting_id = ${meetingId} and ${guard}
      and position < (select min(position) + ${rows} from transcript_segments where meeting_id = ${meetingId})`;
    return removed.count;
  });
  await new StatementBatches(PART_DELETES).removeUntilEmpty(async (rows) => {
    const removed = await sql`delete from transcript_text_parts where meeting_id = ${meetingId} and ${guard}
      and part < (select min(part) + ${rows} from transcript_text_parts where meeting_id = ${meetingId})`;
    return removed.count;
  });
}

/**
 * As removeTranscriptRowsInBatches, unless the meeting is Processing: once a job runs for it (and may be writing a
 * new transcript), nothing more is removed.
 */
export async function removeTranscriptRowsUnlessProcessing(sql: Sql, meetingId: number): Promise<void> {
  await removeTranscriptRowsInBatches(
    sql,
    meetingId,
    sql`exists (select 1 from meetings m where m.id = ${meetingId} and m.status <> 'Processing')`,
  );
}
