// Loads QMSum meetings through the product's own queries, chunker, embedder and chunk storage, then scores
// retrievePassages in each mode against the gold turn spans.

import type { Sql } from "@cm/db";
import { insertClient } from "@cm/db/queries/clients";
import { upsertTranscript } from "@cm/db/queries/meeting-content";
import { insertMeetingWithJob } from "@cm/db/queries/meetings";
import { insertUser } from "@cm/db/queries/users";
import { createAnswerStore } from "@cm/db/stores/answer-store";
import { createIndexStore } from "@cm/db/stores/index-store";
import confidence from "../../fitted/answer-confidence.json";
import { type IndexingOptions, indexMeeting } from "../../src/intelligence/index-meeting";
import { answerQuestion } from "../../src/search/answer-question";
import { type RetrievalMode, type RetrieveOptions, retrievePassages } from "../../src/search/fetch/hybrid-retrieve";
import { localAnswerComposer } from "../../src/search/write/compose-local-answer";
import type { Embedder } from "../../src/types";
import { type GoldQuery, isHit, type QmsumMeeting } from "./qmsum";

export interface Corpus {
  userId: number;
  /** Database meeting id → QMSum meeting index. */
  meetingIndex: Map<number, number>;
  chunks: number;
  meanChunkChars: number;
  indexMs: number;
  /** CPU time of this process while indexing (the embedded database runs inside it). */
  indexCpuMs: number;
}

/** Loads the meetings as one user's, then indexes each through the product's own indexing (@cm/ai/intelligence). */
export async function loadCorpus(
  sql: Sql,
  embedder: Embedder,
  meetings: QmsumMeeting[],
  options: Pick<IndexingOptions, "chunkSize" | "embedHeader"> = {},
): Promise<Corpus> {
  const user = await insertUser(sql, {
    username: "qmsum-bench",
    passwordHash: "x",
    email: "qmsum-bench@example.com",
    fullName: "QMSum Bench",
  });
  const client = await insertClient(sql, user.id, { name: "QMSum", type: "Business" });
  const meetingIndex = new Map<number, number>();
  for (const [i, meeting] of meetings.entries()) {
    const id = await insertMeetingWithJob(
      sql,
      {
        userId: user.id,
        clientId: client.id,
        title: `Meeting ${i + 1}`,
        date: new Date(Date.UTC(2025, 0, 1 + i)),
        duration: null,
        type: "Meeting",
        status: "Processed",
        sourceKind: "transcript",
        audioPath: null,
        audioMime: "text/plain",
      },
      null, // no worker runs here
    );
    meetingIndex.set(id, i);
    const fullText = meeting.segments.map((s) => `${s.speaker}: ${s.text}`).join("\n");
    await upsertTranscript(sql, { meetingId: id, fullText, segments: meeting.segments });
  }
  // Indexing alone is timed: chunk, embed, store (the throughput the worker would see).
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  let chunks = 0;
  for (const id of meetingIndex.keys()) {
    chunks += await indexMeeting({ store: createIndexStore(sql), embedder }, id, {
      ...options,
      sources: ["transcript"],
    });
  }
  const indexMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const indexCpuMs = (cpu.user + cpu.system) / 1000;
  await sql`analyze chunks`;
  const [{ chars } = { chars: 0 }] = await sql<{ chars: number }[]>`
    select coalesce(sum(length(content)), 0)::int as chars from chunks where user_id = ${user.id}`;
  return { userId: user.id, meetingIndex, chunks, meanChunkChars: chars / chunks, indexMs, indexCpuMs };
}

export interface ModeResult {
  mode: RetrievalMode;
  queries: number;
  hitAt5: number;
  hitAt10: number;
  mrr: number;
  p50: number;
  p95: number;
  /** Each query's rank of its first gold passage (null: not in the top 10), in the queries' order. */
  ranks: { query: string; rank: number | null }[];
}

export const MODES: RetrievalMode[] = ["vector", "text", "hybrid"];

/** Every query against all meetings of the user, modes interleaved per query so they share cache conditions. */
export async function evaluate(
  sql: Sql,
  embedder: Embedder,
  corpus: Corpus,
  queries: GoldQuery[],
  options: Omit<RetrieveOptions, "k" | "mode"> = {},
  { meetingGiven = false }: { meetingGiven?: boolean } = {},
): Promise<ModeResult[]> {
  const idOf = new Map([...corpus.meetingIndex].map(([id, index]) => [index, id]));
  // With the meeting given, each query searches its own meeting only: what retrieval reaches without the question of
  // which meeting is meant.
  const run = (q: GoldQuery, mode: RetrievalMode) =>
    retrievePassages(createAnswerStore(sql), embedder, corpus.userId, q.query, {
      ...options,
      k: 10,
      mode,
      ...(meetingGiven ? { filters: { meetingIds: [idOf.get(q.meeting)!] } } : {}),
    });
  for (const q of queries.slice(0, 5)) for (const mode of MODES) await run(q, mode); // warm-up
  const ranks = new Map<RetrievalMode, number[]>(MODES.map((m) => [m, []]));
  const times = new Map<RetrievalMode, number[]>(MODES.map((m) => [m, []]));
  for (const q of queries) {
    for (const mode of MODES) {
      const t0 = performance.now();
      const hits = await run(q, mode);
      times.get(mode)!.push(performance.now() - t0);
      const rank = hits.findIndex((h) => isHit(q, corpus.meetingIndex.get(h.meetingId), h.metadata.segmentIndexes));
      ranks.get(mode)!.push(rank < 0 ? Number.POSITIVE_INFINITY : rank + 1);
    }
  }
  return MODES.map((mode) => {
    const r = ranks.get(mode)!;
    const share = (pred: (rank: number) => boolean) => r.filter(pred).length / r.length;
    return {
      mode,
      queries: r.length,
      hitAt5: share((x) => x <= 5),
      hitAt10: share((x) => x <= 10),
      mrr: r.reduce((sum, x) => sum + (x <= 10 ? 1 / x : 0), 0) / r.length,
      p50: percentile(times.get(mode)!, 50),
      p95: percentile(times.get(mode)!, 95),
      ranks: queries.map((q, i) => ({ query: q.query, rank: Number.isFinite(r[i]!) ? r[i]! : null })),
    };
  });
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * Each query answered through the product's answering code (what POST /api/search runs, local composer), across all
 * the user's meetings: the share whose first cited source is the query's meeting.
 */
export async function meetingCitedFirst(
  sql: Sql,
  embedder: Embedder,
  corpus: Corpus,
  queries: GoldQuery[],
): Promise<{ queries: number; share: number; meanMs: number }> {
  let right = 0;
  const started = performance.now();
  for (const q of queries) {
    const answer = await answerQuestion(
      { store: createAnswerStore(sql), embedder, composer: localAnswerComposer, confidence },
      corpus.userId,
      q.query,
      [],
      {
        now: new Date(Date.UTC(2025, 3, 1)),
      },
    );
    const first = answer.sources[0]?.meetingId;
    if (first !== undefined && corpus.meetingIndex.get(first) === q.meeting) right++;
  }
  return {
    queries: queries.length,
    share: right / queries.length,
    meanMs: (performance.now() - started) / queries.length,
  };
}
