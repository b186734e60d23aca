// The answer's confidence: read from the lead sentence and the runner-up, decided by the model handed in.
import { expect, test } from "bun:test";
import { LEADS_WHEN_FOUND, NEVER_SURE, SURE_ABOVE_HALF_COVERAGE } from "../../../test-support/confidence-models";
import type { AnswerContext, SentenceSignals } from "../answer-types";
import { answerConfidence, confidenceFeatures, confidenceProbability, leadForm, rankingOf } from "./answer-confidence";
import type { ScoredSentence } from "./score-sentences";

const signals = (over: Partial<SentenceSignals>): SentenceSignals => ({
  score: 0.6,
  similarity: 0.5,
  coverage: 0.8,
  kind: 1,
  asked: false,
  ...over,
});

const context = (over: Partial<AnswerContext>): AnswerContext => ({
  question: "How much is the premium?",
  understood: {
    intent: "general",
    period: undefined,
    clients: [],
    topic: undefined,
    offset: 0,
    searchText: "premium",
    kinds: ["amount"],
    names: [],
    ownItems: false,
  },
  facts: [],
  passages: [],
  evidence: [],
  found: true,
  history: [],
  ...over,
});

test("nothing found is 'nothing' whatever the model; otherwise the model decides", () => {
  expect(answerConfidence(context({ found: false }), LEADS_WHEN_FOUND).confidence).toBe("nothing");
  const ctx = context({ ranking: { lead: signals({ coverage: 0.8 }) } });
  expect(answerConfidence(ctx, LEADS_WHEN_FOUND).confidence).toBe("answer");
  expect(answerConfidence(ctx, NEVER_SURE).confidence).toBe("passages");
  expect(answerConfidence(ctx, SURE_ABOVE_HALF_COVERAGE).confidence).toBe("answer");
  const weak = context({ ranking: { lead: signals({ coverage: 0.3 }) } });
  expect(answerConfidence(weak, SURE_ABOVE_HALF_COVERAGE).confidence).toBe("passages");
});

test("the clients met, read from the meetings' records, are sure whatever the model; none met is nothing found", () => {
  const visit = {
    clientName: "Ferris Holdings",
    meetings: 1,
    lastDate: new Date(2026, 3, 2),
    lastMeetingId: 9,
    lastTitle: "Terms",
  };
  expect(answerConfidence(context({ clientsMet: [visit] }), NEVER_SURE).confidence).toBe("answer");
  expect(answerConfidence(context({ clientsMet: [], found: false }), NEVER_SURE).confidence).toBe("nothing");
});

test("a lead quote that only asks, with no reply, is never the answer", () => {
  const lead = signals({});
  const quote = (text: string, reply?: { speaker: string; text: string }) =>
    ({ text, speaker: "Ines Carver", ...(reply ? { reply } : {}) }) as never;
  const asking = context({ evidence: [quote("And the rate. Luis, you had a number?")], ranking: { lead } });
  expect(leadForm(asking)).toBe("quote");
  expect(answerConfidence(asking, LEADS_WHEN_FOUND).confidence).toBe("passages");
  // With its reply, or stating, the model decides.
  const replied = context({
    evidence: [quote("And the rate, you had a number?", { speaker: "Luis Vega", text: "Five percent." })],
    ranking: { lead },
  });
  expect(answerConfidence(replied, LEADS_WHEN_FOUND).confidence).toBe("answer");
  const stated = context({ evidence: [quote("The rate is five percent.")], ranking: { lead } });
  expect(answerConfidence(stated, LEADS_WHEN_FOUND).confidence).toBe("answer");
});

test("the features read the lead, the runner-up and the kind of fact asked", () => {
  const f = confidenceFeatures(
    context({
      evidence: [{} as never],
      ranking: { lead: signals({ score: 0.7, kind: 0 }), runnerUp: signals({ score: 0.5 }) },
    }),
  );
  expect(f.margin).toBeCloseTo(0.2);
  expect(f.asksFact).toBe(1);
  expect(f.kindMissing).toBe(1);
  expect(f.formRecords).toBe(0);
  // A model weighs its features by name; one it does not know counts nothing.
  const model = { features: ["margin", "unknown"], intercept: 0, weights: [10, 5], threshold: 0.5 };
  expect(confidenceProbability(f, model)).toBeCloseTo(1 / (1 + Math.exp(-2)));
});

test("the lead is found among the ranked by its passage and words; a reply's pair by its question", () => {
  const ranked = [
    {
      passage: 0,
      text: "Best.",
      score: 0.9,
      similarity: 0.5,
      coverage: 1,
      known: 1,
      kind: 1,
      speaker: null,
      next: null,
    },
    {
      passage: 0,
      text: "What did it come to? Wen: Four ten.",
      pair: { question: "What did it come to?", replier: "Wen" },
      score: 0.8,
      similarity: 0.5,
      coverage: 0.5,
      known: 1,
      kind: 1,
      speaker: "Ada",
      next: null,
    },
  ] as ScoredSentence[];
  const ranking = rankingOf(ranked, { passage: 0, text: "What did it come to?" });
  expect(ranking?.lead.score).toBe(0.8);
  expect(ranking?.lead.asked).toBe(true);
  expect(ranking?.runnerUp?.score).toBe(0.9);
});

test("how an answer leads: a quote, the meetings' records, or a list", () => {
  expect(leadForm(context({ evidence: [{} as never] }))).toBe("quote");
  expect(leadForm(context({ clientsMet: [] }))).toBe("list");
  expect(leadForm(context({}))).toBe("records");
});

test("the features say what the answer is made of: a list, a figure of the records and how sure its reading is, items asked or a recap", () => {
  const base = context({ evidence: [{} as never], ranking: { lead: signals({}) } });
  const asking = (intent: AnswerContext["understood"]["intent"]) =>
    confidenceFeatures({ ...base, understood: { ...base.understood, intent } });
  // A figure that leads: the share of the question's subject it names, and whether the sentence said agrees.
  expect(confidenceFeatures({ ...base, figureLead: { coverage: 0.5, agrees: true } })).toMatchObject({
    leadFigure: 1,
    figureCoverage: 0.5,
    figureAgrees: 1,
  });
  expect(confidenceFeatures(base)).toMatchObject({ leadFigure: 0, figureCoverage: 0, figureAgrees: 0 });
  expect(asking("action_items")).toMatchObject({ asksItems: 1, asksRecap: 0 });
  expect(asking("next_meeting")).toMatchObject({ asksItems: 1, asksRecap: 0 });
  expect(asking("last_meeting")).toMatchObject({ asksItems: 0, asksRecap: 1 });
  expect(asking("general")).toMatchObject({ asksItems: 0, asksRecap: 0 });
  const across = confidenceFeatures(context({ acrossClients: [{ clientName: "Ferris Holdings", evidence: [] }] }));
  expect(across).toMatchObject({ formList: 1, formAcross: 1, formChanges: 0 });
});
