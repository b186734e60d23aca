import { windowDimensionsOf } from "../../intelligence/embedding-windows";
import type { Embedder } from "../../types";
import type { AnswerStore, ChunkHit, SearchFilters } from "../answer-store";
import { subjectOfQuestion } from "../understand/question-frame";
import { otherWordsFor } from "../understand/same-sense";
import { detectQuestionKinds } from "../understand/understand-question";
import { fuseByReciprocalRank } from "./rrf";

export type RetrievalMode = "hybrid" | "vector" | "text";

export interface RetrieveOptions {
  k?: number;
  filters?: SearchFilters;
  mode?: RetrievalMode;
  /** Candidates taken from each method before fusion. */
  candidates?: number;
  /** Reciprocal rank fusion constant. */
  rrfK?: number;
  /** Full text's weight in the fusion, the vector side's being 1. */
  textWeight?: number;
  /** Full text finds nothing when every term is in more chunks than it ranks (see AnswerStore.chunksByText). */
  rareOnly?: boolean;
}

/**
 * Settings chosen on QMSum's validation split (ai/bench/retrieval.ts; README, Measurements): full text counts twice
 * as much as the vectors, and a small fusion constant lets each method's first few passages lead. A question's rare
 * words (names, products, figures) are the surest sign of its passage; the vectors add the passages worded otherwise.
 */
export const RETRIEVAL = { candidates: 50, rrfK: 10, textWeight: 2 };

/**
 * Vector similarity and full-text rank, each filtered by the user inside the SQL so no other user's chunk is ever a
 * candidate, fused by weighted reciprocal rank.
 * With a windowed embedder (the local sentence encoder) the vector side ranks the candidates of both methods by their
 * nearest window.
 */
export async function retrievePassages(
  store: AnswerStore,
  embedder: Embedder,
  userId: number,
  query: string,
  options: RetrieveOptions = {},
): Promise<(ChunkHit & { fused: number })[]> {
  const k = options.k ?? 8;
  const mode = options.mode ?? "hybrid";
  const candidates = options.candidates ?? Math.max(RETRIEVAL.candidates, k * 5);
  const filters = options.filters ?? {};
  const embedding = mode === "text" ? undefined : embedder.embed([query]).then(([e]) => e!);
  const [vector, text] = await Promise.all([
    embedding?.then((e) =>
      store.chunksByVector({ userId, embedding: e, limit: candidates, filters, model: embedder.model }),
    ) ?? [],
    mode === "vector"
      ? []
      : store.chunksByText({
          userId,
          query: textQueryOf(query, Boolean(filters.clientIds?.length || filters.meetingIds?.length)),
          limit: candidates,
          filters,
          rareOnly: options.rareOnly ?? false,
        }),
  ]);
  const dimensions = windowDimensionsOf(embedder.model);
  const semantic =
    embedding && dimensions
      ? await rankByWindows(store, userId, embedder.model, await embedding, dimensions, [vector, text])
      : vector;
  const lists = mode === "vector" ? [semantic] : mode === "text" ? [text] : [semantic, text];
  const weights = mode === "hybrid" ? [1, options.textWeight ?? RETRIEVAL.textWeight] : [1];
  return fuseByReciprocalRank(lists, options.rrfK ?? RETRIEVAL.rrfK, weights).slice(0, k);
}

/** The candidates of every method, ranked by their nearest window (a chunk without windows keeps its own score). */
async function rankByWindows(
  store: AnswerStore,
  userId: number,
  model: string,
  embedding: number[],
  dimensions: number,
  lists: ChunkHit[][],
): Promise<ChunkHit[]> {
  const byId = new Map<number, ChunkHit>();
  for (const list of lists) for (const hit of list) if (!byId.has(hit.id)) byId.set(hit.id, hit);
  const scores = await store.chunkWindowScores({
    userId,
    chunkIds: [...byId.keys()],
    embedding: embedding.slice(0, dimensions),
    model,
  });
  const windowed = new Set(scores.map((s) => s.id));
  const ranked = [
    ...scores.map((s) => ({ ...byId.get(s.id)!, score: s.score, windowSimilarities: s.windows })),
    // Chunks without windows (written before them, or by another method's model) by their own vector score.
    ...(lists[0] ?? []).filter((hit) => !windowed.has(hit.id)),
  ].sort((a, b) => b.score - a.score);
  return ranked.map((hit, i) => ({ ...hit, rank: i + 1 }));
}

/**
 * What full text searches: the question's subject, and, within a client's or given meetings, its words as meetings
 * also say them ("charging" → "cost"). Across every meeting those other words bring in passages of unrelated meetings
 * (QMSum, 35 meetings: hybrid hit@10 57.0% → 56.1%); within a few meetings they find the one said otherwise. Words of
 * money only for a question asking an amount: "what did Grad E contribute to the discussion" looked for "deposit" and
 * "savings" (QMSum, meeting given: 91.6% → 91.1%).
 */
export function textQueryOf(question: string, scoped: boolean): string {
  const subject = subjectOfQuestion(question);
  if (!scoped) return subject;
  const asksAmount = detectQuestionKinds(question).includes("amount");
  return [subject, ...otherWordsFor(subject, { asksAmount })].join(" ");
}
