// The question's embedding while an advisor waits: one short try (no retries) and, once it has failed, no further
// call for this question; retrieval then falls back to full text, so a slow or failing embedding service costs
// seconds and the answer still comes. Sentences are scored by their words first (the in-process hashing embedder).

import type { Embedder } from "../../types";
import type { AnswerStore } from "../answer-store";
import { type RetrieveOptions, retrievePassages } from "./hybrid-retrieve";

/** How long the question's one embedding try may take. */
export const QUESTION_EMBEDDING_DEADLINE_MS = 5_000;

/** What the stages after understanding read through: the store, and the question's embedder (one short try). */
export interface FetchDeps {
  store: AnswerStore;
  embedder: Embedder;
  embedding: EmbeddingState;
  userId: number;
  signal?: AbortSignal;
}

/** Why this question's embedding failed, once it has. */
export interface EmbeddingState {
  failure?: string;
}

/** The question could not be embedded (its one try failed, or an earlier one for this question did). */
export class QuestionNotEmbedded extends Error {}

/**
 * The engine's embedder as used for one question: one short try; after a failure it throws at once. Each text is
 * embedded once per question.
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

/**
 * Embeds, in the one encoder call, texts the question will be searched by in turn (a meeting's topic, then the
 * question's search text): each is later read from the question's embeddings. A failure is left for retrieval to meet.
 */
export async function embedTogether(embedder: Embedder, state: EmbeddingState, texts: string[]): Promise<void> {
  if (state.failure !== undefined) return;
  try {
    await embedder.embed(texts);
  } catch (error) {
    if (!(error instanceof QuestionNotEmbedded)) throw error;
  }
}

/** Hybrid retrieval while the question can be embedded, full-text retrieval once it cannot. */
export async function retrieveForQuestion(deps: FetchDeps, query: string, options: RetrieveOptions) {
  const { store, embedder, embedding, userId } = deps;
  if (embedding.failure === undefined) {
    try {
      return await retrievePassages(store, embedder, userId, query, options);
    } catch (error) {
      if (!(error instanceof QuestionNotEmbedded)) throw error;
    }
  }
  return retrievePassages(store, embedder, userId, query, { ...options, mode: "text" });
}
