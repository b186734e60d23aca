import { type Static, t } from "elysia";
import { BodyId, IdNumber, Nullable, SingleLine } from "../common-model";

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
  /** Added by the advisor (POST /api/action-items) rather than found in a summary. */
  byHand: t.Boolean(),
  /** The meeting it belongs to; null for a task added to a client alone. */
  meetingId: Nullable(t.Integer()),
  meetingTitle: Nullable(t.String()),
  meetingDate: Nullable(t.String()),
  clientId: t.Integer(),
  clientName: t.String(),
});
export type ActionItemTask = Static<typeof ActionItemTask>;

export const ActionItemTaskList = t.Array(ActionItemTask);
export type ActionItemTaskList = Static<typeof ActionItemTaskList>;

/**
 * `status=open|done` (both without it), `clientId` one client's, `assignee=mine|client` the advisor's own (assigned to
 * the account's name) or the client's (assigned to someone the client's name names); anyone's without it. Checked by
 * the route for a readable message.
 */
export const ActionItemListQuery = t.Object({
  status: t.Optional(t.String({ maxLength: 20 })),
  assignee: t.Optional(t.String({ maxLength: 20 })),
  clientId: t.Optional(IdNumber),
});
export type ActionItemListQuery = Static<typeof ActionItemListQuery>;

/** The longest task text the advisor may write. */
export const MAX_TASK_LENGTH = 1000;
/** The longest assignee (the column's own limit). */
export const MAX_ASSIGNEE_LENGTH = 200;

/**
 * PATCH /api/action-items/{id}: any of status ("open" or "done"), task (its text, not empty), assignee ("" for
 * nobody), dueDate (yyyy-MM-dd; null or "" clears it). Checked by the route, so a wrong one is named in the message.
 */
export const ActionItemPatchBody = t.Object({
  status: t.Optional(t.String({ maxLength: 20 })),
  task: t.Optional(SingleLine({ maxLength: MAX_TASK_LENGTH })),
  assignee: t.Optional(SingleLine({ maxLength: MAX_ASSIGNEE_LENGTH })),
  dueDate: t.Optional(Nullable(t.String({ maxLength: 20 }))),
});
export type ActionItemPatchBody = Static<typeof ActionItemPatchBody>;

/**
 * POST /api/action-items: a task added by hand to one of the advisor's meetings (`meetingId`) or clients
 * (`clientId`), exactly one of the two. Lengths and the date are checked by the route, so the message names the field.
 */
export const NewActionItemBody = t.Object({
  meetingId: t.Optional(BodyId),
  clientId: t.Optional(BodyId),
  task: SingleLine({ maxLength: MAX_TASK_LENGTH }),
  assignee: t.Optional(SingleLine({ maxLength: MAX_ASSIGNEE_LENGTH })),
  dueDate: t.Optional(Nullable(t.String({ maxLength: 20 }))),
});
export type NewActionItemBody = Static<typeof NewActionItemBody>;
