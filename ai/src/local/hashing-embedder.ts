// Hashing-trick embeddings: stemmed unigrams and bigrams hashed (FNV-1a, signed) into 1536 buckets with
// sublinear tf, then L2-normalised. The local engine's last resort, used only when the sentence encoder cannot load
// (ai/src/local/local-embedder.ts); same dimension as the chunks' pgvector column.

import { STOP_WORDS, splitWords, stemWord } from "../language/tokens";
import type { Embedder } from "../types";

export const LOCAL_EMBEDDING_MODEL = "local-hashing-v1";
const DIMENSIONS = 1536;
const BIGRAM_WEIGHT = 0.5;
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

export function createHashingEmbedder(): Embedder {
  return {
    model: LOCAL_EMBEDDING_MODEL,
    dimensions: DIMENSIONS,
    async embed(texts: string[], signal?: AbortSignal): Promise<number[][]> {
      const vectors: number[][] = [];
      for (let i = 0; i < texts.length; i++) {
        if (i % 256 === 0) signal?.throwIfAborted();
        vectors.push(embedText(texts[i] ?? ""));
      }
      return vectors;
    },
  };
}

/** One text to a unit vector. Text without any content word maps to a fixed unit vector (never all zeros). */
export function embedText(text: string): number[] {
  const unigrams = new Map<number, number>();
  const bigrams = new Map<number, number>();
  let previous: string | null = null;
  for (const word of splitWords(text)) {
    if (STOP_WORDS.has(word) || (word.length < 2 && !/\d/.test(word))) continue;
    const stem = stemWord(word);
    countHash(unigrams, hashString(FNV_OFFSET, stem));
    if (previous !== null) {
      // Bigram hash continues the first word's hash over a separator, so "tax return" differs from "return tax".
      countHash(bigrams, hashString(hashString(hashString(FNV_OFFSET, previous), "\u0001"), stem));
    }
    previous = stem;
  }
  const vector = new Float64Array(DIMENSIONS);
  addFeatures(vector, unigrams, 1);
  addFeatures(vector, bigrams, BIGRAM_WEIGHT);
  return normaliseVector(vector);
}

function countHash(counts: Map<number, number>, hash: number): void {
  counts.set(hash, (counts.get(hash) ?? 0) + 1);
}

function addFeatures(vector: Float64Array, counts: Map<number, number>, weight: number): void {
  for (const [hash, count] of counts) {
    const bucket = hash % DIMENSIONS;
    const sign = (mix(hash) & 1) === 0 ? 1 : -1;
    vector[bucket] = (vector[bucket] ?? 0) + sign * weight * (1 + Math.log(count));
  }
}

function hashString(seed: number, text: string): number {
  let hash = seed;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, FNV_PRIME);
  }
  return hash >>> 0;
}

// murmur3 finaliser: the sign must not correlate with the bucket (both come from one hash).
function mix(value: number): number {
  let h = value;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function normaliseVector(vector: Float64Array): number[] {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const out = new Array<number>(DIMENSIONS);
  if (sum === 0) {
    out.fill(0);
    out[0] = 1;
    return out;
  }
  const scale = 1 / Math.sqrt(sum);
  for (let i = 0; i < DIMENSIONS; i++) out[i] = (vector[i] ?? 0) * scale;
  return out;
}
