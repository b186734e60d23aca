// Confidence models for tests (the product's own is fitted: ai/fitted/answer-confidence.json). A test that is not
// about confidence leads with every answer found, as answers did before confidence was fitted.
import type { ConfidenceModel } from "../src/search/rank/answer-confidence";

/** Every answer found leads with its fact (probability 0.5 ≥ threshold 0). */
export const LEADS_WHEN_FOUND: ConfidenceModel = { features: [], intercept: 0, weights: [], threshold: 0 };

/** Sure only when the lead's term coverage is high: 1/(1+e^-(8·coverage − 4)) ≥ 0.5 means coverage ≥ 0.5. */
export const SURE_ABOVE_HALF_COVERAGE: ConfidenceModel = {
  features: ["leadCoverage"],
  intercept: -4,
  weights: [8],
  threshold: 0.5,
};

/** Never sure: every answer found shows the closest passages (a probability never reaches 2). */
export const NEVER_SURE: ConfidenceModel = { features: [], intercept: 0, weights: [], threshold: 2 };
