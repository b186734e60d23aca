// When the fitted confidence is only "passages", the local engine shows the closest passages as they were said, and a
// chat model (a composer that reads passages: its prompt tells it to say plainly when they do not answer) is still
// asked to write: the confidence model was fitted on the local engine's lead sentence, not on a model's answer.

import { afterAll, beforeAll, expect, test } from "bun:test";
import { createHashingEmbedder } from "@cm/ai/local";
import { type AnswerComposer, answerQuestion } from "@cm/ai/search";
import { NEVER_SURE } from "@cm/ai/test-support/confidence-models";
import type { Database } from "@cm/db";
import { insertClient } from "@cm/db/queries/clients";
import { upsertSummary } from "@cm/db/queries/summaries";
import { createAnswerStore } from "@cm/db/stores/answer-store";
import { createTestDatabase } from "@cm/db/testing";
import { createSignedInUser } from "./support/signed-in-user";

let db: Database;
let userId: number;

beforeAll(async () => {
  db = await createTestDatabase();
  userId = (await createSignedInUser(db.sql, "unsure")).id;
  const client = await insertClient(db.sql, userId, { name: "Tamsin Oakes", type: "Retirement" });
  const [row] = await db.sql<{ id: number }[]>`
    insert into meetings (user_id, client_id, title, date, duration, type, status, source_kind, time_known)
    values (${userId}, ${client.id}, 'Annuity review', now() - interval '3 days', 600, 'Review', 'Processed',
            'transcript', true) returning id`;
  await upsertSummary(db.sql, Number(row!.id), {
    executiveSummary: "The annuity quote was compared with the pension's income.",
    keyPoints: ["The annuity pays $1,200 a month"],
    actionItems: [],
    nextMeeting: { date: "2031-03-04", topics: ["the annuity quote"] },
  });
});
afterAll(async () => {
  await db.close();
});

function composer(readsPassages: boolean): AnswerComposer & { asked: number } {
  const counted = {
    asked: 0,
    ...(readsPassages ? { readsPassages: true } : {}),
    async *compose() {
      counted.asked++;
      yield "Written by the model.";
    },
  };
  return counted;
}

const ask = (chosen: AnswerComposer) =>
  answerQuestion(
    { store: createAnswerStore(db.sql), embedder: createHashingEmbedder(), composer: chosen, confidence: NEVER_SURE },
    userId,
    "When is my next meeting with Tamsin Oakes?",
    [],
  );

test("not sure: the local composer is not asked, the closest passages answer", async () => {
  const local = composer(false);
  const answer = await ask(local);
  expect(answer.found).toBe(true);
  expect(local.asked).toBe(0);
  expect(answer.result).not.toContain("Written by the model.");
});

test("not sure: a chat model that reads passages still writes the answer", async () => {
  const model = composer(true);
  const answer = await ask(model);
  expect(model.asked).toBe(1);
  expect(answer.result).toBe("Written by the model.");
});
