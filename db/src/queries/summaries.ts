import type { Sql } from "../client";
import { LIST_ACTION_ITEMS, syncMeetingActionItems } from "./action-items";
import { inTransaction } from "./in-transaction";

// The one owner of the stored summary. Since migration 009 its parts are jsonb columns of one shape:
// key_points a list of strings, action_items a list of {task, assignee}, next_meeting {date, topics} or null (legacy
// next-meeting text with "Date:" and "Topics:" lines was converted by that migration). Everything that writes a
// summary encodes here and everything that reads one decodes here; no other package parses summary JSON. Since
// migration 013 each action item also carries its task's id and status, copied from action_items (./action-items.ts).

export type ActionItemStatus = "open" | "done";

export interface StoredActionItem {
  task: string;
  assignee: string;
  /** When it is due (yyyy-MM-dd), where one was said; optional, so items stored without it read as before. */
  dueDate?: string;
  /** The task's id and status (migration 013, ./action-items.ts); absent on items not saved yet. */
  id?: number;
  status?: ActionItemStatus;
}

export interface StoredNextMeeting {
  /** ISO date (yyyy-MM-dd) or a free-text date when it cannot be resolved; null when unknown. */
  date: string | null;
  topics: string[];
}

export interface StoredSummary {
  executiveSummary: string;
  keyPoints: string[];
  actionItems: StoredActionItem[];
  nextMeeting: StoredNextMeeting | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A stored key-points value as a list of strings; anything else stored there reads as no key points. */
export function decodeKeyPoints(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((point): point is string => typeof point === "string") : [];
}

/**
 * A stored action-items value: entries without a task are dropped, a missing assignee reads as "", a due date is kept
 * only when it is a non-empty string.
 */
export function decodeActionItems(value: unknown): StoredActionItem[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((item): item is Record<string, unknown> => isRecord(item) && typeof item.task === "string")
    .map((item) => {
      const decoded: StoredActionItem = {
        task: item.task as string,
        assignee: typeof item.assignee === "string" ? item.assignee : "",
      };
      if (typeof item.dueDate === "string" && item.dueDate) decoded.dueDate = item.dueDate;
      if (typeof item.id === "number" && Number.isSafeInteger(item.id)) decoded.id = item.id;
      if (item.status === "open" || item.status === "done") decoded.status = item.status;
      return decoded;
    });
}

/** A stored next-meeting value: `{date, topics}` or null. */
export function decodeNextMeeting(value: unknown): StoredNextMeeting | null {
  if (!isRecord(value)) return null;
  return {
    date: typeof value.date === "string" && value.date ? value.date : null,
    topics: decodeKeyPoints(value.topics),
  };
}

/** The parts of a summary row as the database returns them (jsonb already parsed by the client). */
export interface SummaryColumns {
  executiveSummary: string | null;
  keyPoints: unknown;
  actionItems: unknown;
  nextMeeting: unknown;
}

/** A summary row decoded; null when the meeting has no summary. */
export function decodeStoredSummary(row: SummaryColumns): StoredSummary | null {
  if (row.executiveSummary === null) return null;
  return {
    executiveSummary: row.executiveSummary,
    keyPoints: decodeKeyPoints(row.keyPoints),
    actionItems: decodeActionItems(row.actionItems),
    nextMeeting: decodeNextMeeting(row.nextMeeting),
  };
}

/** The first four ". " parts of the executive summary: lists show three sentences (migration 004). */
export function listSummaryOf(executiveSummary: string): string {
  return executiveSummary.split(". ").slice(0, 4).join(". ");
}

/**
 * Writes a meeting's summary and its list copies; a job that runs twice leaves one summary. Its action items are
 * saved as tasks in the same transaction (./action-items.ts): items that were there before keep their ids and status.
 */
export async function upsertSummary(
  sql: Sql,
  meetingId: number,
  summary: StoredSummary,
  /** Which engine wrote it ("local", "openai:gpt-4o-mini"...); migration 011. */
  engine: string | null = null,
): Promise<void> {
  const keyPoints = decodeKeyPoints(summary.keyPoints);
  const nextMeeting = decodeNextMeeting(summary.nextMeeting);
  await inTransaction(sql, async (tx) => {
    const actionItems = await syncMeetingActionItems(tx, meetingId, decodeActionItems(summary.actionItems));
    await writeSummaryRow(tx, meetingId, { ...summary, keyPoints, actionItems, nextMeeting }, engine);
  });
}

async function writeSummaryRow(sql: Sql, meetingId: number, summary: StoredSummary, engine: string | null) {
  const { keyPoints, actionItems, nextMeeting } = summary;
  await sql`insert into summaries (meeting_id, executive_summary, key_points, action_items, next_meeting, action_item_count,
      list_summary, first_action_items, engine)
    values (${meetingId}, ${summary.executiveSummary}, ${sql.json(keyPoints)}, ${sql.json(actionItems as never)},
      ${nextMeeting === null ? null : sql.json(nextMeeting as never)}, ${actionItems.length},
      ${listSummaryOf(summary.executiveSummary)}, ${sql.json(actionItems.slice(0, LIST_ACTION_ITEMS) as never)},
      ${engine})
    on conflict (meeting_id) do update set executive_summary = excluded.executive_summary,
      key_points = excluded.key_points, action_items = excluded.action_items,
      next_meeting = excluded.next_meeting, action_item_count = excluded.action_item_count,
      list_summary = excluded.list_summary, first_action_items = excluded.first_action_items, engine = excluded.engine`;
}

/** Whether a meeting's summary is stored: a job that runs again (retry, crash) does not pay for it twice. */
export async function hasSummary(sql: Sql, meetingId: number): Promise<boolean> {
  const rows = await sql`select 1 from summaries where meeting_id = ${meetingId}`;
  return rows.length > 0;
}

/** A meeting's stored summary, decoded. */
export async function findSummary(sql: Sql, meetingId: number): Promise<StoredSummary | null> {
  const [row] = await sql<SummaryColumns[]>`
    select executive_summary as "executiveSummary", key_points as "keyPoints", action_items as "actionItems",
      next_meeting as "nextMeeting"
    from summaries where meeting_id = ${meetingId}`;
  return row ? decodeStoredSummary(row) : null;
}
