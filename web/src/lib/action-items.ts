import type { ActionItemPatchBody, ActionItemStatus, ActionItemTask } from "@cm/api/models";
import { format, parseISO } from "date-fns";
import { useEffect, useState } from "react";
import type { ScopedMutator } from "swr";
import { apiRequest } from "./api-request";

export { actionItemsKey } from "./action-item-keys";

/** Changes one action item (PATCH /api/action-items/{id}); throws the server's refusal. */
export function patchActionItem(id: number, change: ActionItemPatchBody): Promise<ActionItemTask> {
  return apiRequest<ActionItemTask>("PATCH", `/api/action-items/${id}`, change);
}

/** Revalidates every task list (both tabs, any filter) after a change. */
export function refreshActionItemLists(mutate: ScopedMutator): Promise<unknown> {
  return mutate((key) => typeof key === "string" && /^\/api\/action-items(\?|$)/.test(key));
}

/** Today in the browser's calendar, as yyyy-MM-dd. */
export const localToday = (now = new Date()) => format(now, "yyyy-MM-dd");

/**
 * Today in the browser's calendar, known once the page runs in the browser (null while server-rendering and
 * hydrating): the server's day may not be the advisor's, and the first HTML must match what the browser renders.
 */
export function useToday(): string | null {
  const [today, setToday] = useState<string | null>(null);
  useEffect(() => setToday(localToday()), []);
  return today;
}

/** An open item whose due day is before today is overdue (on its due day it is not yet). */
export function isOverdue(
  item: { status?: ActionItemStatus | undefined; dueDate?: string | null | undefined },
  today: string | null,
) {
  return today !== null && item.status !== "done" && Boolean(item.dueDate) && item.dueDate! < today;
}

/** A due day ("2026-03-31") in words: "Mar 31, 2026". */
export const formatDueDate = (day: string) => format(parseISO(day), "MMM d, yyyy");

/** Items grouped by client, in the order their clients first appear (the list is newest meeting first). */
export function groupByClient(items: ActionItemTask[]) {
  const groups = new Map<number, { clientId: number; clientName: string; items: ActionItemTask[] }>();
  for (const item of items) {
    const group = groups.get(item.clientId) ?? { clientId: item.clientId, clientName: item.clientName, items: [] };
    group.items.push(item);
    groups.set(item.clientId, group);
  }
  return [...groups.values()];
}
