// One question costs one sentence-encoder call: understanding, fetching, ranking and writing share the question's
// embedding (questionEmbedder), so no stage embeds the question's text again.
import { describe, expect, test } from "bun:test";
import { createHashingEmbedder } from "../local/hashing-embedder";
import type { Embedder } from "../types";
import type { AnswerStore, ChunkHit, MeetingFact } from "./answer-store";
import { gatherContext } from "./gather-context";

const hashing = createHashingEmbedder();
const DAY = new Date(2026, 2, 2);
const FACT: MeetingFact = {
  id: 1,
  title: "Annual Portfolio Review",
  type: "Portfolio Review",
  date: DAY,
  clientId: 7,
  clientName: "Okafor Family Trust",
  summary: null,
};
const HIT: ChunkHit = {
  id: 11,
  meetingId: 1,
  clientId: 7,
  source: "transcript",
  content: "Dana Whitfield: The 529 balance is sixty-four thousand. We will rebalance to sixty forty in June.",
  metadata: { startSeconds: 0, speakers: ["Dana Whitfield"] },
  rank: 1,
  score: 0.5,
};

/** A store holding one client and one meeting, whose one chunk every search finds. */
const store: AnswerStore = {
  // No title holds a topic's words, so "the meeting about …" is found by retrieval too.
  meetingFacts: async (_userId, filters) => (filters?.titleWords ? [] : [FACT]),
  plannedMeetings: async () => [],
  clientsMet: async () => [
    { clientId: 7, clientName: FACT.clientName, meetings: 1, lastDate: DAY, lastMeetingId: 1, lastTitle: FACT.title },
  ],
  clientNames: async () => [{ id: 7, name: FACT.clientName, type: "Wealth Management" }],
  clientSpeakers: async () => [],
  recordFigures: async () => [],
  segmentSpans: async () => [],
  chunksByVector: async () => [HIT],
  chunksByText: async () => [HIT],
  chunkWindowScores: async () => [],
  sentenceVectors: async () => new Map(),
};

/** The hashing embedder under the sentence encoder's name (so scoring by meaning may run too), counting its calls. */
function countingEncoder(): { embedder: Embedder; calls: string[][] } {
  const calls: string[][] = [];
  return {
    calls,
    embedder: {
      model: "use-lite-512",
      dimensions: hashing.dimensions,
      embed: (texts, signal) => {
        calls.push(texts);
        return hashing.embed(texts, signal);
      },
    },
  };
}

describe("the question's embedding", () => {
  for (const question of [
    "What is the 529 balance?",
    "What did we discuss in the meeting about the portfolio review?",
    "What did we decide in the meeting about the portfolio review?",
    "What did the Okafor Family Trust decide about rebalancing?",
    "Which clients mentioned tuition last month?",
    "What changed about the 529 plan?",
  ]) {
    test(`"${question}" costs one encoder call, and no text is embedded twice`, async () => {
      const { embedder, calls } = countingEncoder();
      await gatherContext(store, embedder, 1, question, [], new Date(2026, 2, 20));
      // Sentences scored by meaning when their words answer nothing are a call of their own, not the question's.
      const questionCalls = calls.filter((texts) => texts.some((text) => !HIT.content.includes(text)));
      expect(questionCalls).toHaveLength(1);
      const texts = calls.flat();
      expect(new Set(texts).size).toBe(texts.length);
    });
  }
});
