// Migration 042: the record of facts a summary was written from is stored beside it, with each fact's moment and
// confidence, and read back; a summary written without one keeps none.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Database } from "../src/client";
import { decodeFacts, findSummaryFacts, upsertSummary } from "../src/queries/summaries";
import { createTestDatabase } from "../src/testing";

let db: Database;
let meetingId: number;

beforeAll(async () => {
  db = await createTestDatabase();
  const [user] = await db.sql<
    { id: number }[]
  >`insert into users (username, password) values ('facts', 'x') returning id`;
  const [client] = await db.sql<{ id: number }[]>`
    insert into clients (user_id, name, type) values (${user!.id}, 'Orrin', 'Wealth') returning id`;
  const [meeting] = await db.sql<{ id: number }[]>`
    insert into meetings (user_id, client_id, title, date, status)
    values (${user!.id}, ${client!.id}, 'Review', now(), 'Processed') returning id`;
  meetingId = meeting!.id;
});
afterAll(async () => {
  await db?.close();
});

const summary = {
  executiveSummary: "Decided: keep the boat.",
  keyPoints: ["Boat: $41,000."],
  actionItems: [],
  nextMeeting: null,
};

test("the record is stored with the summary and read back", async () => {
  const facts = [
    {
      kind: "figure" as const,
      subject: "boat",
      value: "$41,000",
      text: "Boat: $41,000.",
      confidence: 0.7,
      source: { segment: 3, start: 12 },
    },
    { kind: "decision" as const, subject: "keep the boat", text: "Decided: keep the boat.", confidence: 0.4 },
  ];
  await upsertSummary(db.sql, meetingId, { ...summary, facts });
  expect(await findSummaryFacts(db.sql, meetingId)).toEqual(facts);
});

test("a summary written without a record keeps none", async () => {
  await upsertSummary(db.sql, meetingId, summary);
  expect(await findSummaryFacts(db.sql, meetingId)).toEqual([]);
});

test("stored entries of another shape are dropped, a confidence is kept within 0 and 1", () => {
  expect(
    decodeFacts([
      { kind: "rumour", subject: "x", text: "x" },
      { kind: "figure", subject: "a", text: "A: 1.", confidence: 3 },
      "x",
    ]),
  ).toEqual([{ kind: "figure", subject: "a", text: "A: 1.", confidence: 1 }]);
});
