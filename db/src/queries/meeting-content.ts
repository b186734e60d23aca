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
  // The list copies follow migration 004: the first four ". " parts, the first three action items.
  const firstActionItems = parseFirstActionItems(summary.actionItems);
  await sql`insert into summaries (meeting_id, executive_summary, key_points, action_items, next_meeting, action_item_count,
      list_summary, first_action_items)
    values (${meetingId}, ${summary.executiveSummary}, ${summary.keyPoints}, ${summary.actionItems},
      ${summary.nextMeeting}, ${summary.actionItemCount}, ${summary.executiveSummary.split(". ").slice(0, 4).join(". ")},
      ${firstActionItems === null ? null : sql.json(firstActionItems as never)})
    on conflict (meeting_id) do update set executive_summary = excluded.executive_summary,
      key_points = excluded.key_points, action_items = excluded.action_items,
      next_meeting = excluded.next_meeting, action_item_count = excluded.action_item_count,
      list_summary = excluded.list_summary, first_action_items = excluded.first_action_items`;
}

/** The first three stored action items, or null when the stored text is not a JSON list. */
function parseFirstActionItems(actionItems: string): unknown[] | null {
  try {
    const value: unknown = JSON.parse(actionItems);
    return Array.isArray(value) ? value.slice(0, 3) : null;
  } catch {
    return null;
  }
}

export async function findTranscript(sql: Sql, meetingId: number) {
  const [row] = await sql<{ fullText: string; segments: unknown[] }[]>`
    select full_text as "fullText", segments from transcripts where meeting_id = ${meetingId}`;
  return row;
}

/** Whether a meeting's summary is stored: a job that runs again (retry, crash) does not pay for it twice. */
export async function hasSummary(sql: Sql, meetingId: number): Promise<boolean> {
  const rows = await sql`select 1 from summaries where meeting_id = ${meetingId}`;
  return rows.length > 0;
}
