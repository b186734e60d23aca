// Search latency on a large account: one user with ~100,000 chunks (1,000 one-hour meetings of 50 clients, their
// summaries and some notes, see search/advisor-corpus.ts), indexed through the product's chunker, hashing embedder
// and chunk storage. Runs 50 adviser questions through retrievePassages (ai/src/search) in text, vector and hybrid
// mode, and through gatherContext + the local answer composer (what POST /api/search does, minus HTTP), and prints
// p50/p95 for each.
//
//   bun run ai/bench/search-latency.ts                      native Postgres (TEST_DATABASE_URL or local test server)
//   bun run ai/bench/search-latency.ts --db embedded        PGlite under $TMPDIR/cm-bench-search
//   bun run ai/bench/search-latency.ts --meetings 200       a smaller account
//   bun run ai/bench/search-latency.ts --seed-budget 240    seed for at most 240 s, then stop (run again to go on)
//   bun run ai/bench/search-latency.ts --drop               remove the bench database afterwards
//
//   bun run ai/bench/search-latency.ts --embedder hashing   the last-resort embedder (default: the sentence encoder)
//
// With the sentence encoder (the default), embedding 100,000 chunks for real would take hours on this machine, so
// the seed embeds a real sample (the windows of the first SAMPLE_MEETINGS generated meetings, timed: the indexing
// throughput printed) and gives every chunk's windows vectors that are normalised random mixtures of three sampled
// real vectors; a chunk's own vector is the direction of its windows', as the indexer makes it. Questions are
// embedded for real. The vectors thus have the real model's distribution, not real meaning: the figures are latency.
//
// The seeded database is kept between runs (native: database cm_bench_search_<meetings>; embedded: a data folder), so
// only the first run pays for seeding. Seeding resumes where a previous run stopped.

import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type Database, migrate, openDatabase, type Sql } from "@cm/db";
import { type NewChunk, replaceMeetingChunks } from "@cm/db/queries/chunks";
import { upsertSummary } from "@cm/db/queries/summaries";
import { insertUser } from "@cm/db/queries/users";
import { createAnswerStore } from "@cm/db/stores/answer-store";
import confidence from "../fitted/answer-confidence.json";
import { chunkPlainText, chunkTranscript } from "../src/chunk/chunk-transcript";
import { splitIntoWindows } from "../src/intelligence/embedding-windows";
import { createHashingEmbedder } from "../src/local/hashing-embedder";
import { createLocalEmbedder } from "../src/local/local-embedder";
import { SENTENCE_ENCODER_DIMENSIONS } from "../src/local/sentence-encoder";
import { answerQuestion } from "../src/search/answer-question";
import { type RetrievalMode, retrievePassages } from "../src/search/fetch/hybrid-retrieve";
import { localAnswerComposer } from "../src/search/write/compose-local-answer";
import type { Embedder } from "../src/types";
import { meanDirection } from "../src/vectors";
import { percentile } from "./retrieval/evaluate";
import { BENCH_QUESTIONS, benchClients, benchMeeting } from "./search/advisor-corpus";

const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "native" },
    "native-url": { type: "string" },
    "data-dir": { type: "string" },
    meetings: { type: "string", default: "1000" },
    clients: { type: "string", default: "50" },
    "seed-budget": { type: "string", default: "270" },
    rounds: { type: "string", default: "1" },
    drop: { type: "boolean", default: false },
    verbose: { type: "boolean", default: false },
    embedder: { type: "string", default: "use" },
  },
});
const USE_ENCODER = args.embedder !== "hashing";

const MEETINGS = Number(args.meetings);
const CLIENTS = Number(args.clients);
const SEED_BUDGET_MS = Number(args["seed-budget"]) * 1000;
const nativeUrl = args["native-url"] ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const embedder: Embedder = USE_ENCODER
  ? createLocalEmbedder({
      onFallback: (error) => {
        throw new Error(`the sentence encoder did not load: ${error.message}`);
      },
    })
  : createHashingEmbedder();
const USERNAME = "search-bench";
/** Meetings whose windows are embedded for real, as the sample the other vectors are mixed from. */
const SAMPLE_MEETINGS = 2;
// A fixed "now" so periods in the questions ("in April", "last month") select the same meetings every run.
const NOW = new Date("2026-06-15T12:00:00Z");

async function openBenchDatabase(target: "embedded" | "native"): Promise<{ db: Database; drop(): Promise<void> }> {
  if (target === "embedded") {
    const dir = args["data-dir"] ?? join(tmpdir(), `cm-bench-search-${USE_ENCODER ? "use-" : ""}${MEETINGS}`);
    const db = await openDatabase({ dataDir: dir });
    await migrate(db.sql);
    return { db, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `cm_bench_search_${USE_ENCODER ? "use_" : ""}${MEETINGS}`;
  const admin = await openDatabase({ url: nativeUrl, max: 1 });
  if ((await admin.sql`select 1 from pg_database where datname = ${name}`).length === 0)
    await admin.sql.unsafe(`create database ${name}`);
  await admin.close();
  const url = new URL(nativeUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ url: url.toString(), max: 4 });
  await migrate(db.sql);
  return {
    db,
    async drop() {
      const admin = await openDatabase({ url: nativeUrl, max: 1 });
      await admin.sql.unsafe(`drop database if exists ${name} with (force)`);
      await admin.close();
    },
  };
}

/** Creates the user, clients, meetings and summaries once; indexes meetings without chunks until the budget ends. */
async function seed(sql: Sql, log: (line: string) => void): Promise<{ userId: number; complete: boolean }> {
  const started = performance.now();
  let [user] = await sql<{ id: number }[]>`select id from users where username = ${USERNAME}`;
  const clients = benchClients(CLIENTS);
  if (!user) {
    user = await insertUser(sql, {
      username: USERNAME,
      passwordHash: "not-used",
      email: "search-bench@example.com",
      fullName: "Search Bench",
    });
    const clientIds: number[] = [];
    for (const c of clients) {
      const [row] = await sql<{ id: number }[]>`
        insert into clients (user_id, name, type) values (${user.id}, ${c.name}, ${c.type}) returning id`;
      clientIds.push(row!.id);
    }
    for (let i = 0; i < MEETINGS; i++) {
      const m = benchMeeting(i, clients, NOW);
      const [row] = await sql<{ id: number }[]>`
        insert into meetings (user_id, client_id, title, date, duration, type, status, source_kind)
        values (${user.id}, ${clientIds[m.clientIndex]!}, ${m.title}, ${m.date}, 3600, 'Uploaded', 'Processed', 'transcript')
        returning id`;
      await upsertSummary(sql, row!.id, {
        executiveSummary: m.summary.executiveSummary,
        keyPoints: m.summary.keyPoints,
        actionItems: m.summary.actionItems,
        nextMeeting: null,
      });
    }
    log(`  created ${CLIENTS} clients and ${MEETINGS} meetings`);
  }
  const pending = await sql<{ id: number; clientId: number; title: string; date: Date; clientName: string }[]>`
    select m.id, m.client_id as "clientId", m.title, m.date, c.name as "clientName"
    from meetings m join clients c on c.id = m.client_id
    where m.user_id = ${user.id} and not exists (select 1 from chunks k where k.meeting_id = m.id)
    order by m.id`;
  if (pending.length === 0) return { userId: user.id, complete: true };
  // Meeting i of the generator is the user's i-th meeting by id.
  const order = await sql<{ id: number }[]>`select id from meetings where user_id = ${user.id} order by id`;
  const indexOf = new Map(order.map((r, i) => [r.id, i]));
  // A bulk load, as an operator would do it: without the HNSW index, which is built once at the end.
  await sql`drop index if exists chunks_embedding_idx`;
  log(`  indexing ${pending.length} meetings (HNSW index dropped for the bulk load)`);
  const mixer = USE_ENCODER ? await sampleRealVectors(clients, log) : undefined;
  let done = 0;
  for (const m of pending) {
    if (performance.now() - started > SEED_BUDGET_MS) break;
    const generated = benchMeeting(indexOf.get(m.id)!, clients, NOW);
    const header = `${m.title} — ${m.clientName} — ${m.date.toISOString().slice(0, 10)}`;
    const base = { title: m.title, clientName: m.clientName, date: m.date.toISOString() };
    const drafts: Omit<NewChunk, "embedding">[] = (await chunkTranscript(generated.segments)).map((c) => ({
      source: "transcript",
      content: c.content,
      metadata: { ...base, startSeconds: c.startSeconds, endSeconds: c.endSeconds, segmentIndexes: c.segmentIndexes },
    }));
    const s = generated.summary;
    const summaryText = `${s.executiveSummary}\nKey points: ${s.keyPoints.join("; ")}\nAction items: ${s.actionItems
      .map((a) => `${a.task} (${a.assignee})`)
      .join("; ")}`;
    for (const content of await chunkPlainText(summaryText))
      drafts.push({ source: "summary", content, metadata: base });
    for (const content of generated.note ? await chunkPlainText(generated.note) : [])
      drafts.push({ source: "note", content, metadata: base });
    const chunks: NewChunk[] = mixer
      ? drafts.map((d) => {
          const windows = splitIntoWindows(d.content).map(() => mixer());
          return { ...d, windows, embedding: padTo1536(meanDirection(windows)) };
        })
      : await embedder
          .embed(drafts.map((d) => `${header}\n${d.content}`))
          .then((vectors) => drafts.map((d, j) => ({ ...d, embedding: vectors[j]! })));
    await replaceMeetingChunks(
      sql,
      {
        userId: user.id,
        meetingId: m.id,
        clientId: m.clientId,
        sources: ["transcript", "summary", "note"],
        model: embedder.model,
      },
      chunks,
    );
    if (++done % 100 === 0) log(`  indexed ${done} meetings (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  if (done < pending.length) {
    log(`  seed budget used: ${done} of ${pending.length} meetings indexed; run again to continue`);
    return { userId: user.id, complete: false };
  }
  const t = performance.now();
  await sql.begin(async (tx) => {
    await tx`set local maintenance_work_mem = '1GB'`;
    await tx`create index if not exists chunks_embedding_idx on chunks using hnsw (embedding vector_cosine_ops)`;
  });
  log(`  HNSW index built in ${((performance.now() - t) / 1000).toFixed(0)} s`);
  await sql`vacuum analyze`;
  return { userId: user.id, complete: true };
}

/**
 * Embeds the windows of the first SAMPLE_MEETINGS meetings with the sentence encoder (timed: the indexing throughput
 * of the real model), and returns a source of vectors mixed from them: each a normalised sum of three random sampled
 * vectors with random weights (deterministic).
 */
async function sampleRealVectors(clients: ReturnType<typeof benchClients>, log: (line: string) => void) {
  const texts: string[] = [];
  let chunkCount = 0;
  for (let i = 0; i < SAMPLE_MEETINGS; i++) {
    for (const c of await chunkTranscript(benchMeeting(i, clients, NOW).segments)) {
      chunkCount++;
      texts.push(...splitIntoWindows(c.content));
    }
  }
  const unique = [...new Set(texts)];
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const vectors = (await embedder.embed(unique)).map((v) => v.slice(0, SENTENCE_ENCODER_DIMENSIONS));
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  // CPU seconds too: on a shared machine the wall clock measures the neighbours as much as the model.
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  log(
    `  sample: ${chunkCount} chunks of ${SAMPLE_MEETINGS} meetings, ${unique.length} distinct windows embedded in ` +
      `${seconds.toFixed(1)} s (${(chunkCount / seconds).toFixed(1)} chunks/s, ${(unique.length / seconds).toFixed(1)} windows/s) ` +
      `using ${cpuSeconds.toFixed(1)} CPU s (${(chunkCount / cpuSeconds).toFixed(1)} chunks per CPU second)`,
  );
  let seed = 12345;
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x80000000;
  };
  return () => {
    const parts = [0, 1, 2].map(() => {
      const weight = 0.2 + random();
      return vectors[Math.floor(random() * vectors.length)]!.map((v) => v * weight);
    });
    return meanDirection(parts);
  };
}

const padTo1536 = (vector: number[]) => [...vector, ...new Array<number>(1536 - vector.length).fill(0)];

async function ensureVectorIndex(sql: Sql) {
  const [row] = await sql`select 1 from pg_indexes where indexname = 'chunks_embedding_idx'`;
  if (row) return;
  const t = performance.now();
  await sql.begin(async (tx) => {
    await tx`set local maintenance_work_mem = '1GB'`;
    await tx`create index chunks_embedding_idx on chunks using hnsw (embedding vector_cosine_ops)`;
  });
  console.error(`  HNSW index built in ${((performance.now() - t) / 1000).toFixed(0)} s`);
  await sql`vacuum analyze`;
}

interface Row {
  name: string;
  times: number[];
  results: number[];
}

const log = (line: string) => console.error(line);
const targets = (args.db === "both" ? ["native", "embedded"] : [args.db]) as ("embedded" | "native")[];
for (const target of targets) {
  log(`# ${target}: ${MEETINGS} meetings, ${CLIENTS} clients, embedder ${embedder.model}`);
  const { db, drop } = await openBenchDatabase(target);
  try {
    const { userId, complete } = await seed(db.sql, log);
    if (!complete) continue;
    await ensureVectorIndex(db.sql);
    const [{ n }] = (await db.sql`select count(*)::int as n from chunks where user_id = ${userId}`) as unknown as [
      { n: number },
    ];
    const modes: RetrievalMode[] = ["text", "vector", "hybrid"];
    const rows: Row[] = [
      ...modes.map((m) => ({ name: `retrievePassages ${m}`, times: [], results: [] })),
      { name: "whole search (gatherContext + local answer)", times: [], results: [] },
    ];
    const deps = { store: createAnswerStore(db.sql), embedder, composer: localAnswerComposer, confidence };
    // Warm-up: a few questions in every mode.
    for (const q of BENCH_QUESTIONS.slice(0, 3)) {
      for (const mode of modes) await retrievePassages(createAnswerStore(db.sql), embedder, userId, q, { k: 6, mode });
      await answerQuestion(deps, userId, q, [], { now: NOW });
    }
    const slow: { ms: number; q: string; mode: string }[] = [];
    for (let round = 0; round < Number(args.rounds); round++) {
      for (const q of BENCH_QUESTIONS) {
        for (const [i, mode] of modes.entries()) {
          const t = performance.now();
          const hits = await retrievePassages(createAnswerStore(db.sql), embedder, userId, q, { k: 6, mode });
          const ms = performance.now() - t;
          rows[i]!.times.push(ms);
          rows[i]!.results.push(hits.length);
          slow.push({ ms, q, mode });
        }
        const t = performance.now();
        const answer = await answerQuestion(deps, userId, q, [], { now: NOW });
        rows[3]!.times.push(performance.now() - t);
        rows[3]!.results.push(answer.sources.length);
        slow.push({ ms: performance.now() - t, q, mode: "whole" });
      }
    }
    console.log(
      `\n### ${target === "native" ? `native PostgreSQL (${new URL(nativeUrl).host})` : "embedded (PGlite + pgvector)"}: ` +
        `${n} chunks of one user, ${BENCH_QUESTIONS.length} questions × ${args.rounds} round(s), k = 6\n`,
    );
    console.log("| path | p50 ms | p95 ms | max ms | mean results |");
    console.log("|---|---:|---:|---:|---:|");
    for (const r of rows) {
      const mean = r.results.reduce((a, b) => a + b, 0) / r.results.length;
      console.log(
        `| ${r.name} | ${percentile(r.times, 50).toFixed(1)} | ${percentile(r.times, 95).toFixed(1)} | ` +
          `${Math.max(...r.times).toFixed(1)} | ${mean.toFixed(1)} |`,
      );
    }
    if (args.verbose) {
      console.log("\nslowest:");
      for (const s of slow.sort((a, b) => b.ms - a.ms).slice(0, 12))
        console.log(`  ${s.ms.toFixed(1)} ms  ${s.mode}  ${s.q}`);
    }
  } finally {
    await db.close();
    if (args.drop) await drop();
  }
}
