// "When is my next meeting with X?" is answered from the calendar first: a planned meeting (status Scheduled) leads,
// cited and linked, even when the last meeting's notes left the date to be set; without one, the notes answer.

import { afterAll, beforeAll, expect, test } from "bun:test";
import { createHashingEmbedder } from "@cm/ai/local";
import { type AnswerComposer, answerQuestion, composeLocalAnswer } from "@cm/ai/search";
import { LEADS_WHEN_FOUND } from "@cm/ai/test-support/confidence-models";
import type { Database } from "@cm/db";
import { insertClient } from "@cm/db/queries/clients";
import { upsertSummary } from "@cm/db/queries/summaries";
import { createAnswerStore } from "@cm/db/stores/answer-store";
import { createTestDatabase } from "@cm/db/testing";
import { createSignedInUser } from "./support/signed-in-user";

let db: Database;
let userId: number;
const composer: AnswerComposer = {
  async *compose(ctx) {
    yield composeLocalAnswer(ctx);
  },
};
const soon = new Date(Date.now() + 9 * 24 * 3600 * 1000);
soon.setUTCHours(10, 30, 0, 0);

async function meeting(clientId: number, title: string, date: Date, status: string) {
  const [row] = await db.sql<{ id: number }[]>`
    insert into meetings (user_id, client_id, title, date, duration, type, status, source_kind, time_known)
    values (${userId}, ${clientId}, ${title}, ${date}, 600, 'Review', ${status}, 'transcript', true) returning id`;
  return Number(row!.id);
}

beforeAll(async () => {
  db = await createTestDatabase();
  userId = (await createSignedInUser(db.sql, "planner")).id;
  const orla = await insertClient(db.sql, userId, { name: "Orla Fenwick", type: "Retirement" });
  const held = await meeting(orla.id, "Pension review", new Date(Date.now() - 20 * 24 * 3600 * 1000), "Processed");
  await upsertSummary(db.sql, held, {
    executiveSummary: "Orla's pension transfer was reviewed.",
    keyPoints: ["The transfer fee is 1%"],
    actionItems: [],
    nextMeeting: { date: null, topics: ["the transfer"] },
  });
  await meeting(orla.id, "Transfer sign-off", soon, "Scheduled");
  const ravi = await insertClient(db.sql, userId, { name: "Ravi Castell", type: "Tax" });
  const raviHeld = await meeting(ravi.id, "Tax estimates", new Date(Date.now() - 5 * 24 * 3600 * 1000), "Processed");
  await upsertSummary(db.sql, raviHeld, {
    executiveSummary: "Quarterly estimates were set.",
    keyPoints: ["Estimates of $4,000 a quarter"],
    actionItems: [],
    nextMeeting: { date: "2031-01-14", topics: ["Draft", "the estimates"] },
  });
});
afterAll(async () => {
  await db.close();
});

const ask = (question: string) =>
  answerQuestion(
    { store: createAnswerStore(db.sql), embedder: createHashingEmbedder(), composer, confidence: LEADS_WHEN_FOUND },
    userId,
    question,
    [],
  );

test("a planned meeting on the calendar answers first, linked, though the notes left the date to be set", async () => {
  const answer = await ask("When is my next meeting with Orla Fenwick?");
  const first = answer.result.split("\n")[0]!;
  expect(first).toContain("Next meeting:");
  expect(first).toContain(String(soon.getUTCFullYear()));
  expect(first).toContain("Transfer sign-off");
  expect(first).not.toContain("date to be set");
  expect(answer.found).toBe(true);
  expect(answer.sources.map((s) => s.title)).toContain("Transfer sign-off");
});

test("without a planned meeting, the date the notes agreed answers, with what it is for as the notes say it", async () => {
  const answer = await ask("When is my next meeting with Ravi Castell?");
  const first = answer.result.split("\n")[0]!;
  expect(first).toContain("January 14, 2031");
  // Not "— Draft": a one-word topic is the thing to cover, as the notes and the follow-up e-mail say it.
  expect(first).toContain("**, to cover the draft and the estimates (set at");
});
