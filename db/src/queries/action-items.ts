import type { Sql } from "../client";
import { inTransaction } from "./in-transaction";
import { type ActionItemStatus, decodeSource, type StoredActionItem } from "./summaries";

// Action items as tasks (migration 013). The action_items table is their truth: a stable id, a status, the assignee
// and due date the advisor may edit. The summary's action_items jsonb is a copy of it, rewritten here in the same
// transaction as every change, so every reader of a summary (meeting page, lists, search index, exports) sees the
// tasks as they are now. Every query is scoped to the meeting's owner.

/** How many action items the meeting lists show (and keep in `first_action_items`). */
export const LIST_ACTION_ITEMS = 3;

interface ActionItemRow {
  id: number;
  position: number;
  task: string;
  assignee: string;
  dueDate: string | null;
  status: ActionItemStatus;
  edited: boolean;
  /** Added by the advisor (migration 020): a summary made again keeps it. */
  byHand: boolean;
  /** The summary's own wording of a task whose text the advisor changed (migration 020), else null. */
  draftTask: string | null;
  /** The transcript moment it came from (migration 022); null when unknown. */
  source: unknown;
}

const rowColumns = (sql: Sql) => sql`a.id, a.position, a.task, a.assignee, a.due_date::text as "dueDate", a.status,
  a.edited, a.by_hand as "byHand", a.draft_task as "draftTask", a.source`;

/** An item as the summary's copy holds it: its due date only when it has one. */
function summaryItemOf(row: ActionItemRow): StoredActionItem {
  const item: StoredActionItem = { id: row.id, task: row.task, assignee: row.assignee, status: row.status };
  if (row.dueDate) item.dueDate = row.dueDate;
  const source = decodeSource(row.source);
  if (source) item.source = source;
  return item;
}

/**
 * The text two wordings of the same task share: case, spacing and punctuation at the ends aside. Loops over the
 * characters once (no regex on user text).
 */
export function normaliseTaskText(text: string): string {
  const words: string[] = [];
  for (const word of text.toLowerCase().split(/\s+/)) if (word) words.push(word);
  let joined = words.join(" ");
  const isEdge = (char: string | undefined) => char !== undefined && ".,;:!?\"'()[]-–—".includes(char);
  while (isEdge(joined[joined.length - 1])) joined = joined.slice(0, -1);
  while (isEdge(joined[0])) joined = joined.slice(1);
  return joined.trim();
}

const keyOf = (task: string, assignee: string) => `${normaliseTaskText(task)}\u0000${normaliseTaskText(assignee)}`;

/** A due date as the table stores it: a calendar date (yyyy-MM-dd) or none. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

async function meetingRows(tx: Sql, meetingId: number): Promise<ActionItemRow[]> {
  return tx<ActionItemRow[]>`select ${rowColumns(tx)} from action_items a where a.meeting_id = ${meetingId}
    order by a.position, a.id`;
}

/**
 * The tasks the advisor added by hand to a meeting that has no summary (a planned meeting, or one whose summary is
 * being made again), in their order: with no summary to copy them into, the meeting's page reads them here.
 */
export async function handTasksOfMeeting(sql: Sql, meetingId: number): Promise<StoredActionItem[]> {
  const rows = await sql<ActionItemRow[]>`select ${rowColumns(sql)} from action_items a
    where a.meeting_id = ${meetingId} and a.by_hand order by a.position, a.id`;
  return rows.map(summaryItemOf);
}

/** Pairs each new item with the stored row it continues: same id, else same task and assignee, else same task. */
function matchStoredRows(items: StoredActionItem[], rows: ActionItemRow[]): (ActionItemRow | undefined)[] {
  const free = new Map(rows.map((row) => [row.id, row]));
  const take = (row: ActionItemRow | undefined) => {
    if (row) free.delete(row.id);
    return row;
  };
  const matches: (ActionItemRow | undefined)[] = items.map((item) =>
    take(item.id === undefined ? undefined : free.get(item.id)),
  );
  // A task the advisor reworded is recognised by the summary's own wording of it.
  const draftOf = (row: ActionItemRow) => row.draftTask ?? row.task;
  const passes: ((item: StoredActionItem, row: ActionItemRow) => boolean)[] = [
    (item, row) => keyOf(item.task, item.assignee) === keyOf(draftOf(row), row.assignee),
    (item, row) => normaliseTaskText(item.task) === normaliseTaskText(draftOf(row)),
  ];
  for (const same of passes) {
    items.forEach((item, i) => {
      if (matches[i]) return;
      matches[i] = take([...free.values()].find((row) => same(item, row)));
    });
  }
  return matches;
}

/**
 * Writes a meeting's action items as the summary now lists them, in the caller's transaction. An item that was
 * there before (same id, or the same task and assignee, or the same task) keeps its id and status, and the
 * assignee and due date the advisor set; items no longer listed are removed. Returns the items with ids and
 * statuses, in order, for the summary's copy. Tasks the advisor added by hand are kept, after the summary's own.
 */
export async function syncMeetingActionItems(
  tx: Sql,
  meetingId: number,
  items: StoredActionItem[],
): Promise<StoredActionItem[]> {
  const rows = await meetingRows(tx, meetingId);
  const stored = rows.filter((row) => !row.byHand);
  const matches = matchStoredRows(items, stored);
  const kept = new Set(matches.filter((row) => row !== undefined).map((row) => row.id));
  const gone = stored.filter((row) => !kept.has(row.id)).map((row) => row.id);
  if (gone.length) await tx`delete from action_items where id in ${tx(gone)}`;
  const written: ActionItemRow[] = [];
  for (const [position, item] of items.entries()) {
    const row = matches[position];
    const due = item.dueDate && isCalendarDate(item.dueDate) ? item.dueDate : null;
    const assignee = item.assignee.slice(0, 200);
    const source = item.source ? tx.json(item.source as never) : null;
    const [saved] = row
      ? await tx<ActionItemRow[]>`update action_items a set position = ${position},
          task = case when a.draft_task is null then ${item.task} else a.task end, source = ${source},
          assignee = case when a.edited then a.assignee else ${assignee} end,
          due_date = case when a.edited then a.due_date else ${due}::date end, updated_at = now()
        where a.id = ${row.id} returning ${rowColumns(tx)}`
      : await tx<ActionItemRow[]>`insert into action_items as a (meeting_id, position, task, assignee, due_date, source)
          values (${meetingId}, ${position}, ${item.task}, ${assignee}, ${due}::date, ${source}) returning ${rowColumns(tx)}`;
    written.push(saved!);
  }
  for (const row of rows.filter((r) => r.byHand)) {
    const [moved] = await tx<ActionItemRow[]>`update action_items a set position = ${written.length}
      where a.id = ${row.id} returning ${rowColumns(tx)}`;
    written.push(moved!);
  }
  return written.map(summaryItemOf);
}

/** Rewrites the summary's copy of a meeting's action items from the table (after a change to the rows). */
export async function copyActionItemsToSummary(tx: Sql, meetingId: number): Promise<void> {
  const items = (await meetingRows(tx, meetingId)).map(summaryItemOf);
  await tx`update summaries set action_items = ${tx.json(items as never)},
      first_action_items = ${tx.json(items.slice(0, LIST_ACTION_ITEMS) as never)}, action_item_count = ${items.length}
    where meeting_id = ${meetingId}`;
}

/** An action item with the meeting it came from (none for a task added to a client alone), as the task list answers it. */
export interface ActionItemWithMeeting {
  id: number;
  task: string;
  assignee: string;
  dueDate: string | null;
  status: ActionItemStatus;
  completedAt: Date | null;
  byHand: boolean;
  meetingId: number | null;
  meetingTitle: string | null;
  meetingDate: Date | null;
  clientId: number;
  clientName: string;
}

const withMeetingColumns = (sql: Sql) => sql`a.id, a.task, a.assignee, a.due_date::text as "dueDate", a.status,
  a.completed_at as "completedAt", a.by_hand as "byHand", m.id as "meetingId", m.title as "meetingTitle",
  m.date as "meetingDate", c.id as "clientId", c.name as "clientName"`;

/**
 * The user's tasks with their meeting and client: a meeting's task through its meeting, a client's own through its
 * client_id. A summary's task waits, unlisted, while its summary is being made again; one added by hand does not.
 */
const ownedTasks = (sql: Sql, userId: number) => sql`
    from action_items a
    left join meetings m on m.id = a.meeting_id
    join clients c on c.id = coalesce(m.client_id, a.client_id)
    where c.user_id = ${userId} and (m.id is null or m.user_id = ${userId})
      and (a.by_hand or exists (select 1 from summaries s where s.meeting_id = a.meeting_id))`;

export interface ActionItemFilters {
  status?: ActionItemStatus;
  clientId?: number;
  /** At most this many (newest meetings first). */
  limit?: number;
}

/**
 * The user's action items, newest meeting (or, for a client's own task, newest task) first, in each meeting in the
 * summary's order.
 */
export async function listActionItems(
  sql: Sql,
  userId: number,
  filters: ActionItemFilters = {},
): Promise<ActionItemWithMeeting[]> {
  return sql<ActionItemWithMeeting[]>`
    select ${withMeetingColumns(sql)}
    ${ownedTasks(sql, userId)}
      ${filters.status === undefined ? sql`` : sql`and a.status = ${filters.status}`}
      ${filters.clientId === undefined ? sql`` : sql`and c.id = ${filters.clientId}`}
    order by coalesce(m.date, a.created_at) desc, m.id desc nulls first, a.position, a.id
    limit ${filters.limit ?? 1000}`;
}

async function findOwnedActionItem(sql: Sql, userId: number, id: number) {
  const [row] = await sql<ActionItemWithMeeting[]>`
    select ${withMeetingColumns(sql)} ${ownedTasks(sql, userId)} and a.id = ${id}`;
  return row;
}

export interface ActionItemChange {
  status?: ActionItemStatus;
  /** The task's new wording (checked by the caller). */
  task?: string;
  assignee?: string;
  /** yyyy-MM-dd (checked by the caller), or null to clear it. */
  dueDate?: string | null;
}

/**
 * Changes one of the user's action items and the summary's copy in one transaction; undefined when the user has no
 * such item. A changed task, assignee or due date is the advisor's from now on (a re-made summary keeps it).
 */
export async function updateActionItem(
  sql: Sql,
  userId: number,
  id: number,
  change: ActionItemChange,
): Promise<ActionItemWithMeeting | undefined> {
  return inTransaction(sql, async (tx) => {
    const [row] = await tx<{ meetingId: number | null }[]>`
      select a.meeting_id as "meetingId" ${ownedTasks(tx, userId)} and a.id = ${id}
      for update of a`;
    if (!row) return undefined;
    const editsOwner = change.assignee !== undefined || change.dueDate !== undefined;
    await tx`update action_items set
        status = coalesce(${change.status ?? null}, status),
        completed_at = case
          when ${change.status ?? null}::text is null then completed_at
          when ${change.status ?? null} = 'done' then coalesce(completed_at, now())
          else null end,
        draft_task = case
          when ${change.task ?? null}::text is null or by_hand or ${change.task ?? null} = task then draft_task
          else coalesce(draft_task, task) end,
        task = coalesce(${change.task ?? null}, task),
        assignee = coalesce(${change.assignee ?? null}, assignee),
        due_date = case when ${change.dueDate !== undefined} then ${change.dueDate ?? null}::date else due_date end,
        edited = edited or ${editsOwner}, updated_at = now()
      where id = ${id}`;
    if (row.meetingId !== null) await copyActionItemsToSummary(tx, row.meetingId);
    return findOwnedActionItem(tx, userId, id);
  });
}

/** A task the advisor adds: to one of their meetings, or to one of their clients with no meeting. */
export type NewHandTask = ({ meetingId: number } | { clientId: number }) & {
  task: string;
  assignee: string;
  /** yyyy-MM-dd, checked by the caller. */
  dueDate: string | null;
};

/**
 * Adds a task by hand; a meeting's goes after its other tasks and into its summary's copy (when it has a summary).
 * Undefined when the meeting or client is not the user's.
 */
export async function insertHandTask(
  sql: Sql,
  userId: number,
  task: NewHandTask,
): Promise<ActionItemWithMeeting | undefined> {
  return inTransaction(sql, async (tx) => {
    let id: number;
    if ("meetingId" in task) {
      const [meeting] = await tx<{ id: number }[]>`
        select id from meetings where id = ${task.meetingId} and user_id = ${userId} for update`;
      if (!meeting) return undefined;
      const [row] = await tx<{ id: number }[]>`
        insert into action_items (meeting_id, position, task, assignee, due_date, by_hand, edited)
        select ${task.meetingId}, coalesce(max(position) + 1, 0), ${task.task}, ${task.assignee},
          ${task.dueDate}::date, true, true
        from action_items where meeting_id = ${task.meetingId}
        returning id`;
      id = Number(row!.id);
      await copyActionItemsToSummary(tx, task.meetingId);
    } else {
      const [client] = await tx<{ id: number }[]>`
        select id from clients where id = ${task.clientId} and user_id = ${userId}`;
      if (!client) return undefined;
      const [row] = await tx<{ id: number }[]>`
        insert into action_items (client_id, position, task, assignee, due_date, by_hand, edited)
        values (${task.clientId}, 0, ${task.task}, ${task.assignee}, ${task.dueDate}::date, true, true)
        returning id`;
      id = Number(row!.id);
    }
    return findOwnedActionItem(tx, userId, id);
  });
}

/**
 * A speaker renamed: the meeting's action items assigned to `from` (case and spacing aside) are assigned to `to`, in
 * the caller's transaction; returns how many.
 */
export async function renameActionItemAssignee(tx: Sql, meetingId: number, from: string, to: string) {
  const rows = await meetingRows(tx, meetingId);
  const key = normaliseTaskText(from);
  const ids = rows.filter((row) => row.assignee && normaliseTaskText(row.assignee) === key).map((row) => row.id);
  if (ids.length === 0) return 0;
  await tx`update action_items set assignee = ${to}, updated_at = now() where id in ${tx(ids)}`;
  await copyActionItemsToSummary(tx, meetingId);
  return ids.length;
}
