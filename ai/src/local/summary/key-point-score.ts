// What a key-point candidate weighs, as a product of factors read from what the candidate is: a figure, how many facts
// it states, an amount said as a pair of number words, a figure the meeting echoed, a decision, already told in the
// summary, and a short fact raised to the relevance floor. Each factor is exp(coefficient · feature); the
// coefficients are fitted by `bun run fit` (api/bench/fit-key-points.ts) on the key-point candidates of both advisor
// sets, labelled by whether the point carries a truth key fact, and read from fitted/key-point-weights.json.

import fitted from "../../../fitted/key-point-weights.json";

/** The features of the scorer, in the order the weights file and the fitting script use. */
export const KEY_POINT_FEATURES = [
  "figure",
  "facts",
  "shorthand-money",
  "echoed",
  "decision",
  "in-summary",
  "below-floor",
  "exchange",
  "open-question",
  "length",
] as const;
export type KeyPointFeature = (typeof KEY_POINT_FEATURES)[number];

/**
 * The coefficients typed by hand before they were fitted (the fit's baseline): ×1.3 a figure, ×(1 + facts) up to
 * three facts, ×1.5 an amount said as a pair, ×1.5 echoed, ×1.3 a decision, ×0.5 already in the summary, and a short
 * fact's relevance raised to the floor (coefficient 1: the whole way).
 */
export const HAND_SET_KEY_POINT_COEFFICIENTS: Readonly<Record<KeyPointFeature, number>> = {
  figure: Math.log(1.3),
  facts: 1,
  "shorthand-money": Math.log(1.5),
  echoed: Math.log(1.5),
  decision: Math.log(1.3),
  "in-summary": Math.log(0.5),
  "below-floor": 1,
  // Not weighed before they were fitted: a factor of 1.
  exchange: 0,
  "open-question": 0,
  length: 0,
};
/** The relevance a short fact counts as at least, typed by hand (the fit chooses among a few floors). */
export const HAND_SET_RELEVANCE_FLOOR = 0.6;
/**
 * How much real relevance still counts among points raised to the floor (0 made them tie in list order). Hand-set:
 * it only orders facts that would otherwise tie at the floor, it is no evidence of a fact.
 */
const RELEVANCE_TIE_BREAK = 0.2;

/** What the scorer reads of one candidate (the fitting data stores these, one row a candidate). */
export interface KeyPointSignals {
  figure: boolean;
  /** Facts the candidate states (figures, numbers to write down, roles…). */
  concrete: number;
  /** An amount said as a pair of number words, not asked back, whose point says no money word. */
  shorthandMoney: boolean;
  echoed: boolean;
  decision: boolean;
  inSummary: boolean;
  /** Relevance to the meeting (0..1). */
  relevance: number;
  /** The sentence ends whole (does not trail off). */
  whole: boolean;
  /** The point is an exchange: a bare figure, a reply or a "that" quoted with what it leans on. */
  exchange: boolean;
  openQuestion: boolean;
  /** Words of the sentence. */
  words: number;
  /** The fact-kinds table's product for the point's text (fact-weight.ts): a fixed factor, fitted apart. */
  factWeight: number;
}

export interface KeyPointWeights {
  coefficients: Record<KeyPointFeature, number>;
  floor: number;
}

let current: KeyPointWeights = {
  coefficients: {
    ...HAND_SET_KEY_POINT_COEFFICIENTS,
    ...(fitted.coefficients as Partial<Record<KeyPointFeature, number>>),
  },
  floor: fitted.floor ?? HAND_SET_RELEVANCE_FLOOR,
};

/** The weights in use. */
export function keyPointWeights(): KeyPointWeights {
  return current;
}

/**
 * Sets the scorer's weights for a run of the fitting script and gives back a function that puts the previous ones
 * back. The engine itself never calls it.
 */
export function setKeyPointWeights(weights: KeyPointWeights): () => void {
  const saved = current;
  current = weights;
  return () => {
    current = saved;
  };
}

/** Relevance below the floor, as a log factor: how far a short fact is raised (0 when it is not). */
export function belowFloor(relevance: number, floor: number): number {
  if (relevance >= floor) return 0;
  return Math.log(floor / Math.max(relevance, 1e-3)) + Math.log(1 + RELEVANCE_TIE_BREAK * relevance);
}

/** The feature values of a candidate, in KEY_POINT_FEATURES order. */
export function keyPointFeatureValues(signals: KeyPointSignals, floor: number): number[] {
  const raised = signals.concrete > 0 && signals.whole ? belowFloor(signals.relevance, floor) : 0;
  return [
    signals.figure ? 1 : 0,
    Math.log(1 + Math.min(signals.concrete, 3)),
    signals.shorthandMoney ? 1 : 0,
    signals.echoed ? 1 : 0,
    signals.decision ? 1 : 0,
    signals.inSummary ? 1 : 0,
    raised,
    signals.exchange ? 1 : 0,
    signals.openQuestion ? 1 : 0,
    // Words beyond ten, as a log: a long sentence says more, and more that is no fact.
    Math.log(Math.max(signals.words, 10) / 10),
  ];
}

/** The part of the log-score the scorer fixes: the candidate's relevance and its fact-kinds factor. */
export function keyPointOffset(signals: KeyPointSignals): number {
  return Math.log(Math.max(signals.relevance, 1e-3)) + Math.log(signals.factWeight);
}

/** The candidate's weight (its relevance is multiplied in by MMR): the product of its factors. */
export function keyPointWeight(signals: KeyPointSignals, weights: KeyPointWeights = current): number {
  const values = keyPointFeatureValues(signals, weights.floor);
  let log = Math.log(signals.factWeight);
  KEY_POINT_FEATURES.forEach((feature, k) => {
    log += weights.coefficients[feature] * values[k]!;
  });
  return Math.exp(log);
}

const HAND_SET: KeyPointWeights = {
  coefficients: { ...HAND_SET_KEY_POINT_COEFFICIENTS },
  floor: HAND_SET_RELEVANCE_FLOOR,
};

/**
 * A life event's weight among life events: the summary and relevance-floor factors, hand-set. Life events have places
 * of their own and are not among the candidates the fit weighs (its weights were fitted on figures and decisions).
 */
export function lifeEventWeight(relevance: number, inSummary: boolean, weights: KeyPointWeights = HAND_SET): number {
  const raised = belowFloor(relevance, weights.floor);
  return Math.exp(
    (inSummary ? weights.coefficients["in-summary"] : 0) +
      (raised > 0 ? weights.coefficients["below-floor"] * raised : Math.log(1 + RELEVANCE_TIE_BREAK * relevance)),
  );
}
