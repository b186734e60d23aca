import type { ActionItemStatus } from "@cm/api/models";

/** The SWR key of the task list of one status: the Tasks page's tabs (the server loads the open one). */
export const actionItemsKey = (status: ActionItemStatus) => `/api/action-items?status=${status}`;
