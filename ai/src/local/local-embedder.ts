// The local engine's embedder: the Universal Sentence Encoder, zero-padded from 512 to the 1536 dimensions of the
// chunks' pgvector column (cosine similarity is unchanged by zero padding, so the HNSW cosine index serves it as is).
// When the model cannot load, the hashing embedder takes over for the rest of the process, logged once; `model`
// then names the hashing model, so vectors of the two never meet in one search.
// On a process's main thread (the HTTP server's) the encoder runs on a thread of its own (sentence-encoder-thread.ts),
// so embedding never stalls other requests; a thread that is already off the request path (the job worker's) runs it
// in place.

import type { Embedder } from "../types";
import { padTo } from "../vectors";
import { createHashingEmbedder } from "./hashing-embedder";
import { encodeSentences, loadSentenceEncoder } from "./sentence-encoder";
import { type EncoderThread, sentenceEncoderThread } from "./sentence-encoder-thread";

export const SENTENCE_ENCODER_MODEL = "use-lite-512";
const DIMENSIONS = 1536;

export interface LocalEmbedderOptions {
  /** Told once, when the sentence encoder cannot load and hashing takes over. */
  onFallback?: (error: Error) => void;
  /** Loads the encoder; tests pass one that fails. */
  load?: () => Promise<unknown>;
  /**
   * Where the encoder runs: "thread" (its own thread), "here" (the calling thread), or a given thread (tests). By
   * default its own thread on the main thread, in place on any other thread.
   */
  runOn?: "thread" | "here" | EncoderThread;
}

function encoderFunctions(runOn: LocalEmbedderOptions["runOn"]) {
  const where = runOn ?? (Bun.isMainThread ? "thread" : "here");
  if (where === "here") return { load: loadSentenceEncoder, encode: encodeSentences };
  const thread = where === "thread" ? sentenceEncoderThread() : where;
  return { load: () => thread.load(), encode: (texts: string[], signal?: AbortSignal) => thread.encode(texts, signal) };
}

export function createLocalEmbedder(options: LocalEmbedderOptions = {}): Embedder {
  const hashing = createHashingEmbedder();
  const encoder = encoderFunctions(options.runOn);
  const load = options.load ?? encoder.load;
  let fallenBack = false;

  async function encoderReady(): Promise<boolean> {
    if (fallenBack) return false;
    try {
      await load();
      return true;
    } catch (error) {
      if (!fallenBack) {
        fallenBack = true;
        (options.onFallback ?? warnOnConsole)(error as Error);
      }
      return false;
    }
  }

  return {
    /** Read after embedding (indexing stores it, search filters by it): it changes only if the model fails to load. */
    get model() {
      return fallenBack ? hashing.model : SENTENCE_ENCODER_MODEL;
    },
    dimensions: DIMENSIONS,
    async embed(texts, signal) {
      if (texts.length === 0) return [];
      if (!(await encoderReady())) return hashing.embed(texts, signal);
      return (await encoder.encode(texts, signal)).map((vector) => padTo(vector, DIMENSIONS));
    },
  };
}

function warnOnConsole(error: Error): void {
  console.warn(`The sentence encoder could not load (${error.message}); using the hashing embedder instead.`);
}
