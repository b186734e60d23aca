import type { Sql } from "../client";
import { copyActionItemsToSummary, isCalendarDate } from "./action-items";
import { inTransaction } from "./in-transaction";
import { listSummaryOf, type StoredNextMeeting, type SummaryPoint } from "./summaries";

// The advisor's edits to a meeting's notes and their review (migration 024). Every edited part is remembered in
// `edited_parts`, so a summary drafted again keeps it (./summaries.ts, upsertSummary); any edit makes reviewed notes
// a draft again. Action items stay rows of action_items: the summary's copy is rewritten from them.

export const SUMMARY_PARTS = ["executiveSummary", "keyPoints", "decisions", "actionItems", "nextMeeting"] as const;
export type SummaryPart = (typeof SUMMARY_PARTS)[number];

/** An action item as the advisor's whole list holds it: `id` keeps an existing task, none adds one. */
export interface EditedActionItem {
  id?: number;
  task: string;
  assignee: string;
  /** yyyy-MM-dd (checked by the caller), or null. */
  dueDate: string | null;
}

/** The parts the advisor changed (each checked by the caller), and whether the notes are now reviewed. */
export interface SummaryEdit {
  executiveSummary?: string;
  keyPoints?: SummaryPoint[];
  decisions?: SummaryPoint[];
  actionItems?: EditedActionItem[];
  nextMeeting?: StoredNextMeeting | null;
  reviewed?: boolean;
}

export type SummaryEditOutcome =
  | { kind: "saved" }
  | { kind: "not-found" }
  | { kind: "no-summary" }
  /** An action item's id that is not one of this meeting's tasks. */
  | { kind: "unknown-task"; id: number };

/** The parts an edit changes, in the summary's order. */
export function editedPartsOf(edit: SummaryEdit): SummaryPart[] {
  return SUMMARY_PARTS.filter((part) => edit[part] !== undefined);
}

/**
 * Applies the advisor's edit to one of their meetings' summary in one transaction. `reviewerName` is the account's
 * name, kept with the review (a later rename of the account does not rewrite who reviewed).
 */
export async function editSummary(
  sql: Sql,
  userId: number,
  meetingId: number,
  edit: SummaryEdit,
  reviewerName: string,
): Promise<SummaryEditOutcome> {
  return inTransaction(sql, async (tx) => {
    const [meeting] = await tx<{ hasSummary: boolean }[]>`
      select exists (select 1 from summaries s where s.meeting_id = m.id) as "hasSummary"
      from meetings m where m.id = ${meetingId} and m.user_id = ${userId} for update`;
    if (!meeting) return { kind: "not-found" };
    if (!meeting.hasSummary) return { kind: "no-summary" };
    if (edit.actionItems) {
      const unknown = await replaceActionItems(tx, meetingId, edit.actionItems);
      if (unknown !== undefined) return { kind: "unknown-task", id: unknown };
    }
    const parts = editedPartsOf(edit);
    const json = (value: unknown) => tx.json(value as never);
    await tx`update summaries set
        executive_summary = coalesce(${edit.executiveSummary ?? null}, executive_summary),
        list_summary = coalesce(${edit.executiveSummary === undefined ? null : listSummaryOf(edit.executiveSummary)},
          list_summary),
        key_points = coalesce(${edit.keyPoints ? json(edit.keyPoints) : null}::jsonb, key_points),
        decisions = coalesce(${edit.decisions ? json(edit.decisions) : null}::jsonb, decisions),
        next_meeting = case when ${edit.nextMeeting !== undefined}
          then ${edit.nextMeeting ? json(edit.nextMeeting) : null}::jsonb else next_meeting end,
        edited_parts = array(select distinct p from unnest(edited_parts || ${tx.array(parts)}::text[]) p order by p),
        redrafted_parts = array(select p from unnest(redrafted_parts) p where p <> all(${tx.array(parts)}::text[])),
        reviewed_at = case when ${edit.reviewed ?? null}::boolean then now()
          when ${edit.reviewed === false || parts.length > 0} then null else reviewed_at end,
        reviewed_by = case when ${edit.reviewed ?? null}::boolean then ${reviewerName}
          when ${edit.reviewed === false || parts.length > 0} then null else reviewed_by end
      where meeting_id = ${meetingId}`;
    return { kind: "saved" };
  });
}

/**
 * The meeting's tasks become the advisor's list: listed ids are kept (their text, assignee and due date as given,
 * the summary's own wording kept in draft_task), new items are added by hand, tasks left out are removed. Returns an
 * id that is not one of the meeting's tasks, else undefined.
 */
async function replaceActionItems(tx: Sql, meetingId: number, items: EditedActionItem[]): Promise<number | undefined> {
  const rows = await tx<{ id: number }[]>`select id from action_items where meeting_id = ${meetingId}`;
  const existing = new Set(rows.map((row) => Number(row.id)));
  const unknown = items.find((item) => item.id !== undefined && !existing.has(item.id));
  if (unknown) return unknown.id;
  const kept = new Set(items.flatMap((item) => (item.id === undefined ? [] : [item.id])));
  const gone = [...existing].filter((id) => !kept.has(id));
  if (gone.length) await tx`delete from action_items where id in ${tx(gone)}`;
  for (const [position, item] of items.entries()) {
    const due = item.dueDate && isCalendarDate(item.dueDate) ? item.dueDate : null;
    if (item.id === undefined) {
      await tx`insert into action_items (meeting_id, position, task, assignee, due_date, by_hand, edited)
        values (${meetingId}, ${position}, ${item.task}, ${item.assignee}, ${due}::date, true, true)`;
    } else {
      await tx`update action_items set position = ${position},
          draft_task = case when by_hand or task = ${item.task} then draft_task else coalesce(draft_task, task) end,
          task = ${item.task}, assignee = ${item.assignee}, due_date = ${due}::date,
          edited = edited or assignee <> ${item.assignee} or due_date is distinct from ${due}::date,
          updated_at = now()
        where id = ${item.id}`;
    }
  }
  await copyActionItemsToSummary(tx, meetingId);
  return undefined;
}
