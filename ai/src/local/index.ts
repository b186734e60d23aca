export { resolveDatePhrase } from "../dates/resolve-date";
export { withoutSaidDeadline } from "./action-items/due-date";
export type { ActionItemWeights } from "./action-items/features";
export { ACTION_ITEM_FEATURES } from "./action-items/features";
export {
  type ActionItemCandidate,
  type ActionItemReading,
  FITTED_ACTION_ITEM_WEIGHTS,
  findActionItemCandidates,
  readActionItems,
} from "./extract-action-items";
export { findNextMeeting } from "./find-next-meeting";
export { createHashingEmbedder, embedText, LOCAL_EMBEDDING_MODEL } from "./hashing-embedder";
export { createLocalEmbedder, SENTENCE_ENCODER_MODEL } from "./local-embedder";
export { createLocalEngine, type LocalEngineOptions } from "./local-engine";
export {
  createOutputReader,
  findPocketsphinx,
  isDraftSpeechEngine,
  POCKETSPHINX_ENGINE,
  type PocketsphinxCli,
  transcribeWithPocketsphinx,
} from "./pocketsphinx";
export { FACT_FEATURES, featureVector } from "./record/confidence";
export type { ConfidenceWeights, Fact } from "./record/fact";
export { clientLabel } from "./record/note-people";
export { writeNotes } from "./record/write-notes";
export { type LocalMeetingSummary, summariseExtractive } from "./summarise-extractive";
