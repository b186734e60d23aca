import type { Sql } from "../client";
import { STATEMENT_TARGET_MS, StatementBatches } from "./statement-batches";

export type ChunkSource = "transcript" | "summary" | "note";

export interface NewChunk {
  source: ChunkSource;
  content: string;
  metadata: Record<string, unknown>;
  embedding: number[];
  /** Vectors of the chunk's short windows (chunk_windows, migration 015), when the embedder reads only short texts. */
  windows?: number[][];
  /** Vectors of the chunk's candidate sentences by their text's digest (chunk_sentences, migration 043). */
  sentences?: StoredSentence[];
}

export interface StoredSentence {
  /** The first 16 bytes of the SHA-256 of the sentence's text (sentenceDigest). */
  digest: Uint8Array;
  vector: number[];
}

export interface ChunkHit {
  id: number;
  meetingId: number;
  clientId: number | null;
  source: ChunkSource;
  content: string;
  metadata: Record<string, unknown>;
  rank: number;
  score: number;
  /** Each window's cosine similarity to the question, by position (chunks scored by their windows only). */
  windowSimilarities?: number[];
}

// pgvector stores 4-byte floats: 7 significant digits lose nothing and halve the SQL text sent per vector.
const toVector = (values: ArrayLike<number>) => `[${Array.from(values, (v) => Number(v.toPrecision(7))).join(",")}]`;

/**
 * Rows per chunk statement, sized by the statements' measured time (an HNSW insert of a vector costs 5-60 ms of the
 * embedded database under load, so a fixed 20 rows held it 0.4-1.3 s). At most 16: measured in one embedded run, a
 * chunk row costs 16.6 ms of CPU (12 of them the HNSW insert, 2.6 the full-text index), so even rows that looked
 * fast cannot add up to more than a few hundred ms should the machine slow down in the middle of a statement.
 */
const CHUNK_BATCHES = { initial: 4, max: 16, targetMs: STATEMENT_TARGET_MS };
/** Window rows per statement (no vector index on them: cheap rows). */
const WINDOW_BATCHES = { initial: 60, max: 500, targetMs: STATEMENT_TARGET_MS };

export interface ChunkReplacementTarget {
  userId: number;
  meetingId: number;
  clientId: number;
  sources: ChunkSource[];
  model: string;
}

/** Writes one new set of a meeting's chunks in parts, then swaps it in: see replaceMeetingChunks. */
export interface ChunkReplacement {
  readonly model: string;
  /** The run's generation: a run that stopped part-way is resumed by passing it to startChunkReplacement again. */
  readonly generation: number;
  /** Inserts some of the new chunks; false when the meeting is gone (deleted meanwhile), and nothing more is written. */
  write(chunks: NewChunk[]): Promise<boolean>;
  /** Removes every other generation of the sources and recounts the meeting's terms. */
  finish(): Promise<void>;
}

/**
 * Starts replacing a meeting's chunks of the given sources. The new chunks go in as short statements of their own,
 * tagged with this run's generation, as the caller makes them (an indexer need not hold every embedding at once);
 * then finish() removes every other generation of those sources, again in short statements. Until then a search may
 * see both sets for a moment, never neither. The meeting's term counts (chunk_term_counts) change in the same
 * statement as its chunks, so they always count the chunks there are, and no step recounts the whole meeting. Two
 * runs for one meeting are kept apart by the job queue, which runs one job per meeting at a time.
 */
export async function startChunkReplacement(
  sql: Sql,
  target: ChunkReplacementTarget,
  resumedGeneration?: number,
): Promise<ChunkReplacement> {
  const [{ generation } = { generation: 0 }] =
    resumedGeneration === undefined
      ? await sql<{ generation: number }[]>`
          select (extract(epoch from clock_timestamp()) * 1000000)::bigint as generation`
      : [{ generation: resumedGeneration }];
  let gone = false;
  const inserts = new StatementBatches(CHUNK_BATCHES);
  const windows = new StatementBatches(WINDOW_BATCHES);
  return {
    model: target.model,
    generation: Number(generation),
    async write(chunks) {
      if (gone) return false;
      gone = !(await inserts.run(chunks, (batch) => insertChunkBatch(sql, target, generation, batch, windows)));
      return !gone;
    },
    async finish() {
      if (gone) return;
      await removeOtherGenerations(sql, target, generation);
    },
  };
}

/** Replaces a meeting's chunks of the given sources: a job that runs twice leaves one set of chunks. */
export async function replaceMeetingChunks(
  sql: Sql,
  target: ChunkReplacementTarget,
  chunks: NewChunk[],
): Promise<void> {
  const replacement = await startChunkReplacement(sql, target);
  if (await replacement.write(chunks)) await replacement.finish();
}

/**
 * One insert statement of chunks, which also adds their terms to the meeting's document frequencies (the empty term
 * counts chunks), then their windows; false when the meeting was deleted.
 */
async function insertChunkBatch(
  sql: Sql,
  target: ChunkReplacementTarget,
  generation: number,
  chunks: NewChunk[],
  windowBatches: StatementBatches,
): Promise<boolean> {
  const rows = chunks.map((c) => ({
    user_id: target.userId,
    meeting_id: target.meetingId,
    client_id: target.clientId,
    source: c.source,
    content: c.content,
    metadata: c.metadata,
    embedding: toVector(c.embedding),
    embedding_model: target.model,
    generation,
    // What its windows and sentences take, counted with the chunk against the account's storage (migrations 032, 043).
    window_bytes:
      (c.windows ?? []).reduce((sum, vector) => sum + 4 * vector.length + 16, 0) +
      (c.sentences ?? []).reduce((sum, s) => sum + 4 * s.vector.length + s.digest.length + 24, 0),
  }));
  // Only while the meeting exists: a meeting deleted meanwhile takes no new chunks.
  const inserted = await sql<{ id: number }[]>`
    with inserted as (
      insert into chunks ${sql(rows as never)}
      returning id, user_id, meeting_id, tsv
    ), counted as (
      insert into chunk_term_counts (user_id, meeting_id, term, ndoc)
      select i.user_id, i.meeting_id, t.term, count(*)::int
      from inserted i cross join lateral unnest(tsvector_to_array(i.tsv)) as t (term)
      group by i.user_id, i.meeting_id, t.term
      union all
      select user_id, meeting_id, '', count(*)::int from inserted group by user_id, meeting_id
      on conflict (user_id, term, meeting_id) do update set ndoc = chunk_term_counts.ndoc + excluded.ndoc
    )
    select id from inserted order by id`.catch((error: { code?: string }) => {
    if (error.code === "23503") return []; // foreign key: the meeting was deleted while indexing
    throw error;
  });
  if (inserted.length === 0) return false;
  // Identity values are taken in the order of the VALUES list, so ids in ascending order match the chunks' order.
  const windowRows = inserted.flatMap((row, j) =>
    (chunks[j]?.windows ?? []).map((vector, position) => ({
      chunk_id: Number(row.id),
      position,
      embedding: toVector(vector),
    })),
  );
  await windowBatches.run(windowRows, async (batch) => {
    await sql`insert into chunk_windows ${sql(batch as never)}`;
    return true;
  });
  const sentenceRows = inserted.flatMap((row, j) =>
    (chunks[j]?.sentences ?? []).map((s) => ({
      chunk_id: Number(row.id),
      user_id: target.userId,
      digest: Buffer.from(s.digest),
      // Every digit: read back, the vector is the encoder's to the bit (see sentenceVectors).
      embedding: `[${s.vector.join(",")}]`,
    })),
  );
  await windowBatches.run(sentenceRows, async (batch) => {
    await sql`insert into chunk_sentences ${sql(batch as never)}`;
    return true;
  });
  return true;
}

/**
 * Deletes the meeting's chunks of the target's sources that are not of `generation`, in statements sized to a short
 * time, each taking its chunks' terms off the meeting's document frequencies; then drops the terms no chunk holds.
 */
async function removeOtherGenerations(sql: Sql, target: ChunkReplacementTarget, generation: number): Promise<void> {
  const batches = new StatementBatches(CHUNK_BATCHES);
  let removedAny = false;
  for (;;) {
    const rows = batches.size;
    const started = performance.now();
    const [result] = await sql<{ removed: number }[]>`
      with removed as (
        delete from chunks where id in (
          select id from chunks where meeting_id = ${target.meetingId} and source in ${sql(target.sources)}
            and generation is distinct from ${generation}
          limit ${rows})
        returning user_id, meeting_id, tsv
      ), terms as (
        select r.user_id, r.meeting_id, t.term, count(*)::int as n
        from removed r cross join lateral unnest(tsvector_to_array(r.tsv)) as t (term)
        group by r.user_id, r.meeting_id, t.term
        union all
        select user_id, meeting_id, '', count(*)::int from removed group by user_id, meeting_id
      ), counted as (
        update chunk_term_counts c set ndoc = c.ndoc - terms.n from terms
        where c.user_id = terms.user_id and c.meeting_id = terms.meeting_id and c.term = terms.term
      )
      select count(*)::int as removed from removed`;
    const removed = result?.removed ?? 0;
    batches.record(Math.max(removed, 1), performance.now() - started);
    if (removed > 0) removedAny = true;
    if (removed < rows) break;
  }
  if (removedAny) await sql`delete from chunk_term_counts where meeting_id = ${target.meetingId} and ndoc <= 0`;
}

export interface SearchFilters {
  meetingIds?: number[];
  clientIds?: number[];
  from?: Date;
  to?: Date;
}

function filterSql(sql: Sql, filters: SearchFilters) {
  return sql`
    ${filters.meetingIds ? sql`and c.meeting_id in ${sql(filters.meetingIds.length ? filters.meetingIds : [-1])}` : sql``}
    ${filters.clientIds ? sql`and c.client_id in ${sql(filters.clientIds.length ? filters.clientIds : [-1])}` : sql``}
    ${filters.from ? sql`and m.date >= ${filters.from}` : sql``}
    ${filters.to ? sql`and m.date < ${filters.to}` : sql``}`;
}

export interface VectorSearch {
  userId: number;
  /** The query's embedding. */
  embedding: number[];
  /** Most chunks to return. */
  limit: number;
  filters?: SearchFilters;
  /** Only vectors made by this model are comparable with the query's; others wait for re-embedding. */
  model: string;
}

/** Nearest chunks by cosine distance, only the user's own, filtered inside the SQL. */
export async function searchChunksByVector(
  sql: Sql,
  { userId, embedding, limit: k, filters = {}, model }: VectorSearch,
): Promise<ChunkHit[]> {
  return sql.begin(async (tx) => {
    // Keep scanning the HNSW index until k rows pass the filters (pgvector 0.8).
    await tx`select set_config('hnsw.iterative_scan', 'relaxed_order', true)`;
    await tx`select set_config('hnsw.ef_search', ${String(Math.max(40, k * 2))}, true)`;
    const rows = await tx<ChunkHit[]>`
      select c.id, c.meeting_id as "meetingId", c.client_id as "clientId", c.source, c.content, c.metadata,
        1 - (c.embedding <=> ${toVector(embedding)}::vector) as score
      from chunks c join meetings m on m.id = c.meeting_id
      where c.user_id = ${userId} and c.embedding is not null
        and c.embedding_model = ${model} ${filterSql(tx as unknown as Sql, filters)}
      order by c.embedding <=> ${toVector(embedding)}::vector
      limit ${k}`;
    return rows.map((r, i) => ({ ...r, rank: i + 1 }));
  });
}

export interface SentenceLookup {
  userId: number;
  /** Digests of the sentences' texts (sentenceDigest), in hex. */
  digests: string[];
  /** Only sentences of chunks embedded by this model. */
  model: string;
}

/**
 * The stored vectors of the sentences asked for, by digest (hex), among the user's own chunks of the model; one row per
 * digest found (the same sentence in several chunks is one vector). Values are 4-byte floats, returned exactly.
 */
export async function findSentenceVectors(
  sql: Sql,
  { userId, digests, model }: SentenceLookup,
): Promise<Map<string, number[]>> {
  const found = new Map<string, number[]>();
  if (digests.length === 0) return found;
  const hexes = [...new Set(digests)];
  const rows = await sql<{ digest: string; embedding: string }[]>`
    select d.digest, v.embedding::text as embedding
    from unnest(${hexes}::text[]) as d (digest)
      cross join lateral (
        select s.embedding from chunk_sentences s join chunks c on c.id = s.chunk_id
        where s.user_id = ${userId} and s.digest = decode(d.digest, 'hex') and c.embedding_model = ${model}
        limit 1) v`;
  for (const row of rows) {
    // pgvector prints the shortest digits that read back as the same 4-byte float: rounded to one, they are it.
    const values = JSON.parse(row.embedding) as number[];
    found.set(row.digest, values.map(Math.fround));
  }
  return found;
}

export interface WindowScoring {
  userId: number;
  /** Candidate chunks (already the user's: the query checks again). */
  chunkIds: number[];
  /** The question's vector, of the windows' dimension. */
  embedding: number[];
  /** Only windows of chunks embedded by this model are comparable with the question's vector. */
  model: string;
}

/**
 * Each candidate chunk's nearest window (cosine similarity), best first, with every window's similarity by position
 * (answers reuse them to score the chunk's sentences); chunks without windows are left out.
 */
export async function scoreChunksByWindows(
  sql: Sql,
  { userId, chunkIds, embedding, model }: WindowScoring,
): Promise<{ id: number; score: number; windows: number[] }[]> {
  if (chunkIds.length === 0) return [];
  const rows = await sql<{ id: number; windows: number[] }[]>`
    select w.chunk_id as id,
      array_agg((1 - (w.embedding <=> ${toVector(embedding)}::vector))::float8 order by w.position) as windows
    from chunk_windows w join chunks c on c.id = w.chunk_id
    where w.chunk_id in ${sql(chunkIds)} and c.user_id = ${userId} and c.embedding_model = ${model}
    group by w.chunk_id`;
  return rows
    .map((r) => {
      const windows = r.windows.map(Number);
      return { id: Number(r.id), score: Math.max(...windows), windows };
    })
    .sort((a, b) => b.score - a.score || a.id - b.id);
}

/** Tunables of the full-text search (exported for tests and benchmarks). */
export const TEXT_SEARCH = {
  /**
   * Most chunks the question's terms may select for ranking. Terms are taken rarest first while the chunks they
   * occur in (their document frequencies in the search's scope) add up to at most this; commoner terms still count
   * in the score of the selected chunks but select none themselves.
   */
  candidateBudget: 4000,
};

export interface TermStat {
  term: string;
  /** Chunks in the search's scope holding the term (from chunk_term_counts; 0 when unknown there). */
  df: number;
}

export interface TextSearchPlan {
  /** Chunks in the search's scope. */
  scopeChunks: number;
  terms: TermStat[];
  /**
   * "any": chunks holding one of `select` (the rare enough terms, and those without counts); "all": every term is
   * common, `select` lists them rarest first; "none": the question has no searchable term.
   */
  match: "any" | "all" | "none";
  select: string[];
}

/** A tsquery literal of exact lexemes (no dictionary runs on them again), joined by `op`. */
function tsqueryOf(terms: string[], op: "|" | "&"): string {
  return terms.map((t) => `'${t.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`).join(` ${op} `);
}

/**
 * The question's lexemes with their document frequencies among the user's chunks in the filters' scope, and which
 * of them select candidates: the rarest ones while their chunks fit in TEXT_SEARCH.candidateBudget.
 */
export async function planTextSearch(
  sql: Sql,
  { userId, query, filters = {} }: { userId: number; query: string; filters?: SearchFilters },
): Promise<TextSearchPlan> {
  const scoped = filters.clientIds || filters.from || filters.to;
  const rows = await sql<{ term: string; df: number }[]>`
    with q as (
      select distinct unnest(tsvector_to_array(to_tsvector('english', ${query}))) as term
      union select ''
    )
    select q.term, coalesce(s.df, 0)::int as df
    from q cross join lateral (
      select sum(t.ndoc) as df
      from chunk_term_counts t ${scoped ? sql`join meetings m on m.id = t.meeting_id` : sql``}
      where t.user_id = ${userId} and t.term = q.term
        ${filters.meetingIds ? sql`and t.meeting_id in ${sql(filters.meetingIds.length ? filters.meetingIds : [-1])}` : sql``}
        ${filters.clientIds ? sql`and m.client_id in ${sql(filters.clientIds.length ? filters.clientIds : [-1])}` : sql``}
        ${filters.from ? sql`and m.date >= ${filters.from}` : sql``}
        ${filters.to ? sql`and m.date < ${filters.to}` : sql``}
    ) s
    order by df, q.term`;
  const scopeChunks = rows.find((r) => r.term === "")?.df ?? 0;
  const terms = rows.filter((r) => r.term !== "");
  // Terms without counts occur in none of the scope's chunks (or their counts are missing): matching them costs little.
  const absent = terms.filter((t) => t.df === 0).map((t) => t.term);
  const present = terms.filter((t) => t.df > 0);
  if (present.length === 0) return { scopeChunks, terms, match: absent.length ? "any" : "none", select: absent };
  const select: string[] = [];
  let total = 0;
  for (const t of present) {
    if (total + t.df > TEXT_SEARCH.candidateBudget) break;
    total += t.df;
    select.push(t.term);
  }
  if (select.length > 0) return { scopeChunks, terms, match: "any", select: [...absent, ...select] };
  return { scopeChunks, terms, match: "all", select: present.map((t) => t.term) };
}

export interface TextSearch {
  userId: number;
  /** The question, in words. */
  query: string;
  /** Most chunks to return. */
  limit: number;
  filters?: SearchFilters;
  /**
   * Nothing when every term is in more chunks than the candidate budget: a search for one such word alone would rank an
   * arbitrary part of its chunks (the first candidateBudget in storage order), which says nothing of the subject.
   */
  rareOnly?: boolean;
}

/**
 * Full-text matches, only the user's own, filtered inside the SQL. The question's terms are looked up in the per-meeting
 * document frequencies first: chunks are selected by the rarer terms (see planTextSearch) and ranked by all terms,
 * each weighted by its inverse document frequency (BM25's idf over ts_rank's saturating term frequency), so a term
 * found in most chunks neither floods the candidates nor outweighs a rare one. When every term is common, chunks
 * holding all of them are taken (at most candidateBudget, in storage order), then chunks holding the rarest one.
 */
export async function searchChunksByText(
  sql: Sql,
  { userId, query, limit: k, filters = {}, rareOnly = false }: TextSearch,
): Promise<ChunkHit[]> {
  const plan = await planTextSearch(sql, { userId, query, filters });
  if (plan.match === "none" || (rareOnly && plan.match === "all")) return [];
  const n = Math.max(plan.scopeChunks, ...plan.terms.map((t) => t.df));
  // Candidates through the full-text index, never a sequential scan: with a limit and a term in most chunks the planner
  // would read the table from wherever the last scan of it stopped (synchronized scans), so each asking took other
  // candidates, and matched every row's tsv on the way (measured: 30 ms, over 100 ms out of cache, against 24 ms).
  const rows = await sql.begin(async (tx) => {
    await tx`select set_config('enable_seqscan', 'off', true)`;
    return rankCandidates(tx as unknown as Sql, plan, n, { userId, k, filters });
  });
  return rows.map((r, i) => ({ ...r, score: Number(r.score), rank: i + 1 }));
}

/** The plan's candidates ranked: the k best by every term's idf times its ts_rank, with their rows. */
async function rankCandidates(
  sql: Sql,
  plan: TextSearchPlan,
  n: number,
  { userId, k, filters }: { userId: number; k: number; filters: SearchFilters },
): Promise<ChunkHit[]> {
  // BM25's idf (never negative) times ts_rank of the single term, which grows with the term's count and saturates.
  const score = plan.terms
    .map(
      (t) =>
        sql`${Math.log(1 + (n - t.df + 0.5) / (t.df + 0.5))}::float8 * ts_rank(c.tsv, ${tsqueryOf([t.term], "|")}::tsquery)`,
    )
    .reduce((sum, term) => sql`${sum} + ${term}`);
  // Each candidate's tsv is read out of storage once (`|| ''` returns the same tsvector, detoasted), not once per term
  // of the score: with 5 terms over 4,000 candidates that was 20,000 TOAST reads. Only the k best carry their content.
  const rank = (match: string, limit: number) => sql<ChunkHit[]>`
    select c.id, c.meeting_id as "meetingId", c.client_id as "clientId", c.source, c.content, c.metadata, best.score
    from (
      select c.id, ${score} as score
      from (
        select c.id, c.tsv || ''::tsvector as tsv
        from chunks c join meetings m on m.id = c.meeting_id
        where c.user_id = ${userId} and c.tsv @@ ${match}::tsquery ${filterSql(sql, filters)}
        limit ${limit}
      ) c
      order by score desc, c.id
      limit ${k}
    ) best join chunks c on c.id = best.id
    order by best.score desc, best.id`;
  const budget = TEXT_SEARCH.candidateBudget;
  let rows: ChunkHit[];
  if (plan.match === "any") {
    // The frequencies bound the candidates; the limit only guards against counts that are out of date.
    rows = await rank(tsqueryOf(plan.select, "|"), budget * 2);
  } else {
    rows = plan.select.length > 1 ? await rank(tsqueryOf(plan.select, "&"), budget) : [];
    if (rows.length < k) {
      const seen = new Set(rows.map((r) => r.id));
      const rarest = await rank(tsqueryOf(plan.select.slice(0, 1), "|"), budget);
      rows = rows.concat(rarest.filter((r) => !seen.has(r.id))).slice(0, k);
    }
  }
  return rows;
}

/** Meetings holding chunks embedded by another model than `model` (or by none): they need re-embedding. */
export async function listMeetingsWithStaleEmbeddings(sql: Sql, model: string, limit = 10_000): Promise<number[]> {
  const rows = await sql<{ meetingId: number }[]>`
    select distinct meeting_id as "meetingId" from chunks
    where meeting_id is not null and embedding_model is distinct from ${model}
    order by meeting_id
    limit ${limit}`;
  return rows.map((r) => Number(r.meetingId));
}
