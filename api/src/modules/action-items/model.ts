import { type Static, t } from "elysia";
import { Nullable } from "../common-model";

export const ACTION_ITEM_STATUSES = ["open", "done"] as const;
export type ActionItemStatus = (typeof ACTION_ITEM_STATUSES)[number];

/** An action item as a task, with the meeting it came from. Dates: `dueDate` yyyy-MM-dd, the others ISO 8601. */
export const ActionItemTask = t.Object({
  id: t.Integer(),
  task: t.String(),
  assignee: t.String(),
  dueDate: Nullable(t.String()),
  status: t.Union([t.Literal("open"), t.Literal("done")]),
  completedAt: Nullable(t.String()),
  meetingId: t.Integer(),
  meetingTitle: t.String(),
  meetingDate: t.String(),
  clientId: t.Integer(),
  clientName: t.String(),
});
export type ActionItemTask = Static<typeof ActionItemTask>;

export const ActionItemTaskList = t.Array(ActionItemTask);
export type ActionItemTaskList = Static<typeof ActionItemTaskList>;

/** `status=open|done` (both without it), `clientId` one client's. Checked by the route for a readable message. */
export const ActionItemListQuery = t.Object({
  status: t.Optional(t.String({ maxLength: 20 })),
  clientId: t.Optional(t.Numeric({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
});
export type ActionItemListQuery = Static<typeof ActionItemListQuery>;

/**
 * PATCH /api/action-items/{id}: any of status ("open" or "done"), assignee ("" for nobody), dueDate (yyyy-MM-dd;
 * null or "" clears it). Status and date are checked by the route, so a wrong one is named in the message.
 */
export const ActionItemPatchBody = t.Object({
  status: t.Optional(t.String({ maxLength: 20 })),
  assignee: t.Optional(t.String({ maxLength: 200 })),
  dueDate: t.Optional(Nullable(t.String({ maxLength: 20 }))),
});
export type ActionItemPatchBody = Static<typeof ActionItemPatchBody>;
