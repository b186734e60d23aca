// A huge conversationHistory must not reach retrieval unclipped: the follow-up's search text (embedded on the one
// encoder thread every account shares) and the history handed to the composer stay bounded whatever the client sends.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Embedder } from "@cm/ai";
import { createHashingEmbedder } from "@cm/ai/local";
import { type AnswerComposer, type AnswerContext, answerQuestion, HISTORY_LIMITS } from "@cm/ai/search";
import { LEADS_WHEN_FOUND } from "@cm/ai/test-support/confidence-models";
import type { Database } from "@cm/db";
import { createAnswerStore } from "@cm/db/stores/answer-store";
import { createTestDatabase } from "@cm/db/testing";
import { seedClient, seedProcessedMeeting } from "./support/seed-meeting";
import { createSignedInUser } from "./support/signed-in-user";

let db: Database;
let userId: number;

beforeAll(async () => {
  db = await createTestDatabase();
  userId = (await createSignedInUser(db.sql, "hoarder")).id;
  const client = await seedClient(db.sql, userId, "Okafor Family Trust");
  await seedProcessedMeeting(db.sql, userId, client.id, { title: "Annual review", date: new Date("2026-03-02") });
});
afterAll(async () => {
  await db.close();
});

function recordingEmbedder(): { embedder: Embedder; texts: string[] } {
  const hashing = createHashingEmbedder();
  const texts: string[] = [];
  return {
    texts,
    embedder: {
      model: hashing.model,
      dimensions: hashing.dimensions,
      embed: (batch, signal) => {
        texts.push(...batch);
        return hashing.embed(batch, signal);
      },
    },
  };
}

function recordingComposer(): { composer: AnswerComposer; seen: AnswerContext[] } {
  const seen: AnswerContext[] = [];
  return {
    seen,
    composer: {
      async *compose(ctx) {
        seen.push(ctx);
        yield "An answer.";
      },
    },
  };
}

/** 20 turns of 20,000 characters each: every question asks for the last meeting, so a follow-up inherits it. */
function hugeHistory() {
  const filler = "the pension transfer and the rebalancing of the trust portfolio ".repeat(320).slice(0, 19_950);
  return Array.from({ length: 20 }, (_, i) => ({
    role: i % 2 === 0 ? ("user" as const) : ("assistant" as const),
    content: `What was my last meeting, turn ${i}? ${filler}`,
  }));
}

describe("conversationHistory before retrieval", () => {
  test("a huge history gives a bounded search text and a bounded history", async () => {
    const { embedder, texts } = recordingEmbedder();
    const { composer, seen } = recordingComposer();
    const question = "And what about that?";
    const answer = await answerQuestion(
      { store: createAnswerStore(db.sql), embedder, composer, confidence: LEADS_WHEN_FOUND },
      userId,
      question,
      hugeHistory(),
    );
    expect(answer.result.length).toBeGreaterThan(0);
    expect(texts.length).toBeGreaterThan(0);
    // The follow-up's search text is one earlier question (clipped) and the question: was 20,000+ characters.
    const longest = Math.max(...texts.map((text) => text.length));
    expect(longest).toBeLessThanOrEqual(HISTORY_LIMITS.turnChars + 1 + question.length);
    const history = seen[0]?.history ?? [];
    expect(history.length).toBeLessThanOrEqual(HISTORY_LIMITS.turns);
    const total = history.reduce((sum, turn) => sum + turn.content.length, 0);
    expect(total).toBeLessThanOrEqual(HISTORY_LIMITS.totalChars);
    // The newest turn is the one kept first.
    expect(history.at(-1)?.content).toStartWith("What was my last meeting, turn 19?");
  });
});
