// The question's embedding while an advisor waits: one short try (no retries) and, once it has failed, no further
// call for this question; retrieval then falls back to full text, so a slow or failing embedding service costs
// seconds and the answer still comes. Sentences are scored by their words first (the in-process hashing embedder).

import { createHashingEmbedder } from "../../local/hashing-embedder";
import type { Embedder } from "../../types";
import { type ScoredSentence, type ScoringAsked, scoreSentences } from "../rank/score-sentences";
import { type RetrieveOptions, retrievePassages } from "./hybrid-retrieve";
import type { AnswerStore } from "./store";

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

/** Hybrid retrieval while the question can be embedded, full-text retrieval once it cannot. */
export async function retrieveForQuestion(
  store: AnswerStore,
  embedder: Embedder,
  state: EmbeddingState,
  userId: number,
  query: string,
  options: RetrieveOptions,
) {
  if (state.failure === undefined) {
    try {
      return await retrievePassages(store, embedder, userId, query, options);
    } catch (error) {
      if (!(error instanceof QuestionNotEmbedded)) throw error;
    }
  }
  return retrievePassages(store, embedder, userId, query, { ...options, mode: "text" });
}

let hashing: Embedder | undefined;

/**
 * Scores the passages' sentences for the question by their words (the in-process hashing embedder) first: the
 * engine's vectors found the passages, the words the question shares with a sentence pick the one that answers.
 * Measured on the realistic advisor set with the sentence encoder retrieving (the figures: docs/measurements.md as of
 * commit d675290, "Sentences scored by their words"): the fact in the first line 73% → 78%, the right meeting cited
 * 94% → 96%, the mean answer 676 → 65 ms. Only when no sentence is answerable by its words (a question sharing none
 * of the answer's words, or one nothing answers) are they scored again with the engine's embedder, so meaning alone
 * can still find the answer.
 */
export async function scoreForQuestion(embedder: Embedder, ...asked: ScoringAsked): Promise<ScoredSentence[]> {
  hashing ??= createHashingEmbedder();
  const byWords = await scoreSentences(hashing, ...asked);
  if (byWords.length === 0 || byWords[0]!.answerable || embedder.model === hashing.model) return byWords;
  try {
    return await scoreSentences(embedder, ...asked);
  } catch (error) {
    if (!(error instanceof QuestionNotEmbedded)) throw error;
    return byWords;
  }
}
