// The "local" engine: offline and deterministic. It reads transcript files; speech is pocketsphinx's, wired in api.
// Its embedder is the Universal Sentence Encoder lite (the default, LOCAL_EMBEDDER=sentence-encoder), or the hashing
// embedder when asked for; the encoder falls back to hashing by itself when its model cannot load. The summary always
// uses the hashing embedder's word vectors.

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
  const hashing = createHashingEmbedder();
  const embedder =
    options.embedder === "hashing"
      ? hashing
      : createLocalEmbedder(options.onEmbedderFallback ? { onFallback: options.onEmbedderFallback } : {});
  return {
    name: "local",
    canTranscribe: false,
    async transcribeAudio() {
      throw new SpeechServiceNotConfiguredError();
    },
    async summarise(input, signal) {
      signal?.throwIfAborted();
      // The summary picks sentences by MMR over word vectors whichever embedder retrieves: on the realistic advisor
      // set the sentence encoder's centroid favoured talk about the meeting over its figures (key facts 84% against
      // 89%), and it took about 60 times as long (measured in commit 1cc6451; its message has the figures).
      return summariseExtractive(input, { embedder: hashing, ...(signal ? { signal } : {}) });
    },
    embedder,
  };
}
