import type { Sql } from "@cm/db";
import { type ChunkHit, type SearchFilters, searchChunksByText, searchChunksByVector } from "@cm/db/queries/chunks";
import type { Embedder } from "../types";
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
}

/**
 * Vector similarity and full-text rank, each filtered by the user inside the SQL so no other
 * user's chunk is ever a candidate, fused by reciprocal rank.
 */
export async function retrievePassages(
  sql: Sql,
  embedder: Embedder,
  userId: number,
  query: string,
  options: RetrieveOptions = {},
): Promise<(ChunkHit & { fused: number })[]> {
  const k = options.k ?? 8;
  const mode = options.mode ?? "hybrid";
  const candidates = options.candidates ?? Math.max(50, k * 5);
  const filters = options.filters ?? {};
  const [vector, text] = await Promise.all([
    mode === "text"
      ? Promise.resolve([])
      : embedder
          .embed([query])
          .then(([e]) =>
            searchChunksByVector(sql, { userId, embedding: e!, limit: candidates, filters, model: embedder.model }),
          ),
    mode === "vector" ? Promise.resolve([]) : searchChunksByText(sql, { userId, query, limit: candidates, filters }),
  ]);
  return fuseByReciprocalRank([vector, text], options.rrfK).slice(0, k);
}
