// What the fitting script (api/bench/fit-weights.ts, `bun run fit`) needs from the notes engine.

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
