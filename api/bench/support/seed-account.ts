// Seeds one realistic, large account through the product's own query and indexing code.

import type { Embedder } from "@cm/ai";
import { createMeetingIndexer } from "@cm/ai/intelligence";
import { parseTranscript } from "@cm/ai/transcript";
import type { Sql } from "@cm/db";
import { upsertTranscript } from "@cm/db/queries/meeting-content";
import { upsertSummary } from "@cm/db/queries/summaries";
import { insertUser } from "@cm/db/queries/users";
import { createIndexStore } from "@cm/db/stores/index-store";
import { createMemoryLogger } from "../../src/logger";
import { buildLongTranscriptVtt } from "../../test/support/long-transcript";

const CLIENT_TYPES = [
  "Wealth Management",
  "Legal Consultation",
  "Tax Planning",
  "Estate Planning",
  "Business Advisory",
];
const SURNAMES = ["Hendricks", "Okafor", "Lindqvist", "Moreau", "Castillo", "Nakamura", "Pierce", "Fischer", "Adeyemi"];

export interface SeededAccount {
  userId: number;
  meetingIds: number[];
  chunks: number;
  /** Chunks embedded and stored per second by the product's indexer (local engine). */
  indexingChunksPerSecond: number;
  seedSeconds: number;
}

export async function seedLargeAccount(
  sql: Sql,
  options: {
    clients: number;
    meetings: number;
    minutesPerMeeting: number;
    /** Meetings indexed into the live HNSW index to measure throughput; the rest are bulk-loaded. */
    measureMeetings: number;
    /** The embedder the app searches with: chunks embedded by another model are not searched by vector. */
    embedder: Embedder;
    /**
     * "copy": the meetings after the measured ones get copies of the chunks (vectors, windows and term counts) of the indexed
     * meeting built from the same transcript template, with their own title, client and date in the metadata, written
     * server-side (INSERT … SELECT). The embedded database indexes about one meeting in 3 s, so 1,000 take most of an
     * hour; the copy takes minutes and gives the same rows a full indexing would, bar the summary chunk's wording.
     */
    rest?: "index" | "copy";
    log: (line: string) => void;
  },
): Promise<SeededAccount> {
  const started = performance.now();
  const user = await insertUser(sql, {
    username: `bench${Date.now()}`,
    passwordHash: "not-used",
    email: `bench${Date.now()}@example.com`,
    fullName: "Bench Advisor",
  });
  const clientIds: number[] = [];
  for (let i = 0; i < options.clients; i++) {
    const name = `${SURNAMES[i % SURNAMES.length]} ${i < SURNAMES.length ? "Family Trust" : `Holdings ${i}`}`;
    const [row] = await sql<{ id: number }[]>`
      insert into clients (user_id, name, type) values (${user.id}, ${name}, ${CLIENT_TYPES[i % CLIENT_TYPES.length]!})
      returning id`;
    clientIds.push(row!.id);
  }
  const meetingIds: number[] = [];
  const now = Date.now();
  // Transcripts are built from a few templates (parsing 1,000 different ones adds nothing to measure).
  const templates = Array.from({ length: 8 }, (_, i) =>
    parseTranscript(buildLongTranscriptVtt(options.minutesPerMeeting, i + 1), "vtt"),
  );
  for (let i = 0; i < options.meetings; i++) {
    const date = new Date(now - (i * 2 + 1) * 12 * 3600 * 1000);
    const [row] = await sql<{ id: number }[]>`
      insert into meetings (user_id, client_id, title, date, duration, type, status, source_kind)
      values (${user.id}, ${clientIds[i % clientIds.length]!}, ${`Review ${i + 1}`}, ${date}, 3200, 'Uploaded',
        'Processed', 'transcript')
      returning id`;
    const id = row!.id;
    meetingIds.push(id);
    const transcript = templates[i % templates.length]!;
    await upsertTranscript(sql, { meetingId: id, fullText: transcript.fullText, segments: transcript.segments });
    await upsertSummary(sql, id, {
      executiveSummary: `Meeting ${i + 1} reviewed the portfolio allocation, the required minimum distribution and the estate documents. The client agreed to rebalance toward bonds. A follow-up is planned.`,
      keyPoints: ["Allocation drifted to 58% equities", "RMD of about $22,000", "Trust restatement signed"],
      actionItems: [
        { task: "Draft the updated investment policy statement", assignee: "Bench Advisor" },
        { task: "Send the old 401(k) statements", assignee: "Client" },
        { task: "Review the umbrella insurance policy", assignee: "Bench Advisor" },
      ],
      nextMeeting: { date: "2027-01-15", topics: ["Rollover", "Insurance"] },
    });
  }
  const seededAt = performance.now();
  options.log(`  seeded ${options.meetings} meetings in ${((seededAt - started) / 1000).toFixed(1)} s; indexing...`);
  const indexer = createMeetingIndexer({
    store: createIndexStore(sql),
    embedder: options.embedder,
    logger: createMemoryLogger(),
  });
  const countChunks = async () =>
    (await sql<{ n: number }[]>`select count(*)::int as n from chunks where user_id = ${user.id}`)[0]!.n;
  // Throughput as the product sees it: meetings indexed one by one into the live HNSW index.
  const measured = Math.min(options.measureMeetings, meetingIds.length);
  const indexStarted = performance.now();
  for (const id of meetingIds.slice(0, measured)) await indexer.indexMeeting(id);
  const indexSeconds = (performance.now() - indexStarted) / 1000;
  const measuredChunks = await countChunks();
  options.log(
    `  indexed ${measured} meetings: ${(measuredChunks / indexSeconds).toFixed(0)} chunks/s; bulk-loading the rest`,
  );
  // The rest is a bulk load: without the index, which is then built once (what an operator would do).
  await sql`drop index chunks_embedding_idx`;
  if (options.rest === "copy") {
    if (measured < templates.length) throw new Error(`copying needs --measure-meetings of ${templates.length} or more`);
    await copyIndexedChunks(sql, meetingIds, measured, templates.length, options.log);
  } else {
    for (const [n, id] of meetingIds.slice(measured).entries()) {
      await indexer.indexMeeting(id);
      if ((n + 1) % 200 === 0) options.log(`  indexed ${measured + n + 1} meetings`);
    }
  }
  const buildStarted = performance.now();
  await sql.begin(async (tx) => {
    await tx`set local maintenance_work_mem = '512MB'`;
    await tx`create index chunks_embedding_idx on chunks using hnsw (embedding vector_cosine_ops)`;
  });
  options.log(`  HNSW index built in ${((performance.now() - buildStarted) / 1000).toFixed(0)} s`);
  return {
    userId: user.id,
    meetingIds,
    chunks: await countChunks(),
    indexingChunksPerSecond: measuredChunks / indexSeconds,
    seedSeconds: (performance.now() - started) / 1000,
  };
}

/** Meetings per INSERT … SELECT of a copy: about 10,000 chunks a statement. */
const COPY_BATCH = 100;

/** Chunks and term counts of meetings [from, end) copied from the indexed meeting of the same template (i % templates). */
async function copyIndexedChunks(
  sql: Sql,
  meetingIds: number[],
  from: number,
  templates: number,
  log: (line: string) => void,
) {
  const started = performance.now();
  for (let start = from; start < meetingIds.length; start += COPY_BATCH) {
    const copies = meetingIds.slice(start, start + COPY_BATCH);
    const sources = copies.map((_, k) => meetingIds[(start + k) % templates]!);
    await sql.begin(async (tx) => {
      await tx`
        insert into chunks (user_id, meeting_id, client_id, source, content, metadata, embedding, embedding_model, window_bytes)
        select c.user_id, m.id, m.client_id, c.source, c.content,
          c.metadata || jsonb_build_object('title', m.title, 'clientName', cl.name,
            'date', to_char(m.date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
          c.embedding, c.embedding_model, c.window_bytes
        from unnest(${copies}::bigint[], ${sources}::bigint[]) as pair (copy_id, source_id)
          join meetings m on m.id = pair.copy_id
          join clients cl on cl.id = m.client_id
          join chunks c on c.meeting_id = pair.source_id
        order by pair.copy_id, c.id`;
      // Each copied chunk's windows (the indexer writes them for every chunk; search ranks candidates by them) and
      // its sentences' vectors (which answers read instead of encoding them, migration 043): the copies were inserted
      // in their sources' order, so the n-th chunk of a copy is the n-th of its source.
      await tx`
        with chunk_pairs as (
          select copy.id as copy_chunk, source.id as source_chunk
          from unnest(${copies}::bigint[], ${sources}::bigint[]) as pair (copy_id, source_id)
            cross join lateral (
              select id, row_number() over (order by id) as n from chunks where meeting_id = pair.copy_id) copy
            join lateral (
              select id, row_number() over (order by id) as n from chunks where meeting_id = pair.source_id) source
              on source.n = copy.n
        ), windows as (
          insert into chunk_windows (chunk_id, position, embedding)
          select p.copy_chunk, w.position, w.embedding
          from chunk_pairs p join chunk_windows w on w.chunk_id = p.source_chunk
        )
        insert into chunk_sentences (chunk_id, user_id, digest, embedding)
        select p.copy_chunk, s.user_id, s.digest, s.embedding
        from chunk_pairs p join chunk_sentences s on s.chunk_id = p.source_chunk`;
      await tx`
        insert into chunk_term_counts (user_id, meeting_id, term, ndoc)
        select t.user_id, pair.copy_id, t.term, t.ndoc
        from unnest(${copies}::bigint[], ${sources}::bigint[]) as pair (copy_id, source_id)
          join chunk_term_counts t on t.meeting_id = pair.source_id`;
    });
    log(
      `  copied chunks for ${start + copies.length} meetings, ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  }
}

/** The account a kept benchmark database was seeded with (`--reuse`): no new indexing figure. */
export async function findSeededAccount(sql: Sql): Promise<SeededAccount> {
  const [user] = await sql<
    { id: number }[]
  >`select id from users where username like 'bench%' order by id desc limit 1`;
  if (!user) throw new Error("no seeded benchmark account in this database");
  const meetings = await sql<{ id: number }[]>`select id from meetings where user_id = ${user.id}`;
  const [chunks] = await sql<{ n: number }[]>`select count(*)::int as n from chunks where user_id = ${user.id}`;
  return {
    userId: user.id,
    meetingIds: meetings.map((m) => m.id),
    chunks: chunks!.n,
    indexingChunksPerSecond: Number.NaN,
    seedSeconds: 0,
  };
}
