import { expect, test } from "bun:test";
import type { ActionItemTask } from "@cm/api/models";
import { groupByClient, isOverdue } from "./action-items";

test("an open item is overdue from the day after its due day; a done one, one without a date, or unknown today never", () => {
  expect(isOverdue({ status: "open", dueDate: "2026-03-09" }, "2026-03-10")).toBe(true);
  expect(isOverdue({ status: "open", dueDate: "2026-03-10" }, "2026-03-10")).toBe(false);
  expect(isOverdue({ status: "done", dueDate: "2026-03-01" }, "2026-03-10")).toBe(false);
  expect(isOverdue({ status: "open", dueDate: null }, "2026-03-10")).toBe(false);
  expect(isOverdue({ status: "open", dueDate: "2026-03-01" }, null)).toBe(false);
});

test("items are grouped by client in the order the clients first appear", () => {
  const item = (id: number, clientId: number, clientName: string) =>
    ({ id, clientId, clientName, task: `Task ${id}` }) as ActionItemTask;
  const groups = groupByClient([item(1, 7, "Okafor"), item(2, 3, "Hendricks"), item(3, 7, "Okafor")]);
  expect(groups.map((g) => [g.clientName, g.items.map((i) => i.id)])).toEqual([
    ["Okafor", [1, 3]],
    ["Hendricks", [2]],
  ]);
});
