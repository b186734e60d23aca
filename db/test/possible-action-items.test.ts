// Migration 037: possible action items (tasks the engine was not sure of) are stored apart from the action items:
// they are no tasks (no ids, nothing on the Tasks page), they read back with their moments, and a summary without
// them reads as none.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Database } from "../src/client";
import { findMeeting } from "../src/queries/meetings";
import { findSummary, upsertSummary } from "../src/queries/summaries";
import { createTestDatabase } from "../src/testing";

let db: Database;
let userId: number;
let meetingId: number;

beforeAll(async () => {
  db = await createTestDatabase();
  const [user] = await db.sql<
    { id: number }[]
  >`insert into users (username, password) values ('maybe', 'x') returning id`;
  userId = user!.id;
  const [client] = await db.sql<{ id: number }[]>`
    insert into clients (user_id, name, type) values (${userId}, 'Okafor', 'Wealth') returning id`;
  const [meeting] = await db.sql<{ id: number }[]>`
    insert into meetings (user_id, client_id, title, date, status)
    values (${userId}, ${client!.id}, 'Review', now(), 'Processed') returning id`;
  meetingId = meeting!.id;
});
afterAll(async () => {
  await db?.close();
});

const possible = [{ task: "Look at the old annuity", assignee: "Ada Okafor", source: { segment: 2, start: 12 } }];

test("possible action items are stored apart, read back with their moments, and are no tasks", async () => {
  await upsertSummary(db.sql, meetingId, {
    executiveSummary: "Reviewed.",
    keyPoints: [],
    actionItems: [{ task: "Send the fee letter", assignee: "Ada Okafor" }],
    nextMeeting: null,
    possibleActionItems: possible,
  });
  const summary = await findSummary(db.sql, meetingId);
  expect(summary?.possibleActionItems).toEqual(possible);
  expect(summary?.actionItems.map((item) => item.task)).toEqual(["Send the fee letter"]);
  const [tasks] = await db.sql<
    { n: number }[]
  >`select count(*)::int as n from action_items where meeting_id = ${meetingId}`;
  expect(tasks?.n).toBe(1);
  expect((await findMeeting(db.sql, userId, meetingId))?.possibleActionItems).toEqual(possible);
});

test("a new draft without possible items leaves none", async () => {
  await upsertSummary(db.sql, meetingId, {
    executiveSummary: "Reviewed again.",
    keyPoints: [],
    actionItems: [],
    nextMeeting: null,
  });
  expect((await findSummary(db.sql, meetingId))?.possibleActionItems).toBeUndefined();
  expect((await findMeeting(db.sql, userId, meetingId))?.possibleActionItems).toBeUndefined();
});
