import type { Sql } from "../client";

/** Upserts keep a job that runs twice to one transcript and one summary per meeting. */
export async function upsertTranscript(
  sql: Sql,
  meetingId: number,
  fullText: string,
  segments: unknown[],
): Promise<void> {
  await sql`insert into transcripts (meeting_id, full_text, segments)
    values (${meetingId}, ${fullText}, ${sql.json(segments as never)})
    on conflict (meeting_id) do update set full_text = excluded.full_text, segments = excluded.segments`;
}

export async function upsertSummary(
  sql: Sql,
  meetingId: number,
  summary: {
    executiveSummary: string;
    keyPoints: string;
    actionItems: string;
    nextMeeting: string | null;
    actionItemCount: number;
  },
): Promise<void> {
  await sql`insert into summaries (meeting_id, executive_summary, key_points, action_items, next_meeting, action_item_count)
    values (${meetingId}, ${summary.executiveSummary}, ${summary.keyPoints}, ${summary.actionItems},
      ${summary.nextMeeting}, ${summary.actionItemCount})
    on conflict (meeting_id) do update set executive_summary = excluded.executive_summary,
      key_points = excluded.key_points, action_items = excluded.action_items,
      next_meeting = excluded.next_meeting, action_item_count = excluded.action_item_count`;
}

export async function findTranscript(sql: Sql, meetingId: number) {
  const [row] = await sql<{ fullText: string; segments: unknown[] }[]>`
    select full_text as "fullText", segments from transcripts where meeting_id = ${meetingId}`;
  return row;
}
