// What the fitting script (api/bench/fit-weights.ts, `bun run fit`) needs from the notes engine.

export { setFactKindWeights } from "../fact-weight";
export { factKinds, HAND_SET_WEIGHTS } from "../fact-weight.rules";
export { type KeyFactFeatures, keyFactFeatures } from "./key-fact-features";
