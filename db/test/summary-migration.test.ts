// Migration 009 turns the summary's JSON text columns (and legacy "Date:/Topics:" next-meeting text) into jsonb of
// one shape. Rows written under migration 008's schema, well-formed, legacy and malformed, are migrated and read back.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Database } from "../src/client";
import { loadMigrations, migrate } from "../src/migrate";
import { findMeeting, listMeetings } from "../src/queries/meetings";
import { findSummary, upsertSummary } from "../src/queries/summaries";
import { createTestDatabase } from "../src/testing";

let db: Database;
let userId: number;
const meetingIds = new Map<string, number>();

/** key_points, action_items, next_meeting as migration 001 stored them: text. */
const LEGACY_ROWS: Record<string, [string, string, string | null]> = {
  json: [
    '["Rebalance toward bonds","Tuition covered"]',
    '[{"task":"Send the trade list","assignee":"Morgan"},{"task":"Call the bank","assignee":"Dana"}]',
    '{"date":"2027-02-18","topics":["June review","529 plan"]}',
  ],
  legacyText: [
    "- Rebalance toward bonds\n* Tuition covered\r\n\n• Trust signed  ",
    '[{"task":"Sign","assignee":"Ann"},{"task":"File","assignee":7},{"assignee":"nobody"},"loose",{"task":"Pay"}]',
    "Follow-up agreed.\n  Date: March 3, 2027\r\nTOPICS: Rollover, insurance;estate plan\n",
  ],
  malformed: ['{"cut off', "not json at all", '{"date": '],
  oddJson: ['"one point"', '{"task":"not a list"}', '["a list, not an object"]'],
  onlyTopics: ["[]", "[]", "Topics: Tax"],
  nothing: ["", "", "   \n  "],
  nullNext: ['[1, null, "two"]', "[]", null],
};

beforeAll(async () => {
  db = await createTestDatabase({ empty: true });
  const before = loadMigrations().filter((m) => m.version < "009");
  expect(before.at(-1)?.version).toStartWith("008_");
  await migrate(db.sql, before);
  const [user] = await db.sql<
    { id: number }[]
  >`insert into users (username, password) values ('old', 'x') returning id`;
  userId = user!.id;
  const [client] = await db.sql<{ id: number }[]>`
    insert into clients (user_id, name, type) values (${userId}, 'Okafor', 'Legal') returning id`;
  let day = 1;
  for (const [name, [keyPoints, actionItems, nextMeeting]] of Object.entries(LEGACY_ROWS)) {
    const [meeting] = await db.sql<{ id: number }[]>`
      insert into meetings (user_id, client_id, title, date, status)
      values (${userId}, ${client!.id}, ${name}, ${new Date(Date.UTC(2026, 0, day++))}, 'Processed') returning id`;
    meetingIds.set(name, meeting!.id);
    // As migration 004 and the old upsert wrote the list copies.
    await db.sql`insert into summaries (meeting_id, executive_summary, key_points, action_items, next_meeting,
        action_item_count, list_summary, first_action_items)
      values (${meeting!.id}, ${`Summary of ${name}.`}, ${keyPoints}, ${actionItems}, ${nextMeeting}, 2,
        ${`Summary of ${name}.`},
        case when ${actionItems} ~ '^\\s*\\[' then jsonb_path_query_array(${actionItems}::jsonb, '$[0 to 2]') end)`;
  }
  expect(await migrate(db.sql)).toEqual(
    loadMigrations()
      .map((m) => m.version)
      .filter((v) => v >= "009"),
  );
});
afterAll(async () => {
  await db?.close();
});

/** Action items without the task id and status migration 013 adds (tested in action-items-migration.test.ts). */
function withoutTaskFields(items: unknown): unknown[] {
  return (items as Record<string, unknown>[]).map((item) => {
    const copy = { ...item };
    delete copy.id;
    delete copy.status;
    return copy;
  });
}

/** The summary as migration 009 left it: key points as their texts (migration 022 reads them as {text}). */
const summaryOf = async (name: string) => {
  const summary = await findSummary(db.sql, meetingIds.get(name)!);
  if (!summary) return summary;
  const { decisions, keyPoints, ...rest } = summary;
  expect(decisions).toEqual([]);
  return {
    ...rest,
    keyPoints: keyPoints.map((point) => point.text),
    actionItems: withoutTaskFields(summary.actionItems),
  };
};

test("well-formed JSON text is kept as it was", async () => {
  expect(await summaryOf("json")).toEqual({
    executiveSummary: "Summary of json.",
    keyPoints: ["Rebalance toward bonds", "Tuition covered"],
    actionItems: [
      { task: "Send the trade list", assignee: "Morgan" },
      { task: "Call the bank", assignee: "Dana" },
    ],
    nextMeeting: { date: "2027-02-18", topics: ["June review", "529 plan"] },
  });
});

test("legacy text: key points one a line without bullets, next meeting from its Date: and Topics: lines", async () => {
  expect(await summaryOf("legacyText")).toEqual({
    executiveSummary: "Summary of legacyText.",
    keyPoints: ["Rebalance toward bonds", "Tuition covered", "Trust signed"],
    actionItems: [
      { task: "Sign", assignee: "Ann" },
      { task: "File", assignee: "" },
      { task: "Pay", assignee: "" },
    ],
    nextMeeting: { date: "March 3, 2027", topics: ["Rollover", "insurance", "estate plan"] },
  });
  expect((await summaryOf("onlyTopics"))?.nextMeeting).toEqual({ date: null, topics: ["Tax"] });
});

test("malformed and odd values become empty lists or no next meeting, without failing the migration", async () => {
  expect(await summaryOf("malformed")).toEqual({
    executiveSummary: "Summary of malformed.",
    keyPoints: ['{"cut off'],
    actionItems: [],
    nextMeeting: null,
  });
  expect(await summaryOf("oddJson")).toEqual({
    executiveSummary: "Summary of oddJson.",
    keyPoints: ["one point"],
    actionItems: [],
    nextMeeting: null,
  });
  expect(await summaryOf("nothing")).toMatchObject({ keyPoints: [], actionItems: [], nextMeeting: null });
  expect(await summaryOf("nullNext")).toMatchObject({ keyPoints: ["1", "two"], nextMeeting: null });
});

test("the columns are jsonb of one shape, and the list copies follow the converted action items", async () => {
  const rows = await db.sql<{ meetingId: number; count: number; first: unknown; types: string }[]>`
    select meeting_id as "meetingId", action_item_count as count, first_action_items as first,
      jsonb_typeof(key_points) || ',' || jsonb_typeof(action_items) || ',' || coalesce(jsonb_typeof(next_meeting), 'none')
        as types
    from summaries order by meeting_id`;
  for (const row of rows) expect(row.types).toMatch(/^array,array,(object|none)$/);
  const legacy = rows.find((r) => r.meetingId === meetingIds.get("legacyText"))!;
  expect(legacy.count).toBe(3);
  expect(withoutTaskFields(legacy.first)).toEqual([
    { task: "Sign", assignee: "Ann" },
    { task: "File", assignee: "" },
    { task: "Pay", assignee: "" },
  ]);
  expect(rows.find((r) => r.meetingId === meetingIds.get("malformed"))).toMatchObject({ count: 0, first: [] });
  await expect(
    db.sql`update summaries set key_points = '{"not": "a list"}' where meeting_id = ${meetingIds.get("json")!}`,
  ).rejects.toThrow(/summaries_key_points_list/);
});

test("the meeting list and page read the migrated rows, and a new summary is written in the same shape", async () => {
  const list = await listMeetings(db.sql, userId);
  const item = list.find((m) => m.id === meetingIds.get("legacyText"))!;
  expect(item.nextMeeting).toEqual({ date: "March 3, 2027", topics: ["Rollover", "insurance", "estate plan"] });
  expect(item.firstActionItems).toHaveLength(3);
  const page = await findMeeting(db.sql, userId, meetingIds.get("json")!);
  expect(page?.keyPoints).toEqual([{ text: "Rebalance toward bonds" }, { text: "Tuition covered" }]);
  const summary = {
    executiveSummary: "New. Two. Three. Four. Five.",
    keyPoints: ["A"],
    actionItems: [1, 2, 3, 4].map((i) => ({ task: `Task ${i}`, assignee: "Ann" })),
    nextMeeting: null,
  };
  await upsertSummary(db.sql, meetingIds.get("nothing")!, summary);
  expect(await summaryOf("nothing")).toEqual(summary);
  const [row] = await db.sql<{ count: number; listSummary: string; first: unknown[] }[]>`
    select action_item_count as count, list_summary as "listSummary", first_action_items as first
    from summaries where meeting_id = ${meetingIds.get("nothing")!}`;
  expect({ ...row, first: withoutTaskFields(row!.first) }).toEqual({
    count: 4,
    listSummary: "New. Two. Three. Four",
    first: summary.actionItems.slice(0, 3),
  });
});
