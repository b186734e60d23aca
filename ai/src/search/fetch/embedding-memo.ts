// The vectors an account's recent questions needed, kept by the process: a vector depends only on the model and the
// text (the sentence encoder gives the same bits for a text alone or in any batch), so a sentence an earlier question
// had embedded (a meeting's answer asked about again, a follow-up reading the same passages) is not embedded again.
// At about 20 ms of the one encoder thread per sentence, that is most of a question's time when its words answer
// nothing. Kept per account, so no account's answers are quicker for what another asked. Bounded in bytes, the least
// recently used out first. Texts are kept as digests, never as words.

import { createHash } from "node:crypto";
import type { Embedder } from "../../types";

/** What the memo holds at most, vectors and keys together: about 1,900 sentences of the local encoder. */
export const EMBEDDING_MEMO_BYTES = 8 * 1024 * 1024;

interface Remembered {
  /** The vector up to its last non-zero value (the local encoder's vectors are zero-padded to the column's width). */
  values: Float64Array;
  length: number;
  bytes: number;
}

export interface EmbeddingMemo {
  /** The embedder as one account's question uses it: texts remembered are not embedded again. */
  wrap(embedder: Embedder, account: number): Embedder;
  /** Texts remembered now. */
  readonly size: number;
}

export function createEmbeddingMemo(options: { maxBytes?: number } = {}): EmbeddingMemo {
  const maxBytes = options.maxBytes ?? EMBEDDING_MEMO_BYTES;
  const remembered = new Map<string, Remembered>();
  let bytes = 0;

  const recall = (key: string): number[] | undefined => {
    const entry = remembered.get(key);
    if (!entry) return undefined;
    // Most recently used last: the map's order is the eviction order.
    remembered.delete(key);
    remembered.set(key, entry);
    const vector = new Array<number>(entry.length).fill(0);
    for (let i = 0; i < entry.values.length; i++) vector[i] = entry.values[i]!;
    return vector;
  };

  const remember = (key: string, vector: number[]) => {
    let end = vector.length;
    while (end > 0 && vector[end - 1] === 0) end--;
    const entry = {
      values: Float64Array.from(vector.slice(0, end)),
      length: vector.length,
      bytes: 8 * end + 2 * key.length,
    };
    if (entry.bytes > maxBytes) return;
    const old = remembered.get(key);
    if (old) {
      bytes -= old.bytes;
      remembered.delete(key);
    }
    remembered.set(key, entry);
    bytes += entry.bytes;
    for (const [oldest, { bytes: size }] of remembered) {
      if (bytes <= maxBytes) break;
      remembered.delete(oldest);
      bytes -= size;
    }
  };

  return {
    get size() {
      return remembered.size;
    },
    wrap(embedder, account) {
      // Keyed by the model too: a local encoder that fails to load switches to hashing, whose vectors must not mix in.
      // The text is kept only as its digest: the process holds no client's words once a question is answered.
      const key = (model: string, text: string) =>
        `${account}\u0000${model}\u0000${createHash("sha256").update(text).digest("base64")}`;
      return {
        get model() {
          return embedder.model;
        },
        dimensions: embedder.dimensions,
        async embed(texts, signal, embedOptions) {
          const model = embedder.model;
          const vectors = texts.map((text) => recall(key(model, text)));
          const missing = [...new Set(texts.filter((_, i) => vectors[i] === undefined))];
          if (missing.length === 0) return vectors as number[][];
          const embedded = await embedder.embed(missing, signal, embedOptions);
          // The model that made them, read after the call (a fallback may have happened during it).
          const made = embedder.model;
          const byText = new Map(missing.map((text, i) => [text, embedded[i]!]));
          for (const [text, vector] of byText) if (vector) remember(key(made, text), vector);
          return texts.map((text, i) => vectors[i] ?? byText.get(text)!);
        },
      };
    },
  };
}
