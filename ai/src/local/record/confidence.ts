// A fact's confidence: logistic regression on what the record knows of the fact, with weights fitted on labelled
// meetings (api/bench/fit-facts.ts writes ai/fitted/fact-confidence.json) and handed in by the caller. No weight is
// typed here; without weights every fact scores 0.5 and passes (the fitting script reads the whole record so).

import type { ConfidenceWeights } from "./fact";

export const FACT_FEATURES = [
  "figure",
  "decision",
  "open-question",
  "money",
  "percent",
  "year",
  "identifier",
  "subject",
  "subject-from-question",
  "subject-from-context",
  "plain-number",
  "measure",
  "period",
  "corrected",
  "repeated",
  "in-question",
  "hypothetical",
  "figures-in-sentence",
  "position",
  "magnitude",
  "form-matched",
  "recap",
  "client-said",
  "subject-words",
  "role",
  "negated",
] as const;
export type FactFeature = (typeof FACT_FEATURES)[number];
export type FactFeatures = Partial<Record<FactFeature, number>>;

const sigmoid = (z: number) => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));

/** The fitted probability of a fact with these features; 0.5 without weights. */
export function confidenceOf(features: FactFeatures, weights: ConfidenceWeights | undefined): number {
  if (!weights) return 0.5;
  let z = weights.intercept;
  weights.features.forEach((name, k) => {
    z += (weights.weights[k] ?? 0) * (features[name as FactFeature] ?? 0);
  });
  return sigmoid(z);
}

/** The features as the fit reads them, in FACT_FEATURES order. */
export const featureVector = (features: Readonly<Record<string, number>>) =>
  FACT_FEATURES.map((name) => features[name] ?? 0);
