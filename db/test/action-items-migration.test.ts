// Migration 013 makes every stored summary's action items rows of action_items (tasks with ids and a status) and
// gives the summary's copies (action_items, first_action_items) those ids and statuses.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Database } from "../src/client";
import { loadMigrations, migrate } from "../src/migrate";
import { listActionItems } from "../src/queries/action-items";
import { findSummary } from "../src/queries/summaries";
import { createTestDatabase } from "../src/testing";

let db: Database;
let userId: number;
let meetingId: number;
let emptyId: number;

const ITEMS = [
  { task: "Send the trade list", assignee: "Morgan", dueDate: "2027-02-18" },
  { task: "Call the bank", assignee: "Dana", dueDate: "next Friday" },
  { task: "Book the notary", assignee: "" },
  { task: "File the form", assignee: "Ann", dueDate: "2027-02-30" },
];

beforeAll(async () => {
  db = await createTestDatabase({ empty: true });
  const before = loadMigrations().filter((m) => m.version < "013");
  await migrate(db.sql, before);
  const [user] = await db.sql<{ id: number }[]>`insert into users (username, password) values ('u', 'x') returning id`;
  userId = user!.id;
  const [client] = await db.sql<{ id: number }[]>`
    insert into clients (user_id, name, type) values (${userId}, 'Okafor', 'Legal') returning id`;
  const insertMeeting = async (title: string, items: unknown[]) => {
    const [meeting] = await db.sql<{ id: number }[]>`
      insert into meetings (user_id, client_id, title, date, status)
      values (${userId}, ${client!.id}, ${title}, now(), 'Processed') returning id`;
    await db.sql`insert into summaries (meeting_id, executive_summary, key_points, action_items, action_item_count,
        list_summary, first_action_items)
      values (${meeting!.id}, 'Summary.', '[]', ${db.sql.json(items as never)}, ${items.length}, 'Summary.',
        ${db.sql.json(items.slice(0, 3) as never)})`;
    return meeting!.id;
  };
  meetingId = await insertMeeting("With items", ITEMS);
  emptyId = await insertMeeting("Without items", []);
  expect(await migrate(db.sql)).toContain("013_action_items");
}, 120_000);
afterAll(async () => {
  await db?.close();
});

test("each stored action item becomes an open task, in order; a due date that is no calendar day is left out", async () => {
  const tasks = await listActionItems(db.sql, userId);
  expect(tasks.map((t) => [t.task, t.assignee, t.dueDate, t.status, t.meetingId])).toEqual([
    ["Send the trade list", "Morgan", "2027-02-18", "open", meetingId],
    ["Call the bank", "Dana", null, "open", meetingId],
    ["Book the notary", "", null, "open", meetingId],
    ["File the form", "Ann", null, "open", meetingId],
  ]);
});

test("the summary's copies carry the tasks' ids and statuses", async () => {
  const tasks = await listActionItems(db.sql, userId);
  const summary = await findSummary(db.sql, meetingId);
  expect(summary!.actionItems).toEqual([
    { id: tasks[0]!.id, task: "Send the trade list", assignee: "Morgan", dueDate: "2027-02-18", status: "open" },
    { id: tasks[1]!.id, task: "Call the bank", assignee: "Dana", status: "open" },
    { id: tasks[2]!.id, task: "Book the notary", assignee: "", status: "open" },
    { id: tasks[3]!.id, task: "File the form", assignee: "Ann", status: "open" },
  ]);
  const [row] = await db.sql<{ first: { id: number }[]; count: number }[]>`
    select first_action_items as first, action_item_count as count from summaries where meeting_id = ${meetingId}`;
  expect(row!.first.map((item) => item.id)).toEqual(tasks.slice(0, 3).map((t) => t.id));
  expect(row!.count).toBe(4);
  expect((await findSummary(db.sql, emptyId))!.actionItems).toEqual([]);
});
