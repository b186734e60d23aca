import type { ActionItemStatus } from "@cm/api/models";

/** Whose tasks the Tasks page shows: anyone's, the advisor's own, or the client's. */
export type AssigneeChoice = "any" | "mine" | "client";

/**
 * The SWR key of the task list of one status and assignee choice: the Tasks page's tabs (the server loads the open
 * one, anyone's).
 */
export const actionItemsKey = (status: ActionItemStatus, assignee: AssigneeChoice = "any") =>
  assignee === "any" ? `/api/action-items?status=${status}` : `/api/action-items?status=${status}&assignee=${assignee}`;
