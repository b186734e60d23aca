// The embedder as a question's ranking uses it: a sentence whose vector indexing stored (sentence-vectors.ts) is read
// from the account's chunks, and only the other texts (the question, a sentence indexed before its vector was kept)
// take a turn on the encoder. The stored vector is the encoder's own, to the bit, so answers do not change; what
// changes is that ranking a question's sentences by meaning no longer holds the one encoder thread every account
// shares (about 20 ms a sentence).
import { windowDimensionsOf } from "../../intelligence/embedding-windows";
import { sentenceDigest } from "../../intelligence/sentence-vectors";
import type { Embedder } from "../../types";
import { padTo } from "../../vectors";
import type { AnswerStore } from "../answer-store";

export function withStoredSentences(embedder: Embedder, store: AnswerStore, userId: number): Embedder {
  return {
    get model() {
      return embedder.model;
    },
    dimensions: embedder.dimensions,
    async embed(texts, signal, options) {
      const model = embedder.model;
      // Only the windowed encoder's sentences are stored; another model's texts go straight to it.
      if (windowDimensionsOf(model) === undefined || texts.length === 0) return embedder.embed(texts, signal, options);
      const digests = texts.map((text) => Buffer.from(sentenceDigest(text)).toString("hex"));
      const stored = await store.sentenceVectors({ userId, model, digests });
      const missing = [...new Set(texts.filter((_, i) => !stored.has(digests[i]!)))];
      const encoded = missing.length ? await embedder.embed(missing, signal, options) : [];
      // The encoder failed to load meanwhile and hashing took over: its vectors must not mix with the stored ones.
      if (embedder.model !== model) return embedder.embed(texts, signal, options);
      const byText = new Map(missing.map((text, i) => [text, encoded[i]!]));
      return texts.map((text, i) => {
        const vector = stored.get(digests[i]!);
        return vector ? padTo(vector, embedder.dimensions) : byText.get(text)!;
      });
    },
  };
}
