export { createHashingEmbedder, embedText, LOCAL_EMBEDDING_MODEL } from "./hashing-embedder";
export { createLocalEngine } from "./local-engine";
export { resolveDatePhrase } from "./resolve-date";
export { summariseExtractive } from "./summarise-extractive";
