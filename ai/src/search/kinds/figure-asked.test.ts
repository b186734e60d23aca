// A figure of the records leads an answer (issue 38, lead with a fact): asked as a noun phrase alone ("the storage unit
// for the Okafors?"), and asked of no client, from the meetings the relevant passages come from.
import { describe, expect, test } from "bun:test";
import { createHashingEmbedder } from "../../local/hashing-embedder";
import type { SummaryFact } from "../../types";
import type { AnswerStore, ChunkHit, MeetingFact } from "../answer-store";
import { gatherContext } from "../gather-context";

const DAY = new Date(2026, 2, 2);
/** A figure of the meeting's record, said in its segment `segment` at `start` seconds. */
const figure = (subject: string, value: string, text: string, [segment, start]: [number, number], period?: string) =>
  ({
    kind: "figure",
    subject,
    value,
    ...(period ? { period } : {}),
    text,
    confidence: 0.4,
    source: { segment, start },
  }) as SummaryFact;
const STORAGE = figure("storage unit", "$1,800", "Storage unit: $1,800 a year.", [0, 12], "year");
const LISTED = figure("condo", "$412,000", "The condo is listed at $412,000.", [1, 40]);
const FACT: MeetingFact = {
  id: 1,
  title: "Lake house and condo review",
  type: "Review",
  date: DAY,
  clientId: 7,
  clientName: "Okafor Family Trust",
  summary: {
    executiveSummary: "Discussed the lake house and the condo sale.",
    keyPoints: [{ text: STORAGE.text }, { text: LISTED.text }],
    actionItems: [],
    nextMeeting: null,
  } as unknown as MeetingFact["summary"],
};
const HIT: ChunkHit = {
  id: 11,
  meetingId: 1,
  clientId: 7,
  source: "transcript",
  content:
    "Dana Whitfield: The storage unit runs eighteen hundred a year. The condo on Maple Street went on the market, and the list price is four twelve.",
  metadata: { startSeconds: 0, speakers: ["Dana Whitfield"] },
  rank: 1,
  score: 0.5,
};

/** One client, one meeting (read only by its id or its client), one chunk every search finds. */
const store: AnswerStore = {
  meetingFacts: async (_userId, filters) =>
    filters?.meetingIds?.includes(1) || filters?.clientIds?.includes(7) ? [FACT] : [],
  plannedMeetings: async () => [],
  clientsMet: async () => [],
  clientNames: async () => [{ id: 7, name: FACT.clientName, type: "Wealth Management" }],
  clientSpeakers: async () => [],
  recordFigures: async (_userId, ids) => (ids.includes(1) ? [{ meetingId: 1, figures: [STORAGE, LISTED] }] : []),
  segmentSpans: async () => [],
  chunksByVector: async () => [HIT],
  chunksByText: async () => [HIT],
  chunkWindowScores: async () => [],
  sentenceVectors: async () => new Map(),
};

const gather = (question: string) =>
  gatherContext(store, createHashingEmbedder(), 1, question, [], new Date(2026, 2, 20));
const lead = async (question: string) => (await gather(question)).evidence?.[0];

describe("a figure of the records asked without a word of amount, or of no client", () => {
  test("a question that is a noun phrase alone asks the value of what it names", async () => {
    expect(await lead("storage unit for the Okafor Family Trust?")).toMatchObject({
      source: "summary",
      text: STORAGE.text,
    });
    // A question asking for news, or with a verb, is no figure asked.
    expect((await lead("anything about the Okafor Family Trust storage unit?"))?.text).not.toBe(STORAGE.text);
    expect((await lead("Did the Okafor Family Trust clear out the storage unit?"))?.text).not.toBe(STORAGE.text);
  });

  test("asked of no client, the figure of the meeting the passages come from leads; a street names its home", async () => {
    const ctx = await gather("Maple Street list price?");
    expect(ctx.evidence?.[0]).toMatchObject({ source: "summary", text: LISTED.text });
    // The answer's confidence knows it leads with a figure of the records.
    expect(ctx.figureLead).toBeDefined();
    expect((await gather("Did anyone clear out the storage unit?")).figureLead).toBeUndefined();
  });
});

describe("what the answer's confidence reads of a figure that leads", () => {
  // The same meeting with its segments' moments: the storage unit said at 0:12, the list price at 0:40.
  const SEGMENTS = [
    { start: 12, text: "Dana Whitfield: The storage unit runs eighteen hundred a year." },
    {
      start: 40,
      text: "Dana Whitfield: The condo on Maple Street went on the market, and the list price is four twelve.",
    },
  ];
  const timed: AnswerStore = {
    ...store,
    segmentSpans: async () => SEGMENTS,
    chunksByVector: async () => [{ ...HIT, metadata: { ...HIT.metadata, segmentIndexes: [0, 1] } }],
    chunksByText: async () => [{ ...HIT, metadata: { ...HIT.metadata, segmentIndexes: [0, 1] } }],
  };
  const gatherTimed = (question: string) =>
    gatherContext(timed, createHashingEmbedder(), 1, question, [], new Date(2026, 2, 20));

  test("the two readings agree when the best sentence said is the one the figure was read from", async () => {
    const ctx = await gatherTimed("Maple Street list price?");
    expect(ctx.evidence?.[0]).toMatchObject({ source: "summary", text: LISTED.text });
    expect(ctx.figureLead).toEqual({ coverage: expect.any(Number), agrees: true });
    expect(ctx.figureLead!.coverage).toBeGreaterThan(0);
  });

  test("without the moments of what was said, nothing agrees", async () => {
    expect((await gather("Maple Street list price?")).figureLead?.agrees).toBe(false);
  });
});
