import type { Sql } from "../client";

export type ChunkSource = "transcript" | "summary" | "note";

export interface NewChunk {
  source: ChunkSource;
  content: string;
  metadata: Record<string, unknown>;
  embedding: number[];
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
}

// pgvector stores 4-byte floats: 7 significant digits lose nothing and halve the SQL text sent per vector.
const toVector = (values: ArrayLike<number>) => `[${Array.from(values, (v) => Number(v.toPrecision(7))).join(",")}]`;

/**
 * Replaces a meeting's chunks of the given sources in one transaction: a job that runs twice
 * leaves one set of chunks.
 */
export async function replaceMeetingChunks(
  sql: Sql,
  target: { userId: number; meetingId: number; clientId: number; sources: ChunkSource[]; model: string },
  chunks: NewChunk[],
): Promise<void> {
  await sql.begin(async (tx) => {
    // Locks the meeting row so two indexers of one meeting run one after the other.
    const [meeting] = await tx`select id from meetings where id = ${target.meetingId} for update`;
    if (!meeting) return;
    await tx`delete from chunks where meeting_id = ${target.meetingId} and source in ${tx(target.sources)}`;
    for (let i = 0; i < chunks.length; i += 200) {
      const rows = chunks.slice(i, i + 200).map((c) => ({
        user_id: target.userId,
        meeting_id: target.meetingId,
        client_id: target.clientId,
        source: c.source,
        content: c.content,
        metadata: c.metadata,
        embedding: toVector(c.embedding),
        embedding_model: target.model,
      }));
      await tx`insert into chunks ${tx(rows as never)}`;
    }
  });
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

/** Nearest chunks by cosine distance, only the user's own, filtered inside the SQL. */
export async function searchChunksByVector(
  sql: Sql,
  userId: number,
  embedding: number[],
  k: number,
  filters: SearchFilters = {},
  /** Only vectors made by this model are comparable with the query's; others wait for re-embedding. */
  model?: string,
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
        ${model ? tx`and c.embedding_model = ${model}` : tx``} ${filterSql(tx as unknown as Sql, filters)}
      order by c.embedding <=> ${toVector(embedding)}::vector
      limit ${k}`;
    return rows.map((r, i) => ({ ...r, rank: i + 1 }));
  });
}

/** Full-text matches ranked by ts_rank_cd, only the user's own. */
export async function searchChunksByText(
  sql: Sql,
  userId: number,
  query: string,
  k: number,
  filters: SearchFilters = {},
): Promise<ChunkHit[]> {
  const rows = await sql<ChunkHit[]>`
    with q as (select websearch_to_tsquery('english', ${query}) as tsq),
    -- OR the terms so a question matches passages holding some of its words
    q2 as (select case when numnode(tsq) = 0 then tsq
      else to_tsquery('english', replace(strip(to_tsvector('english', ${query}))::text, ' ', ' | ')) end as tsq from q)
    select c.id, c.meeting_id as "meetingId", c.client_id as "clientId", c.source, c.content, c.metadata,
      ts_rank_cd(c.tsv, q2.tsq) as score
    from chunks c join meetings m on m.id = c.meeting_id, q2
    where c.user_id = ${userId} and c.tsv @@ q2.tsq ${filterSql(sql, filters)}
    order by score desc, c.id
    limit ${k}`;
  return rows.map((r, i) => ({ ...r, rank: i + 1 }));
}

export async function countChunks(sql: Sql, userId: number): Promise<number> {
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from chunks where user_id = ${userId}`;
  return row?.n ?? 0;
}

export async function listChunkModels(sql: Sql): Promise<{ model: string | null; n: number }[]> {
  return sql<{ model: string | null; n: number }[]>`
    select embedding_model as model, count(*)::int as n from chunks group by embedding_model`;
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
