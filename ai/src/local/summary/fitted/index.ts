// What the fitting script (api/bench/fit-weights.ts, `bun run fit`) needs from the notes engine.

import { join } from "node:path";

/**
 * The folder of the fitted weights (ai/fitted, outside src): `bun run fit` writes them there, and the engine imports
 * them from there (fact-weight.rules.ts, key-point-score.ts). The data they are fitted on is the bench's.
 */
export const FITTED_WEIGHTS_DIR = join(import.meta.dir, "..", "..", "..", "..", "fitted");

export { setFactKindWeights } from "../fact-weight";
export { factKinds, HAND_SET_WEIGHTS } from "../fact-weight.rules";
export {
  HAND_SET_KEY_POINT_COEFFICIENTS,
  HAND_SET_RELEVANCE_FLOOR,
  KEY_POINT_FEATURES,
  type KeyPointFeature,
  type KeyPointSignals,
  type KeyPointWeights,
  keyPointFeatureValues,
  keyPointOffset,
  setKeyPointWeights,
} from "../key-point-score";
export { type KeyFactFeatures, keyFactFeatures } from "./key-fact-features";
