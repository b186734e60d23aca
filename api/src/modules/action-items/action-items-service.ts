import {
  type ActionItemChange,
  type ActionItemWithMeeting,
  isCalendarDate,
  listActionItems,
  updateActionItem,
} from "@cm/db/queries/action-items";
import type { AppContext } from "../../context";
import { badRequest, notFound } from "../../http-error";
import { ACTION_ITEM_STATUSES, type ActionItemPatchBody, type ActionItemStatus, type ActionItemTask } from "./model";

function presentTask(row: ActionItemWithMeeting): ActionItemTask {
  return {
    id: row.id,
    task: row.task,
    assignee: row.assignee,
    dueDate: row.dueDate,
    status: row.status,
    completedAt: row.completedAt?.toISOString() ?? null,
    meetingId: row.meetingId,
    meetingTitle: row.meetingTitle,
    meetingDate: row.meetingDate.toISOString(),
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

/** A due date from the request: yyyy-MM-dd of a real day between 1900 and 2200, or null to clear it. */
export function parseDueDate(value: string | null): string | null {
  if (value === null || value.trim() === "") return null;
  const day = value.trim();
  const year = Number(day.slice(0, 4));
  if (!isCalendarDate(day) || year < 1900 || year > 2200) {
    throw badRequest("validation failed: dueDate must be a date written yyyy-MM-dd (for example 2026-03-31)");
  }
  return day;
}

/** Checks a PATCH body into the change it asks for. */
export function parseActionItemChange(body: ActionItemPatchBody): ActionItemChange {
  const change: ActionItemChange = {};
  if (body.status !== undefined) change.status = parseStatus(body.status);
  if (body.assignee !== undefined) change.assignee = body.assignee.trim();
  if (body.dueDate !== undefined) change.dueDate = parseDueDate(body.dueDate);
  if (Object.keys(change).length === 0) {
    throw badRequest("validation failed: nothing to change: send status, assignee or dueDate");
  }
  return change;
}

export async function listUserActionItems(
  ctx: AppContext,
  userId: number,
  query: { status?: string | undefined; clientId?: number | undefined },
): Promise<ActionItemTask[]> {
  const status = query.status === undefined || query.status === "" ? undefined : parseStatus(query.status);
  const rows = await listActionItems(ctx.db.sql, userId, {
    ...(status ? { status } : {}),
    ...(query.clientId === undefined ? {} : { clientId: query.clientId }),
  });
  return rows.map(presentTask);
}

export async function changeUserActionItem(
  ctx: AppContext,
  userId: number,
  id: number,
  body: ActionItemPatchBody,
): Promise<ActionItemTask> {
  const change = parseActionItemChange(body);
  const row = await updateActionItem(ctx.db.sql, userId, id, change);
  if (!row) throw notFound("Action item");
  return presentTask(row);
}
