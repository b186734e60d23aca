import { countActionItems } from "@cm/db/queries/account-limits";
import {
  type ActionItemChange,
  type ActionItemWithMeeting,
  insertHandTask,
  isCalendarDate,
  listActionItems,
  updateActionItem,
} from "@cm/db/queries/action-items";
import type { UserRow } from "@cm/db/queries/users";
import type { AppContext } from "../../context";
import { DATE_RANGE_TEXT, readIsoDate } from "../../http/parse-instant";
import { badRequest, notFound } from "../../http-error";
import { type AuditWho, auditedChange } from "../audit/audited";
import { findQuotaLimits } from "../usage/account-quotas";
import { countCreation } from "../usage/creation-rate";
import { type CountCheck, limitedWrite } from "../usage/limited-write";
import {
  ASSIGNEE_FILTERS,
  type AssigneeFilter,
  advisorNames,
  distinctiveNameWords,
  isAdvisorsTask,
  isClientsTask,
} from "./assignee-filter";
import {
  ACTION_ITEM_STATUSES,
  type ActionItemPatchBody,
  type ActionItemStatus,
  type ActionItemTask,
  type NewActionItemBody,
} from "./model";

function presentTask(row: ActionItemWithMeeting): ActionItemTask {
  return {
    id: row.id,
    task: row.task,
    assignee: row.assignee,
    dueDate: row.dueDate,
    status: row.status,
    completedAt: row.completedAt?.toISOString() ?? null,
    byHand: row.byHand,
    meetingId: row.meetingId,
    meetingTitle: row.meetingTitle,
    meetingDate: row.meetingDate?.toISOString() ?? null,
    clientId: row.clientId,
    clientName: row.clientName,
  };
}

/** A status from the request, or a 400 naming the allowed values. */
export function parseStatus(value: string): ActionItemStatus {
  const status = ACTION_ITEM_STATUSES.find((allowed) => allowed === value.trim().toLowerCase());
  if (!status) throw badRequest(`validation failed: status must be "open" or "done" (got "${value.slice(0, 20)}")`);
  return status;
}

/** A due date from the request: yyyy-MM-dd of a real day in the accepted range (parse-instant.ts), or null to clear it. */
export function parseDueDate(value: string | null): string | null {
  if (value === null || value.trim() === "") return null;
  const day = value.trim();
  if (!isCalendarDate(day) || !readIsoDate(`${day}T00:00:00Z`)) {
    throw badRequest(
      `validation failed: dueDate must be a date written yyyy-MM-dd (for example 2026-03-31) ${DATE_RANGE_TEXT}`,
    );
  }
  return day;
}

/** A task's text: trimmed, not empty (its length is bounded by the body's model). */
export function parseTaskText(value: string): string {
  const task = value.trim();
  if (!task) throw badRequest("validation failed: task is required");
  return task;
}

/** An assignee filter from the query: "mine", "client", or anyone's without one. */
export function parseAssigneeFilter(value: string | undefined): AssigneeFilter | undefined {
  if (value === undefined || value.trim() === "" || value.trim().toLowerCase() === "any") return undefined;
  const filter = ASSIGNEE_FILTERS.find((allowed) => allowed === value.trim().toLowerCase());
  if (!filter) throw badRequest('validation failed: assignee must be "mine", "client" or "any"');
  return filter;
}

/** Checks a PATCH body into the change it asks for. */
export function parseActionItemChange(body: ActionItemPatchBody): ActionItemChange {
  const change: ActionItemChange = {};
  if (body.status !== undefined) change.status = parseStatus(body.status);
  if (body.task !== undefined) change.task = parseTaskText(body.task);
  if (body.assignee !== undefined) change.assignee = body.assignee.trim();
  if (body.dueDate !== undefined) change.dueDate = parseDueDate(body.dueDate);
  if (Object.keys(change).length === 0) {
    throw badRequest("validation failed: nothing to change: send status, task, assignee or dueDate");
  }
  return change;
}

/** Keeps the tasks the filter asks for: the advisor's own, or the client's. */
function filterByAssignee(rows: ActionItemWithMeeting[], filter: AssigneeFilter, user: UserRow) {
  if (filter === "mine") {
    const names = advisorNames(user);
    return rows.filter((row) => isAdvisorsTask(row.assignee, names));
  }
  const wordsByClient = new Map<number, Set<string>>();
  return rows.filter((row) => {
    let words = wordsByClient.get(row.clientId);
    if (!words) {
      words = distinctiveNameWords(row.clientName);
      wordsByClient.set(row.clientId, words);
    }
    return isClientsTask(row.assignee, words);
  });
}

export async function listUserActionItems(
  ctx: AppContext,
  user: UserRow,
  query: { status?: string | undefined; clientId?: number | undefined; assignee?: string | undefined },
): Promise<ActionItemTask[]> {
  const status = query.status === undefined || query.status === "" ? undefined : parseStatus(query.status);
  const assignee = parseAssigneeFilter(query.assignee);
  const rows = await listActionItems(ctx.db.sql, user.id, {
    ...(status ? { status } : {}),
    ...(query.clientId === undefined ? {} : { clientId: query.clientId }),
  });
  return (assignee ? filterByAssignee(rows, assignee, user) : rows).map(presentTask);
}

/**
 * Adds a task by hand to one of the user's meetings or clients; 404 when it is not theirs. A creation of the minute,
 * and one of the meeting's (or client's) action items: 429 past either.
 */
export async function addUserActionItem(
  ctx: AppContext,
  userId: number,
  body: NewActionItemBody,
  who: AuditWho,
): Promise<ActionItemTask> {
  const hasMeeting = body.meetingId !== undefined;
  if (hasMeeting === (body.clientId !== undefined)) {
    throw badRequest("validation failed: meetingId or clientId: send exactly one of the two");
  }
  const fields = {
    task: parseTaskText(body.task),
    assignee: (body.assignee ?? "").trim(),
    dueDate: parseDueDate(body.dueDate ?? null),
  };
  const target = hasMeeting ? { meetingId: body.meetingId! } : { clientId: body.clientId! };
  await countCreation(ctx, userId);
  const limit = (await findQuotaLimits(ctx, userId)).counts.actionItemsPerMeeting;
  const items: CountCheck = { name: "actionItems", limit, read: (tx) => countActionItems(tx, userId, target) };
  const row = await limitedWrite(ctx, userId, items, (tx) =>
    auditedChange(
      tx,
      who,
      (inner) => insertHandTask(inner, userId, { ...target, ...fields }),
      (added) => added && { ...taskTarget(added), action: "task.created", details: { task: added.task } },
    ),
  );
  if (!row) throw notFound(hasMeeting ? "Meeting" : "Client");
  return presentTask(row);
}

export async function changeUserActionItem(
  ctx: AppContext,
  userId: number,
  id: number,
  body: ActionItemPatchBody,
  who: AuditWho,
): Promise<ActionItemTask> {
  const change = parseActionItemChange(body);
  const row = await auditedChange(
    ctx.db.sql,
    who,
    (tx) => updateActionItem(tx, userId, id, change),
    (changed) => changed && { ...taskTarget(changed), action: "task.edited", details: { ...change } },
  );
  if (!row) throw notFound("Action item");
  return presentTask(row);
}

/** Where a task's audit row points: the task, its meeting and its client. */
function taskTarget(task: ActionItemWithMeeting) {
  return { target: { kind: "task", id: task.id }, meetingId: task.meetingId, clientId: task.clientId };
}
