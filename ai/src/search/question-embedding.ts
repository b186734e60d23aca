// The question's embedding while an advisor waits: one short try (no retries) and, once it has failed, no further
// call for this question. Retrieval then falls back to full text and sentences are scored with the in-process
// hashing embedder, so a slow or failing embedding service costs seconds and the answer still comes.

import type { Sql } from "@cm/db";
import { createHashingEmbedder } from "../local/hashing-embedder";
import type { Embedder } from "../types";
import type { Passage } from "./answer-types";
import { type RetrieveOptions, retrievePassages } from "./hybrid-retrieve";
import { scoreSentences } from "./select-evidence";
import type { QuestionKind } from "./understand-question";

/** How long the question's one embedding try may take. */
export const QUESTION_EMBEDDING_DEADLINE_MS = 5_000;

/** Why this question's embedding failed, once it has. */
export interface EmbeddingState {
  failure?: string;
}

/** The question could not be embedded (its one try failed, or an earlier one for this question did). */
class QuestionNotEmbedded extends Error {}

/**
 * The engine's embedder as used for one question: one short try; after a failure it throws at once. Each text is
 * embedded once per question: the question's vector from retrieval is reused when its sentences are scored.
 */
export function questionEmbedder(embedder: Embedder, state: EmbeddingState): Embedder {
  // Keyed by the model too: a local encoder that fails to load switches to hashing, whose vectors must not mix in.
  const embedded = new Map<string, number[]>();
  const key = (text: string) => `${embedder.model}\u0000${text}`;
  return {
    get model() {
      return embedder.model;
    },
    dimensions: embedder.dimensions,
    async embed(texts, signal) {
      if (state.failure !== undefined) throw new QuestionNotEmbedded(state.failure);
      const missing = [...new Set(texts.filter((text) => !embedded.has(key(text))))];
      if (missing.length > 0) {
        let vectors: number[][];
        try {
          vectors = await embedder.embed(missing, signal, { deadlineMs: QUESTION_EMBEDDING_DEADLINE_MS });
        } catch (error) {
          if (signal?.aborted) throw error;
          state.failure = error instanceof Error ? error.message : String(error);
          throw new QuestionNotEmbedded(state.failure);
        }
        for (const [i, text] of missing.entries()) embedded.set(key(text), vectors[i]!);
      }
      return texts.map((text) => embedded.get(key(text))!);
    },
  };
}

/** Hybrid retrieval while the question can be embedded, full-text retrieval once it cannot. */
export async function retrieveForQuestion(
  sql: Sql,
  embedder: Embedder,
  state: EmbeddingState,
  userId: number,
  query: string,
  options: RetrieveOptions,
) {
  if (state.failure === undefined) {
    try {
      return await retrievePassages(sql, embedder, userId, query, options);
    } catch (error) {
      if (!(error instanceof QuestionNotEmbedded)) throw error;
    }
  }
  return retrievePassages(sql, embedder, userId, query, { ...options, mode: "text" });
}

let hashing: Embedder | undefined;

/** Scores with the question's embedder, or with the hashing embedder when the question cannot be embedded. */
export async function scoreForQuestion(
  embedder: Embedder,
  question: string,
  kinds: readonly QuestionKind[],
  passages: readonly Passage[],
  signal?: AbortSignal,
) {
  try {
    return await scoreSentences(embedder, question, kinds, passages, signal);
  } catch (error) {
    if (!(error instanceof QuestionNotEmbedded)) throw error;
    hashing ??= createHashingEmbedder();
    return scoreSentences(hashing, question, kinds, passages, signal);
  }
}
