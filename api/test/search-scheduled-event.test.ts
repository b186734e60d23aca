// "When was the signing scheduled?": a "when" question about the event a meeting set as its next meeting is answered
// with that next meeting's date, found in the exchange where it was set. A deadline ("by when…") is not a meeting.

import { afterAll, beforeAll, expect, test } from "bun:test";
import { createHashingEmbedder } from "@cm/ai/local";
import { type AnswerComposer, answerQuestion, composeLocalAnswer } from "@cm/ai/search";
import { LEADS_WHEN_FOUND } from "@cm/ai/test-support/confidence-models";
import type { Database } from "@cm/db";
import { insertClient } from "@cm/db/queries/clients";
import { upsertTranscript } from "@cm/db/queries/meeting-content";
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

const lines: [string, string][] = [
  ["Nadia Osei", "The trust deed is ready for your review."],
  ["Hugo Quist", "Good. And the forms for the bank?"],
  ["Nadia Osei", "Send me those by the 5th, please."],
  ["Nadia Osei", "Okay. So, the signing. Imre, what do we have?"],
  ["Imre Vas", "I have Thursday the 18th at two, here at the office. Does that work?"],
  ["Hugo Quist", "That works for both of us."],
  ["Nadia Osei", "Bring photo ID. Thanks, everyone."],
];

beforeAll(async () => {
  db = await createTestDatabase();
  userId = (await createSignedInUser(db.sql, "scheduler")).id;
  const client = await insertClient(db.sql, userId, { name: "Quist household", type: "Estate Planning" });
  const [row] = await db.sql<{ id: number }[]>`
    insert into meetings (user_id, client_id, title, date, duration, type, status, source_kind)
    values (${userId}, ${client.id}, 'Trust deed review', ${new Date("2027-03-02T15:00:00Z")}, 600, 'Review',
      'Processed', 'transcript')
    returning id`;
  const meetingId = Number(row!.id);
  await upsertTranscript(db.sql, {
    meetingId,
    fullText: lines.map(([speaker, text]) => `${speaker}: ${text}`).join("\n"),
    segments: lines.map(([speaker, text], i) => ({ start: i * 10, end: i * 10 + 9, speaker, text })),
  });
  await upsertSummary(db.sql, meetingId, {
    executiveSummary: "The trust deed is ready; the signing is set.",
    keyPoints: ["The trust deed is ready for review"],
    actionItems: [{ task: "Send Nadia the bank forms by the 5th", assignee: "Hugo Quist" }],
    nextMeeting: { date: "2027-03-18", time: "14:00", topics: [], source: { segment: 4, start: 40 } },
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

test("when the event a meeting set as its next meeting was scheduled: that meeting's date", async () => {
  const answer = await ask("When was the Quists' signing scheduled for?");
  expect(answer.result.split("\n")[0]).toContain("Next meeting: March 18, 2027");
  expect(answer.sources.map((s) => s.title)).toEqual(["Trust deed review"]);
});

test("a deadline or an event the exchange does not name is not answered with the next meeting", async () => {
  for (const question of [
    "By when do the Quists need to send the bank forms?",
    "When was the Quists' audit scheduled?",
  ]) {
    const answer = await ask(question);
    expect(answer.result).not.toContain("Next meeting");
  }
});
