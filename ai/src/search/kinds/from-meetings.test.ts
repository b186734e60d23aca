// The general path's order of what it found: a question about how things stand now leads with the newest meeting.
import { expect, test } from "bun:test";
import { createHashingEmbedder } from "../../local/hashing-embedder";
import type { AnswerStore, ChunkHit, MeetingFact } from "../answer-store";
import { gatherContext } from "../gather-context";
import { closestPassagesAnswer } from "../write/compose-local-answer";

const meeting = (id: number, title: string, date: Date): MeetingFact => ({
  id,
  title,
  type: "Review",
  date,
  clientId: 7,
  clientName: "Ada Okoro",
  summary: null,
});
const OLDER = meeting(1, "Care intake", new Date(2026, 2, 2));
const NEWER = meeting(2, "Care update", new Date(2026, 4, 2));
const hit = (id: number, meetingId: number, content: string, score: number): ChunkHit => ({
  id,
  meetingId,
  clientId: 7,
  source: "transcript",
  content,
  metadata: { startSeconds: 0, speakers: ["Ada Okoro"] },
  rank: id,
  score,
});
// The older meeting's sentence matches the question's words better: ranking alone would lead with it.
const HITS = [
  hit(11, 1, "Ada Okoro: The care home is charging ninety-four hundred a month for her room and care.", 0.6),
  hit(12, 2, "Ada Okoro: They moved her up a level, so the home charges eleven six fifty a month.", 0.5),
];

const store: AnswerStore = {
  meetingFacts: async (_userId, filters) =>
    filters?.clientIds?.includes(7) || filters?.meetingIds ? [NEWER, OLDER] : [],
  plannedMeetings: async () => [],
  clientsMet: async () => [],
  clientNames: async () => [{ id: 7, name: "Ada Okoro", type: "Wealth Management" }],
  clientSpeakers: async () => [],
  recordFigures: async () => [],
  segmentSpans: async () => [],
  chunksByVector: async () => HITS,
  chunksByText: async () => HITS,
  chunkWindowScores: async () => [],
  sentenceVectors: async () => new Map(),
};
const gather = (question: string) =>
  gatherContext(store, createHashingEmbedder(), 1, question, [], new Date(2026, 4, 20));

test("asked how things stand now, the answer leads with the newest meeting's sentence, as answer and as passages", async () => {
  const now = await gather("What is the care home charging Ada Okoro now?");
  expect(now.evidence?.[0]?.meetingId).toBe(NEWER.id);
  const passages = closestPassagesAnswer(now);
  expect(passages.indexOf("eleven six fifty")).toBeLessThan(passages.indexOf("ninety-four hundred"));
  // Without "now", the best ranked leads, whichever meeting it is of.
  const then = await gather("What is the care home charging Ada Okoro?");
  expect(then.evidence?.[0]?.meetingId).toBe(OLDER.id);
});
