// The general path's order of what it found: a question about how things stand now leads with the newest meeting.
import { expect, test } from "bun:test";
import { createHashingEmbedder } from "../../local/hashing-embedder";
import type { SummaryFact } from "../../types";
import type { AnswerStore, ChunkHit, MeetingFact } from "../answer-store";
import { gatherContext } from "../gather-context";
import { closestPassagesAnswer } from "../write/compose-local-answer";

/** A figure of a meeting's record, in its notes, said in segment 0 at `start` seconds. */
const figure = (subject: string, value: string, text: string, start: number) =>
  ({
    kind: "figure",
    subject,
    value,
    period: "month",
    text,
    confidence: 0.4,
    source: { segment: 0, start },
  }) as SummaryFact;
// The older meeting's record names the charge; the newer one's names the wing the rate is for.
const CHARGE = figure("charge", "$9,400", "Charge: $9,400 a month.", 0);
const WING = figure("memory care wing", "$11,200", "Memory care wing: $11,200 a month.", 0);
const meeting = (id: number, title: string, date: Date, point: SummaryFact): MeetingFact => ({
  id,
  title,
  type: "Review",
  date,
  clientId: 7,
  clientName: "Ada Okoro",
  summary: {
    executiveSummary: "Discussed her care.",
    keyPoints: [{ text: point.text }],
    actionItems: [],
    nextMeeting: null,
  } as unknown as MeetingFact["summary"],
});
const OLDER = meeting(1, "Care intake", new Date(2026, 2, 2), CHARGE);
const NEWER = meeting(2, "Care update", new Date(2026, 4, 2), WING);
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
  hit(11, 1, "Ada Okoro: Hollybrook is charging ninety-four hundred a month for her room and care.", 0.6),
  hit(12, 2, "Ada Okoro: Hollybrook is charging eleven six fifty a month since she moved up a level.", 0.5),
];

const store: AnswerStore = {
  meetingFacts: async (_userId, filters) =>
    filters?.clientIds?.includes(7) || filters?.meetingIds ? [NEWER, OLDER] : [],
  plannedMeetings: async () => [],
  clientsMet: async () => [],
  clientNames: async () => [{ id: 7, name: "Ada Okoro", type: "Wealth Management" }],
  clientSpeakers: async () => [],
  recordFigures: async (_userId, ids) =>
    [
      { meetingId: 1, figures: [CHARGE] },
      { meetingId: 2, figures: [WING] },
    ].filter((r) => ids.includes(r.meetingId)),
  segmentSpans: async () => [],
  chunksByVector: async () => HITS,
  chunksByText: async () => HITS,
  chunkWindowScores: async () => [],
  sentenceVectors: async () => new Map(),
};
const gather = (question: string) =>
  gatherContext(store, createHashingEmbedder(), 1, question, [], new Date(2026, 4, 20));

test("asked how things stand now, the answer leads with the newest meeting's sentence, as answer and as passages", async () => {
  const now = await gather("What is Hollybrook charging now?");
  // Not the older meeting's figure of the charge: what stood then.
  expect(now.figureLead).toBeUndefined();
  expect(now.evidence?.[0]).toMatchObject({ meetingId: NEWER.id, source: "transcript" });
  const passages = closestPassagesAnswer(now);
  expect(passages.indexOf("eleven six fifty")).toBeLessThan(passages.indexOf("ninety-four hundred"));
  // An amount that goes on, asked in the present, is asked as it stands now too.
  const present = await gather("What is Hollybrook charging?");
  expect(present.figureLead).toBeUndefined();
  expect(present.evidence?.[0]).toMatchObject({ meetingId: NEWER.id, source: "transcript" });
  // Asked in the past, the best ranked leads, whichever meeting it is of.
  const then = await gather("What was Hollybrook charging?");
  expect(then.evidence?.[0]?.meetingId).toBe(OLDER.id);
  expect(then.evidence?.[0]?.text).toBe(CHARGE.text);
});
