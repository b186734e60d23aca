// A question across clients searches the subject and each of its words on its own: the searches are asked at once,
// and their passages come in the order they were asked, whatever order the database answers in.
import { expect, test } from "bun:test";
import { createHashingEmbedder } from "../../local/hashing-embedder";
import type { AnswerStore, ChunkHit, MeetingFact } from "../answer-store";
import { gatherAcross } from "./gather-across";

const DAY = new Date(2026, 2, 2);
const fact = (id: number): MeetingFact => ({
  id,
  title: `Review ${id}`,
  type: "Review",
  date: DAY,
  clientId: id,
  clientName: `Client ${id}`,
  summary: null,
});
const hit = (id: number, content: string): ChunkHit => ({
  id,
  meetingId: id,
  clientId: id,
  source: "transcript",
  content,
  metadata: {},
  rank: 1,
  score: 1,
});

test("the subject's searches are asked at once and their passages joined in the order asked", async () => {
  const asked: string[] = [];
  let inFlight = 0;
  let most = 0;
  const waiting: (() => void)[] = [];
  const store: AnswerStore = {
    meetingFacts: async (_userId, filters) => (filters?.meetingIds ?? []).map(fact),
    plannedMeetings: async () => [],
    clientsMet: async () => [],
    clientNames: async () => [],
    clientSpeakers: async () => [],
    recordFigures: async () => [],
    segmentSpans: async () => [],
    chunksByVector: async () => [],
    chunkWindowScores: async () => [],
    sentenceVectors: async () => new Map(),
    async chunksByText({ query }) {
      const n = asked.push(query);
      inFlight++;
      most = Math.max(most, inFlight);
      // Held until every search has been asked (or a moment has passed), then answered last-asked first.
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        setTimeout(() => {
          for (const r of waiting.splice(0).reverse()) r();
        }, 20);
      });
      inFlight--;
      return [hit(n, `Client ${n} talked about the ${query} at length.`), hit(100, "The umbrella insurance policy.")];
    },
  };
  const deps = { store, embedder: createHashingEmbedder(), embedding: {}, userId: 1 };
  const { passages } = await gatherAcross(
    deps,
    "umbrella insurance policy",
    [],
    undefined,
    "umbrella insurance policy",
  );
  expect(asked).toEqual(["umbrella insurance policy", "umbrella", "insurance", "policy"]);
  expect(most).toBe(4);
  expect(passages.map((p) => p.meetingId)).toEqual([1, 100, 2, 3, 4]);
});
