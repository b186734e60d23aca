// Choosing sentences: pairwise similarity over the pool (sentence embeddings when an embedder is given, else TF-IDF
// vectors) and maximal marginal relevance (MMR), so the notes cover the meeting without repeating themselves.

import type { Embedder } from "../../types";
import { sparseCosine as cosine, dot, meanDirection, unitVector as normaliseArray } from "../../vectors";
import type { Candidate, Pool } from "./candidates";

const EMBED_BATCH = 32;
/** MMR trade-off: relevance against redundancy with what is already chosen. */
const LAMBDA = 0.7;

export interface SimilarityOptions {
  embedder?: Embedder;
  signal?: AbortSignal;
}

export type Similarity = (a: number, b: number) => number;

/**
 * Pairwise similarity over the pool, from sentence embeddings when an embedder is given (relevance then also blends
 * in similarity to the embedding centroid), else from TF-IDF vectors. An embedder that fails leaves TF-IDF in place.
 */
export async function similarityOf(pool: Pool, options: SimilarityOptions): Promise<Similarity> {
  const tfidfSimilarity: Similarity = (a, b) => cosine(pool.candidates[a]!.tfidf, pool.candidates[b]!.tfidf);
  if (!options.embedder || pool.candidates.length === 0) return tfidfSimilarity;
  let vectors: number[][];
  try {
    vectors = await embedInBatches(
      options.embedder,
      pool.candidates.map((c) => c.display),
      options.signal,
    );
  } catch (error) {
    options.signal?.throwIfAborted();
    if ((error as Error)?.name === "AbortError") throw error;
    return tfidfSimilarity;
  }
  const unit = vectors.map(normaliseArray);
  const centroid = meanDirection(unit);
  const central = unit.map((v) => dot(v, centroid));
  const low = Math.min(...central);
  const high = Math.max(...central);
  pool.relevance = pool.relevance.map((r, i) => 0.5 * r + (0.5 * (central[i]! - low)) / Math.max(1e-9, high - low));
  return (a, b) => dot(unit[a]!, unit[b]!);
}

async function embedInBatches(embedder: Embedder, texts: string[], signal?: AbortSignal): Promise<number[][]> {
  const vectors: number[][] = [];
  for (let at = 0; at < texts.length; at += EMBED_BATCH) {
    signal?.throwIfAborted();
    const batch = texts.slice(at, at + EMBED_BATCH);
    const embedded = await embedder.embed(batch, signal);
    if (embedded.length !== batch.length) throw new Error("The embedder returned a different number of vectors.");
    vectors.push(...embedded);
  }
  return vectors;
}

/** Maximal marginal relevance: at each step the candidate most relevant and least like what is already chosen. */
export function mmr(
  pool: Pool,
  similarity: Similarity,
  eligible: number[],
  weight: (index: number) => number,
  /** Take the candidate (true), pass it over ("skip") or stop choosing (false). */
  accept: (index: number, picked: number[]) => boolean | "skip",
  alreadyChosen: number[] = [],
): number[] {
  const picked: number[] = [];
  const remaining = new Set(eligible);
  const maxSimilarity = new Map<number, number>();
  for (const index of remaining) {
    maxSimilarity.set(index, Math.max(0, ...alreadyChosen.map((other) => similarity(index, other))));
  }
  while (remaining.size > 0) {
    let best = -1;
    let bestValue = Number.NEGATIVE_INFINITY;
    for (const index of remaining) {
      const value = LAMBDA * pool.relevance[index]! * weight(index) - (1 - LAMBDA) * maxSimilarity.get(index)!;
      if (value > bestValue) {
        bestValue = value;
        best = index;
      }
    }
    remaining.delete(best);
    if (picked.some((other) => isNearDuplicate(pool.candidates[best]!, pool.candidates[other]!))) continue;
    const verdict = accept(best, picked);
    if (verdict === "skip") continue;
    if (!verdict) break;
    picked.push(best);
    for (const index of remaining) {
      maxSimilarity.set(index, Math.max(maxSimilarity.get(index)!, similarity(index, best)));
    }
  }
  return picked;
}

function isNearDuplicate(a: Candidate, b: Candidate): boolean {
  return overlapShare(a.terms, b.terms) >= 0.7;
}

export function overlapShare(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const term of a) if (b.has(term)) shared++;
  return shared / Math.max(1, Math.min(a.size, b.size));
}
