// The "local" engine: offline and deterministic. It reads transcript files but cannot transcribe speech.

import { type AiEngine, SpeechServiceNotConfiguredError } from "../types";
import { createHashingEmbedder } from "./hashing-embedder";
import { summariseExtractive } from "./summarise-extractive";

export function createLocalEngine(): AiEngine {
  return {
    name: "local",
    canTranscribe: false,
    async transcribeAudio() {
      throw new SpeechServiceNotConfiguredError();
    },
    async summarise(input, signal) {
      signal?.throwIfAborted();
      return summariseExtractive(input);
    },
    embedder: createHashingEmbedder(),
  };
}
