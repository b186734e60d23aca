// Whether an answer may lead with a fact: a logistic model over what ranking knew of the sentence it would lead with
// and of the best other one (scores, margin, term coverage, the kind of fact asked and held). The weights and the
// threshold are fitted (api/bench/fit-answer-confidence.ts, leave-one-set-out, threshold chosen for precision) and
// handed in: nothing here is set by hand. A list of clients read from the meetings' records is no ranking: it is sure.
import type { AnswerConfidence, AnswerContext, Evidence, SentenceSignals } from "../answer-types";
import { asksFact, type ScoredSentence } from "./score-sentences";

/** A fitted model: one weight per feature, by name, and the probability from which the answer leads with a fact. */
export interface ConfidenceModel {
  features: readonly string[];
  intercept: number;
  weights: readonly number[];
  threshold: number;
}

/** How the answer leads: a sentence quoted, the meetings' records (items, next meeting, notes), or a list. */
export type LeadForm = "quote" | "records" | "list";

export function leadForm(ctx: AnswerContext): LeadForm {
  if (ctx.clientsMet || ctx.acrossClients?.length || ctx.changes?.length) return "list";
  const summarised = ctx.facts.some((f) => f.summary);
  if ((ctx.evidence ?? []).length && (ctx.understood.intent === "general" || !summarised)) return "quote";
  return "records";
}

/** A quote that only asks: a question said in the meeting with no reply joined to it. It answers nothing. */
export const onlyAsks = (e: Pick<Evidence, "text" | "reply">): boolean => !e.reply && /\?["')]*$/.test(e.text.trim());

/** The signals of a scored sentence, for the answer's confidence. */
export function signalsOf(s: ScoredSentence): SentenceSignals {
  return {
    score: s.score,
    similarity: s.similarity,
    coverage: s.coverage * s.known,
    kind: Math.max(0, s.kind),
    asked: s.pair !== undefined || s.text.endsWith("?"),
  };
}

/**
 * The sentence the answer leads with (the one the evidence's first quote came from) and the best other sentence. The
 * lead is found among the ranked by its passage and first words; failing that, the best ranked.
 */
export function rankingOf(
  ranked: readonly ScoredSentence[],
  lead?: { passage: number; text: string },
): AnswerContext["ranking"] {
  if (ranked.length === 0) return undefined;
  const chosen =
    (lead && ranked.find((s) => s.passage === lead.passage && (s.pair?.question ?? s.text) === lead.text)) ??
    (lead && ranked.find((s) => s.passage === lead.passage && lead.text.startsWith(s.text))) ??
    ranked[0]!;
  const other = ranked.find((s) => s !== chosen);
  return { lead: signalsOf(chosen), ...(other ? { runnerUp: signalsOf(other) } : {}) };
}

/** Questions answered by the records' commitments or next meeting, and those answered by a meeting's notes. */
const ITEM_INTENTS = new Set(["action_items", "next_meeting"]);
const RECAP_INTENTS = new Set(["last_meeting", "key_points"]);

/** The features of an answer, by name (the order of a fitted model's `features`). */
export function confidenceFeatures(ctx: AnswerContext): Record<string, number> {
  const form = leadForm(ctx);
  const lead = ctx.ranking?.lead;
  const runner = ctx.ranking?.runnerUp;
  const fact = asksFact(ctx.understood.kinds) ? 1 : 0;
  const flag = (b: boolean | undefined) => (b ? 1 : 0);
  return {
    formRecords: flag(form === "records"),
    formList: flag(form === "list"),
    leadScore: lead?.score ?? 0,
    leadSimilarity: lead?.similarity ?? 0,
    leadCoverage: lead?.coverage ?? 0,
    leadKind: lead?.kind ?? 0,
    asksFact: fact,
    kindMissing: flag(fact === 1 && lead !== undefined && lead.kind === 0),
    margin: lead && runner ? lead.score - runner.score : lead ? lead.score : 0,
    leadAsked: flag(lead?.asked),
    // What the answer is made of, beside how ranking scored it: a list across clients or of changes, a figure of the
    // records, the records' commitments or next meeting asked, or a meeting's notes asked as a recap.
    formAcross: flag(Boolean(ctx.acrossClients?.length)),
    formChanges: flag(Boolean(ctx.changes?.length)),
    leadFigure: flag(ctx.figureLead !== undefined),
    figureCoverage: ctx.figureLead?.coverage ?? 0,
    figureAgrees: flag(ctx.figureLead?.agrees),
    asksItems: flag(ITEM_INTENTS.has(ctx.understood.intent)),
    asksRecap: flag(RECAP_INTENTS.has(ctx.understood.intent)),
  };
}

/** The fitted probability that the answer's lead carries the fact asked. */
export function confidenceProbability(features: Record<string, number>, model: ConfidenceModel): number {
  let z = model.intercept;
  model.features.forEach((name, i) => {
    z += (model.weights[i] ?? 0) * (features[name] ?? 0);
  });
  return 1 / (1 + Math.exp(-z));
}

/** "nothing" when nothing was found; "answer" when the model is sure enough; else "passages". */
export function answerConfidence(
  ctx: AnswerContext,
  model: ConfidenceModel,
): { confidence: AnswerConfidence; features: Record<string, number> } {
  const features = confidenceFeatures(ctx);
  if (ctx.found === false) return { confidence: "nothing", features };
  // The clients met in a period, or those a person spoke in the meetings of, are read from the meetings' records, not
  // ranked from what was said: nothing about them is a guess.
  if (ctx.clientsMet?.length) return { confidence: "answer", features };
  // "And the rate. Luis, you had a number?": a lead quote that only asks, no reply with it, is never the answer.
  const first = ctx.evidence?.[0];
  const leadOnlyAsks = leadForm(ctx) === "quote" && first !== undefined && onlyAsks(first);
  const sure = !leadOnlyAsks && confidenceProbability(features, model) >= model.threshold;
  return { confidence: sure ? "answer" : "passages", features };
}
