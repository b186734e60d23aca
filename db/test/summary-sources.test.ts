// Migration 022: decisions are stored, every item keeps its transcript moment (action items through the task table
// the summary's copy is rewritten from), and key points stored as plain strings still read.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Database } from "../src/client";
import { copyActionItemsToSummary } from "../src/queries/action-items";
import { findSummary, upsertSummary } from "../src/queries/summaries";
import { createTestDatabase } from "../src/testing";

let db: Database;
let meetingId: number;

beforeAll(async () => {
  db = await createTestDatabase();
  const [user] = await db.sql<
    { id: number }[]
  >`insert into users (username, password) values ('moments', 'x') returning id`;
  const [client] = await db.sql<{ id: number }[]>`
    insert into clients (user_id, name, type) values (${user!.id}, 'Lind', 'Wealth') returning id`;
  const [meeting] = await db.sql<{ id: number }[]>`
    insert into meetings (user_id, client_id, title, date, status)
    values (${user!.id}, ${client!.id}, 'Budget', now(), 'Processed') returning id`;
  meetingId = meeting!.id;
});
afterAll(async () => {
  await db?.close();
});

const withoutTaskFields = <T extends { id?: number; status?: string }>(items: T[]) =>
  items.map(({ id: _id, status: _status, ...rest }) => rest);

test("key points, decisions, action items and the next meeting keep their moments", async () => {
  await upsertSummary(db.sql, meetingId, {
    executiveSummary: "Budget reviewed.",
    keyPoints: [{ text: "Roof repair about $9,000", source: { segment: 1, start: 8.5 } }, "Said without a moment"],
    decisions: [{ text: "Pause extra mortgage payments", source: { segment: 2, start: null } }],
    actionItems: [{ task: "Send the cash-flow sheet", assignee: "Robin", source: { segment: 3, start: 33 } }],
    nextMeeting: { date: "2027-06-14", time: "09:30", topics: ["Cash flow"], source: { segment: 4, start: 41 } },
  });
  const summary = await findSummary(db.sql, meetingId);
  expect(summary?.keyPoints).toEqual([
    { text: "Roof repair about $9,000", source: { segment: 1, start: 8.5 } },
    { text: "Said without a moment" },
  ]);
  expect(summary?.decisions).toEqual([{ text: "Pause extra mortgage payments", source: { segment: 2, start: null } }]);
  expect(withoutTaskFields(summary!.actionItems)).toEqual([
    { task: "Send the cash-flow sheet", assignee: "Robin", source: { segment: 3, start: 33 } },
  ]);
  expect(summary?.nextMeeting).toEqual({
    date: "2027-06-14",
    time: "09:30",
    topics: ["Cash flow"],
    source: { segment: 4, start: 41 },
  });
  // A change to the tasks rewrites the summary's copy from the table: the moment survives it.
  await db.sql.begin((tx) => copyActionItemsToSummary(tx as never, meetingId));
  expect((await findSummary(db.sql, meetingId))?.actionItems[0]?.source).toEqual({ segment: 3, start: 33 });
});

test("rows from before migration 022 read: string key points, no decisions column value, odd moments ignored", async () => {
  await db.sql`update summaries set key_points = ${db.sql.json(["Plain point", { text: "Odd", source: { segment: -2 } }, 7] as never)},
      decisions = '[]'::jsonb, next_meeting = ${db.sql.json({ date: "2027-06-14", time: "9.30pm", topics: [] } as never)}
    where meeting_id = ${meetingId}`;
  const summary = await findSummary(db.sql, meetingId);
  expect(summary?.keyPoints).toEqual([{ text: "Plain point" }, { text: "Odd" }]);
  expect(summary?.decisions).toEqual([]);
  expect(summary?.nextMeeting).toEqual({ date: "2027-06-14", topics: [] });
  await expect(
    db.sql`update summaries set decisions = '{"not": "a list"}' where meeting_id = ${meetingId}`,
  ).rejects.toThrow(/summaries_decisions_list/);
});
