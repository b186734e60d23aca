// Retrieval quality and latency on QMSum (validation split, 35 meetings, the "specific" queries): all meetings
// belong to one user, each query is searched across all of them, and a returned chunk is a hit when it comes from
// the query's meeting and its turns overlap a gold turn span. Vector-only, full-text-only and hybrid (RRF).
//
//   bun run bench retrieval                         embedded, then native Postgres if reachable
//   bun run ai/bench/retrieval.ts --db embedded     one database only (embedded | native | both)
//   bun run ai/bench/retrieval.ts --native-url postgres://user@host:5432/db
//   bun run ai/bench/retrieval.ts --chunk-sizes 400,800,1200 --db embedded   chunk-size sweep
//   bun run ai/bench/retrieval.ts --candidates 40,100 --rrf-k 60,20          fusion settings (each pair, one index)
//   bun run ai/bench/retrieval.ts --embedder hashing                         the last-resort embedder (default: use)
//   bun run ai/bench/retrieval.ts --no-header                                embed chunks without the meeting header
//   bun run ai/bench/retrieval.ts --text-weight 1,1.5,2                     full text's weight in the fusion
//   bun run ai/bench/retrieval.ts --vector-cache /tmp/use.bin   reuse sentence-encoder vectors of an earlier run
//   bun run ai/bench/retrieval.ts --no-answers                               skip the "meeting cited first" measure
//   bun run ai/bench/retrieval.ts --meetings 8                 the first 8 meetings and their queries only
//   bun run ai/bench/retrieval.ts --meeting-given   also each query within its own meeting only (no cross-meeting doubt)
//   bun run ai/bench/retrieval.ts --ranks /tmp/r.json   each query's rank per table and mode, to compare two runs
//
// "Meeting cited first": every specific query answered through the product's answering code (answerQuestion, local
// composer) over all 35 meetings, and the share whose first cited source is the query's meeting.
//
// Native: a fresh database is cloned from the migrated template (as db/src/testing.ts does for tests) on the server
// at --native-url, TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test, and dropped afterwards.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { Database } from "@cm/db";
import { createTestDatabase } from "@cm/db/testing";
import { DEFAULT_CHUNK_SIZE } from "../src/chunk/chunk-transcript";
import { createHashingEmbedder } from "../src/local/hashing-embedder";
import { createLocalEmbedder } from "../src/local/local-embedder";
import type { RetrieveOptions } from "../src/search/fetch/hybrid-retrieve";
import { type Corpus, evaluate, loadCorpus, type ModeResult, meetingCitedFirst } from "./retrieval/evaluate";
import { loadQmsum } from "./retrieval/qmsum";
import { withVectorCache } from "./retrieval/vector-cache";

const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "both" },
    "native-url": { type: "string" },
    "chunk-sizes": { type: "string" },
    candidates: { type: "string" },
    "rrf-k": { type: "string" },
    embedder: { type: "string", default: "use" },
    "no-header": { type: "boolean", default: false },
    "text-weight": { type: "string" },
    "vector-cache": { type: "string" },
    "no-answers": { type: "boolean", default: false },
    "meeting-given": { type: "boolean", default: false },
    ranks: { type: "string" },
    meetings: { type: "string" },
    // ../shared/data/qmsum next to the repository root
    data: { type: "string", default: join(import.meta.dir, "..", "..", "..", "shared", "data", "qmsum", "val.jsonl") },
  },
});

const nativeUrl = args["native-url"] ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const targets = (args.db === "both" ? ["embedded", "native"] : [args.db]) as ("embedded" | "native")[];
const chunkSizes = args["chunk-sizes"]?.split(",").map(Number) ?? [DEFAULT_CHUNK_SIZE];
const list = (value: string | undefined) => (value ? value.split(",").map(Number) : [undefined]);
/** Every pair of the fusion settings asked for, each evaluated on the same index. */
const fusionSettings: Omit<RetrieveOptions, "k" | "mode">[] = list(args.candidates).flatMap((candidates) =>
  list(args["rrf-k"]).flatMap((rrfK) =>
    list(args["text-weight"]).map((textWeight) => ({
      ...(candidates === undefined ? {} : { candidates }),
      ...(rrfK === undefined ? {} : { rrfK }),
      ...(textWeight === undefined ? {} : { textWeight }),
    })),
  ),
);
const embedHeader = !args["no-header"];

const meetings = loadQmsum(args.data!).slice(0, args.meetings ? Number(args.meetings) : undefined);
const queries = meetings.flatMap((m) => m.queries);
const chosen =
  args.embedder === "hashing"
    ? createHashingEmbedder()
    : createLocalEmbedder({
        onFallback: (error) => {
          throw new Error(`the sentence encoder did not load: ${error.message}`);
        },
      });
const cache =
  args["vector-cache"] && args.embedder !== "hashing" ? withVectorCache(chosen, args["vector-cache"]) : null;
const embedder = cache ?? chosen;
// The first question of a process loads the model: what the first search after a start costs.
const firstStarted = performance.now();
await embedder.embed(["What did the group decide about the remote control's buttons?"]);
const firstMs = performance.now() - firstStarted;
const secondStarted = performance.now();
await embedder.embed(["Why did the professor disagree with the plan?"]);
console.log(
  `QMSum val: ${meetings.length} meetings, ${meetings.reduce((n, m) => n + m.segments.length, 0)} turns, ` +
    `${queries.length} specific queries; embedder ${embedder.model}${embedHeader ? "" : " (no header)"}; top 10 per ` +
    `query; first question embedded in ${firstMs.toFixed(0)} ms (model load included), the next in ` +
    `${(performance.now() - secondStarted).toFixed(0)} ms`,
);

/** A clean migrated database of the given kind, through the same helper the test suite uses. */
async function openBenchDatabase(target: "embedded" | "native"): Promise<Database> {
  const saved = { target: process.env.TEST_DB_TARGET, url: process.env.TEST_DATABASE_URL };
  process.env.TEST_DB_TARGET = target;
  if (target === "native") process.env.TEST_DATABASE_URL = nativeUrl;
  try {
    return await createTestDatabase();
  } finally {
    restoreEnv("TEST_DB_TARGET", saved.target);
    restoreEnv("TEST_DATABASE_URL", saved.url);
  }
}

function restoreEnv(name: string, value: string | undefined) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

const ranksByTable: Record<string, Record<string, ModeResult["ranks"]>> = {};
function keepRanks(title: string, results: ModeResult[]) {
  ranksByTable[title] = Object.fromEntries(results.map((r) => [r.mode, r.ranks]));
  if (args.ranks) writeFileSync(args.ranks, JSON.stringify(ranksByTable, null, 1));
}

function printTable(title: string, corpus: Corpus, results: ModeResult[], embedded: number | undefined) {
  // With a vector cache, indexing throughput is real only when every text was embedded in this run.
  const throughput =
    embedded === 0
      ? "vectors from the cache, so no indexing throughput"
      : `${(corpus.chunks / (corpus.indexMs / 1000)).toFixed(1)} chunks/s, ` +
        `${(corpus.chunks / (corpus.indexCpuMs / 1000)).toFixed(1)} chunks per CPU second` +
        `${embedded === undefined ? "" : `, ${embedded} texts embedded`}`;
  console.log(
    `\n### ${title}: ${corpus.chunks} chunks (mean ${corpus.meanChunkChars.toFixed(0)} chars), ` +
      `indexed in ${(corpus.indexMs / 1000).toFixed(1)} s (${throughput})\n`,
  );
  console.log("| retrieval | queries | hit@5 | hit@10 | MRR@10 | p50 ms | p95 ms |");
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  for (const r of results) {
    console.log(
      `| ${r.mode} | ${r.queries} | ${pct(r.hitAt5)} | ${pct(r.hitAt10)} | ${r.mrr.toFixed(3)} | ` +
        `${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} |`,
    );
  }
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

let failed = false;
for (const target of targets) {
  for (const chunkSize of chunkSizes) {
    const label = `${target === "embedded" ? "embedded (PGlite + pgvector)" : `native PostgreSQL (${new URL(nativeUrl).host})`}, chunk size ${chunkSize}`;
    let db: Database;
    try {
      db = await openBenchDatabase(target);
    } catch (error) {
      console.log(`\n### ${label}: skipped, database unavailable (${(error as Error).message})`);
      failed ||= args.db === target; // asked for explicitly: report failure
      break;
    }
    try {
      const missesBefore = cache?.misses() ?? 0;
      const corpus = await loadCorpus(db.sql, embedder, meetings, { chunkSize, embedHeader });
      cache?.save();
      const embedded = cache ? cache.misses() - missesBefore : undefined;
      for (const fusion of fusionSettings) {
        const settings = Object.entries(fusion).map(([name, value]) => `${name} ${JSON.stringify(value)}`);
        const title = settings.length ? `${label}, ${settings.join(", ")}` : label;
        const all = await evaluate(db.sql, embedder, corpus, queries, fusion);
        printTable(title, corpus, all, embedded);
        keepRanks(title, all);
        if (args["meeting-given"]) {
          const given = await evaluate(db.sql, embedder, corpus, queries, fusion, { meetingGiven: true });
          const givenTitle = `${title}, each query within its own meeting`;
          printTable(givenTitle, corpus, given, embedded);
          keepRanks(givenTitle, given);
        }
      }
      if (!args["no-answers"]) {
        const cited = await meetingCitedFirst(db.sql, embedder, corpus, queries);
        console.log(
          `\nmeeting cited first (answerQuestion, local composer, ${cited.queries} specific queries, all ` +
            `${meetings.length} meetings): ${pct(cited.share)}; mean answer ${cited.meanMs.toFixed(0)} ms`,
        );
        cache?.save();
      }
    } finally {
      await db.close();
    }
  }
}
if (failed) process.exit(1);
