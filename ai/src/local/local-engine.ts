// The "local" engine: offline and deterministic. It reads transcript files; speech is pocketsphinx's, wired in api.
// Its embedder is the Universal Sentence Encoder lite (the default, LOCAL_EMBEDDER=sentence-encoder), or the hashing
// embedder when asked for; the encoder falls back to hashing by itself when its model cannot load. The summary always
// uses the hashing embedder's word vectors.

import factConfidence from "../../fitted/fact-confidence.json";
import { type AiEngine, SpeechServiceNotConfiguredError } from "../types";
import { createHashingEmbedder } from "./hashing-embedder";
import { createLocalEmbedder, type LocalEmbedderOptions } from "./local-embedder";
import { summariseExtractive } from "./summarise-extractive";

export interface LocalEngineOptions {
  /** "sentence-encoder" (the default: the Universal Sentence Encoder lite) or "hashing" (the last resort). */
  embedder?: "hashing" | "sentence-encoder";
  /** Told once if the sentence encoder cannot load (the engine then embeds by hashing). */
  onEmbedderFallback?: LocalEmbedderOptions["onFallback"];
}

export function createLocalEngine(options: LocalEngineOptions = {}): AiEngine {
  const embedder =
    options.embedder === "hashing"
      ? createHashingEmbedder()
      : createLocalEmbedder(options.onEmbedderFallback ? { onFallback: options.onEmbedderFallback } : {});
  return {
    name: "local",
    canTranscribe: false,
    async transcribeAudio() {
      throw new SpeechServiceNotConfiguredError();
    },
    async summarise(input, signal) {
      signal?.throwIfAborted();
      // The notes are written from the record of facts, with the confidence weights fitted by api/bench/fit-facts.ts.
      return summariseExtractive(input, { confidence: factConfidence, ...(signal ? { signal } : {}) });
    },
    embedder,
  };
}
