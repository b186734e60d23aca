// The "local" engine: offline and deterministic. It reads transcript files; speech is pocketsphinx's, wired in api.
// Its embedder is the hashing embedder, or the Universal Sentence Encoder when asked for (LOCAL_EMBEDDER): on the
// QMSum benchmark the encoder retrieved worse than hashing and indexed ten times slower (README, Measurements).

import { type AiEngine, SpeechServiceNotConfiguredError } from "../types";
import { createHashingEmbedder } from "./hashing-embedder";
import { createLocalEmbedder, type LocalEmbedderOptions } from "./local-embedder";
import { summariseExtractive } from "./summarise-extractive";

export interface LocalEngineOptions {
  /** "hashing" (the default) or "sentence-encoder" (the Universal Sentence Encoder lite). */
  embedder?: "hashing" | "sentence-encoder";
  /** Told once if the sentence encoder cannot load (the engine then embeds by hashing). */
  onEmbedderFallback?: LocalEmbedderOptions["onFallback"];
}

export function createLocalEngine(options: LocalEngineOptions = {}): AiEngine {
  const embedder =
    options.embedder === "sentence-encoder"
      ? createLocalEmbedder(options.onEmbedderFallback ? { onFallback: options.onEmbedderFallback } : {})
      : createHashingEmbedder();
  return {
    name: "local",
    canTranscribe: false,
    async transcribeAudio() {
      throw new SpeechServiceNotConfiguredError();
    },
    async summarise(input, signal) {
      signal?.throwIfAborted();
      // The summary picks sentences by MMR over this engine's own sentence embeddings.
      return summariseExtractive(input, { embedder, ...(signal ? { signal } : {}) });
    },
    embedder,
  };
}
