export { resolveDatePhrase } from "../dates/resolve-date";
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
export { type KeyPointTrace, summariseExtractive } from "./summarise-extractive";
export { clientLabel } from "./summary/note-people";
