// A question about change weighs what each meeting's notes recorded (decisions, key points): those are the engine's
// words, so the answer shows them as the meeting notes', at the moment they cite, never as a quote credited to a
// speaker. A key point "Monthly benefit: $6,000 a month." had been read as a transcript line and quoted as said by
// "Monthly benefit".
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createHashingEmbedder } from "@cm/ai/local";
import { answerQuestion, localAnswerComposer } from "@cm/ai/search";
import { LEADS_WHEN_FOUND } from "@cm/ai/test-support/confidence-models";
import type { Database } from "@cm/db";
import { insertClient } from "@cm/db/queries/clients";
import { upsertSummary } from "@cm/db/queries/summaries";
import { createAnswerStore } from "@cm/db/stores/answer-store";
import { createTestDatabase } from "@cm/db/testing";
import { createSignedInUser } from "./support/signed-in-user";

let db: Database;
let userId: number;
let laterId: number;

async function meeting(clientId: number, title: string, daysAgo: number, notes: Parameters<typeof upsertSummary>[2]) {
  const [row] = await db.sql<{ id: number }[]>`
    insert into meetings (user_id, client_id, title, date, duration, type, status, source_kind, time_known)
    values (${userId}, ${clientId}, ${title}, now() - make_interval(days => ${daysAgo}), 900, 'Review', 'Processed',
            'transcript', true) returning id`;
  const id = Number(row!.id);
  await upsertSummary(db.sql, id, notes);
  return id;
}

beforeAll(async () => {
  db = await createTestDatabase();
  userId = (await createSignedInUser(db.sql, "changes")).id;
  const clientId = (await insertClient(db.sql, userId, { name: "Odile Marchetti", type: "Individual" })).id;
  await meeting(clientId, "Pension intake", 60, {
    executiveSummary: "Pension intake.",
    keyPoints: [{ text: "Monthly benefit: $6,000 a month.", source: { segment: 9, start: 268 } }],
    decisions: [{ text: "Decided: take the single-life pension.", source: { segment: 11, start: 301 } }],
    actionItems: [],
    nextMeeting: null,
  });
  laterId = await meeting(clientId, "Pension follow-up", 5, {
    executiveSummary: "Pension follow-up.",
    keyPoints: [{ text: "Monthly benefit: $5,400 a month (was $6,000).", source: { segment: 30, start: 714 } }],
    decisions: [{ text: "Decided: take the joint-and-survivor pension instead.", source: { segment: 31, start: 750 } }],
    actionItems: [],
    nextMeeting: null,
  });
});
afterAll(async () => {
  await db.close();
});

test("what changed shows the notes' lines as the notes', at their moments, credited to no speaker", async () => {
  const answer = await answerQuestion(
    {
      store: createAnswerStore(db.sql),
      embedder: createHashingEmbedder(),
      composer: localAnswerComposer,
      confidence: LEADS_WHEN_FOUND,
    },
    userId,
    "What has changed for Odile Marchetti's pension since our first meeting?",
    [],
  );
  const text = answer.result;
  expect(text).toContain("joint-and-survivor");
  expect(text).toContain(`/meetings/${laterId}?t=750`);
  // Nothing the notes wrote is shown as a quote: no block quote holds their words, and no label is a speaker.
  expect(text).not.toMatch(/^> .*(?:Decided|\$5,400|\$6,000)/m);
  expect(text).not.toMatch(/— (?:Monthly benefit|Transcript)\b/);
  expect(text).toContain("From the meeting notes:");
});
