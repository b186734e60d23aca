// `bun run bench load`: a large account (50 clients, 1,000 meetings of ~8,000 words, their chunks) on the
// embedded database and on native PostgreSQL; 50 concurrent loopback connections against the list routes
// (next to a bare Bun.serve JSON route, the runtime's ceiling), server-rendered pages, search and indexing.
// Options: --db=embedded,native --meetings=1000 --clients=50 --minutes=60 --seconds=8 --connections=50 --warmup=2
//          --measure-meetings=40 (indexed one by one into the live index; the rest are bulk-loaded)
//          --seed=copy (the rest get copies of the indexed meetings' chunks instead of their own indexing: minutes, not
//          the hour the embedded database takes to index 1,000 meetings)
//          --keep (native: keep the seeded database and print its name) --reuse=NAME (native: measure a kept one)
//          --processes=N (native: N app processes sharing the port, as `bun run start` runs them; default one)
//          --embedder=sentence-encoder|hashing (the app's LOCAL_EMBEDDER and the seed's; default what production uses)
//          --questions=60 (asked one at a time) --in-flight=10 --questions-in-flight=100 --only=search
//          --chunks=1000000 (native only: other advisers' copies around the measured account, then its search again)
//          --chunks-budget=900 (seconds of copying at most; the size reached is reported)
//          --profile (after the server stops: where a question's time goes, each query and embedding timed in-process)
// Search latencies count answered questions only: the question limits are raised for the run by configuration
// (SEARCH_LIMIT_PER_MINUTE, SEARCH_QUESTIONS_AT_ONCE) and any refusal is reported apart with its status.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLocalEngine } from "@cm/ai/local";
import { migrate, openDatabase } from "@cm/db";
import { buildWeb } from "@cm/web/build";
import { createSession } from "../src/modules/auth/session-service";
import { cachedEmbedder } from "./support/cached-embedder";
import { findWrk, type LoadResult, runLoad, runWrk } from "./support/load-generator";
import { ADVISER_QUESTIONS, describeRefusals, measureSearch, type SearchLoadResult } from "./support/search-load";
import { profileSearch } from "./support/search-profile";
import { findSeededAccount, seedLargeAccount } from "./support/seed-account";
import { seedOtherAdvisers } from "./support/seed-other-advisers";

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, "").split("=");
    return [k, v ?? "true"];
  }),
) as Record<string, string>;
const targets = (args.db ?? "embedded,native").split(",");
const MEETINGS = Number(args.meetings ?? 1000);
const CLIENTS = Number(args.clients ?? 50);
// One hour of conversation: ~8,500 words, ~100 chunks a meeting, so 1,000 meetings give ~100,000 chunks.
const MINUTES = Number(args.minutes ?? 60);
const SECONDS = Number(args.seconds ?? 8);
const CONNECTIONS = Number(args.connections ?? 50);
const WARMUP_SECONDS = Number(args.warmup ?? 2);
const EMBEDDER = (args.embedder ?? "sentence-encoder") as "sentence-encoder" | "hashing";
const SEQUENTIAL_QUESTIONS = Number(args.questions ?? 60);
const IN_FLIGHT = Number(args["in-flight"] ?? 10);
const QUESTIONS_IN_FLIGHT = Number(args["questions-in-flight"] ?? 100);
const SEARCH_ONLY = args.only === "search";
const TOTAL_CHUNKS = args.chunks ? Number(args.chunks) : undefined;
const CHUNKS_BUDGET_SECONDS = Number(args["chunks-budget"] ?? 900);
const loadAverage = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const NATIVE_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const root = join(import.meta.dir, "..", "..");
const log = (line: string) => console.error(line);

function freePort(): number {
  const probe = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = probe.port;
  probe.stop(true);
  return port;
}

async function waitForHealth(url: string, proc: Bun.Subprocess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    if (proc.exitCode !== null) throw new Error("server exited during start-up");
    await Bun.sleep(100);
  }
  throw new Error("server did not start");
}

async function startAppServer(env: Record<string, string>) {
  const port = freePort();
  const group = args.processes !== undefined && env.DATABASE_URL !== undefined;
  const proc = Bun.spawn(["bun", "run", group ? "api/src/start.ts" : "api/src/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      ...(group ? { WEB_CONCURRENCY: args.processes! } : {}),
      NODE_ENV: "production",
      BUILD_WEB: "0",
      PORT: String(port),
      HOST: "127.0.0.1",
      WORKER: "off",
      SESSION_SECRET: "bench-secret-bench-secret-bench-secret",
    },
    stdout: "ignore",
    stderr: "inherit",
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, proc);
  return { url, proc };
}

async function startBareServer() {
  const port = freePort();
  const body = JSON.stringify(Array.from({ length: 20 }, (_, i) => ({ id: i, name: `Client ${i}`, type: "Tax" })));
  const script = `Bun.serve({ hostname: "127.0.0.1", port: ${port}, fetch: () => new Response(${JSON.stringify(body)}, { headers: { "content-type": "application/json" } }) });`;
  const proc = Bun.spawn(["bun", "-e", script], { stdout: "ignore", stderr: "inherit" });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  while (
    Date.now() < deadline &&
    !(await fetch(url).then(
      (r) => r.ok,
      () => false,
    ))
  )
    await Bun.sleep(50);
  return { url, proc };
}

const row = (name: string, r: LoadResult) =>
  `| ${name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.requests} | ${r.errors} |`;

function embedderName(embedder: typeof EMBEDDER) {
  return embedder === "sentence-encoder"
    ? "the local sentence encoder (@energetic-ai Universal Sentence Encoder), production's default without OPENAI_API_KEY"
    : "the hashing embedder (LOCAL_EMBEDDER=hashing)";
}

/** Search one at a time, then IN_FLIGHT at once, after a few questions that warm the process (not counted). */
async function measureSearches(url: string, cookie: string): Promise<string[]> {
  await measureSearch(url, cookie, { inFlight: 1, count: 5, seconds: 60 });
  const single = await measureSearch(url, cookie, { inFlight: 1, count: SEQUENTIAL_QUESTIONS, seconds: 180 });
  const rows = [searchRow("one at a time", single)];
  const several = await measureSearch(url, cookie, {
    inFlight: IN_FLIGHT,
    count: QUESTIONS_IN_FLIGHT,
    seconds: 180,
    offset: 7,
  });
  rows.push(searchRow(`${IN_FLIGHT} in flight`, several));
  return rows;
}

/** --chunks: other advisers around the measured one, the index built once over all, and its search measured again. */
async function searchAmongOtherAdvisers(env: Record<string, string>, userId: number, url: string, cookie: string) {
  const db = await openDatabase({ url: env.DATABASE_URL!, max: 1 });
  const grown = await seedOtherAdvisers(db.sql, {
    userId,
    totalChunks: TOTAL_CHUNKS!,
    budgetSeconds: CHUNKS_BUDGET_SECONDS,
    log,
  });
  await db.close();
  return [
    "",
    `Search among other advisers: ${grown.totalChunks} chunks in all (${grown.advisers} other advisers with copies of the measured account's meetings and chunks, INSERT … SELECT without the index in ${grown.copySeconds.toFixed(0)} s, then one HNSW build in ${grown.indexSeconds.toFixed(0)} s${grown.totalChunks < TOTAL_CHUNKS! ? `; ${TOTAL_CHUNKS} asked, copying stopped by its ${CHUNKS_BUDGET_SECONDS} s budget` : ""}):`,
    "",
    ...searchHeader,
    ...(await measureSearches(url, cookie)),
  ];
}

/** --profile: the questions answered in this process (its own encoder, not the seed's memory), each step timed. */
async function profile(target: string, env: Record<string, string>, userId: number) {
  const db = await openDatabase(
    target === "embedded" ? { dataDir: env.DATA_DIR! } : { url: env.DATABASE_URL!, max: 4 },
  );
  try {
    const rows = await profileSearch(
      db.sql,
      userId,
      createLocalEngine({ embedder: EMBEDDER }).embedder,
      [...ADVISER_QUESTIONS.slice(0, 5), ...ADVISER_QUESTIONS],
      5,
    );
    // The first five warm the encoder and the caches; they are asked again among the thirty measured.
    return [
      "",
      `Where a question's time goes (${target}, in-process, ms; load average ${loadAverage()}):`,
      "",
      ...rows,
    ];
  } finally {
    await db.close();
  }
}

interface PreparedDatabase {
  db: Awaited<ReturnType<typeof openDatabase>>;
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

async function prepareDatabase(target: string): Promise<PreparedDatabase> {
  if (target === "embedded") {
    const dataDir = mkdtempSync(join(tmpdir(), "cm-bench-"));
    const db = await openDatabase({ dataDir });
    await migrate(db.sql);
    return { db, env: { DATA_DIR: dataDir }, cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = args.reuse ?? `cm_bench_${Date.now()}`;
  const admin = (await openDatabase({ url: NATIVE_URL, max: 1 })).sql;
  if (!args.reuse) await admin.unsafe(`create database ${name}`);
  const url = new URL(NATIVE_URL);
  url.pathname = `/${name}`;
  const db = await openDatabase({ url: url.toString(), max: 4 });
  await migrate(db.sql);
  const dataDir = mkdtempSync(join(tmpdir(), "cm-bench-files-"));
  return {
    db,
    env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
    cleanup: async () => {
      if (args.keep || args.reuse) log(`kept database ${name}: --reuse=${name} measures it again`);
      else await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

await buildWeb({ production: true });
const wrk = findWrk();
const report: string[] = [];
// One embedder for every seed of this run, remembering what it embedded: the meetings repeat a few templates.
const seedEmbedder = cachedEmbedder(createLocalEngine({ embedder: EMBEDDER }).embedder);
const searchRow = (name: string, r: SearchLoadResult) =>
  `| ${name} | ${r.answered.p50.toFixed(1)} | ${r.answered.p95.toFixed(1)} | ${r.answered.p99.toFixed(1)} | ${r.answered.requests} | ${describeRefusals(r.refused)} | ${r.answered.rps.toFixed(1)} | ${loadAverage()} |`;
const searchHeader = [
  "| search | p50 ms | p95 ms | p99 ms | answered | refused (status) | answered/s | load average |",
  "|---|---|---|---|---|---|---|---|",
];
for (const target of targets) {
  log(`\n# ${target}: seeding ${MEETINGS} meetings for ${CLIENTS} clients`);
  const { db, env, cleanup } = await prepareDatabase(target);
  const seeded = args.reuse
    ? await findSeededAccount(db.sql)
    : await seedLargeAccount(db.sql, {
        clients: CLIENTS,
        meetings: MEETINGS,
        minutesPerMeeting: MINUTES,
        measureMeetings: Number(args["measure-meetings"] ?? 40),
        embedder: seedEmbedder,
        rest: args.seed === "copy" ? "copy" : "index",
        log,
      });
  const sid = await createSession(db.sql, seeded.userId);
  await db.sql`vacuum analyze`;
  await db.close();
  const cookie = `__Host-cm_session=${sid}`;
  log(`  seeded; ${seedEmbedder.distinctTexts()} distinct texts embedded by ${seedEmbedder.model}`);
  const app = await startAppServer({
    ...env,
    LOCAL_EMBEDDER: EMBEDDER,
    // Raised for the run: the product's own limits would refuse most of the bench's questions.
    SEARCH_LIMIT_PER_MINUTE: "1000000",
    SEARCH_QUESTIONS_AT_ONCE: String(Math.max(IN_FLIGHT, 4)),
  });
  const bare = await startBareServer();
  try {
    const get = (path: string) => () => new Request(`${app.url}${path}`, { headers: { cookie } });
    const opts = { connections: CONNECTIONS, seconds: SECONDS };
    const results: [string, LoadResult][] = [];
    // Whole responses: wrk when installed (it takes less CPU from the server than a JavaScript client).
    const whole = (url: string, headers: Record<string, string>) =>
      wrk ? runWrk(wrk, url, headers, opts) : runLoad(() => new Request(url, { headers }), opts);
    // Each route is warmed up under the same load first (not counted): the first seconds of a fresh process are
    // JIT compilation and first renders, which otherwise land in the p99 of whichever route comes first.
    const warm = { connections: CONNECTIONS, seconds: WARMUP_SECONDS };
    if (!SEARCH_ONLY) await (wrk ? runWrk(wrk, bare.url, {}, warm) : runLoad(() => new Request(bare.url), warm));
    if (!SEARCH_ONLY) results.push(["bare Bun.serve JSON (ceiling)", await whole(bare.url, {})]);
    for (const path of SEARCH_ONLY ? [] : ["/api/meetings", "/api/stats", "/api/clients"]) {
      if (wrk) await runWrk(wrk, `${app.url}${path}`, { cookie }, warm);
      else await runLoad(get(path), warm);
      results.push([`GET ${path}`, await whole(`${app.url}${path}`, { cookie })]);
    }
    for (const path of SEARCH_ONLY ? [] : ["/dashboard", "/clients"]) {
      await runLoad(get(path), { ...warm, firstByte: true });
      results.push([`SSR ${path} (TTFB)`, await runLoad(get(path), { ...opts, firstByte: true })]);
    }
    const searches = await measureSearches(app.url, cookie);
    const reportStart = report.length;
    report.push(
      `\n### ${target} database: ${MEETINGS} meetings, ${CLIENTS} clients, ${seeded.chunks} chunks, ${CONNECTIONS} connections, ${SECONDS} s per route`,
      "",
      `Load generator: ${wrk ? "wrk (1 thread)" : "Bun fetch"} for the JSON routes, Bun fetch for time to first byte and search.`,
      "",
      "| route | req/s | p50 ms | p95 ms | p99 ms | requests | errors |",
      "|---|---|---|---|---|---|---|",
      ...results.map(([name, r]) => row(name, r)),
      "",
      `Search at ${seeded.chunks} chunks of the measured account (embedder: ${embedderName(EMBEDDER)}; answered questions only):`,
      "",
      ...searchHeader,
      ...searches,
      "",
      args.reuse
        ? "Indexing: not measured (a kept database was measured again)."
        : `Indexing (local engine, product indexer): ${seeded.indexingChunksPerSecond.toFixed(0)} chunks embedded and stored per second; whole seed ${seeded.seedSeconds.toFixed(0)} s.`,
    );
    if (TOTAL_CHUNKS && target === "native")
      report.push(...(await searchAmongOtherAdvisers(env, seeded.userId, app.url, cookie)));
    console.log(report.slice(reportStart).join("\n"));
  } finally {
    app.proc.kill("SIGTERM");
    bare.proc.kill();
    await Promise.all([app.proc.exited, bare.proc.exited]);
    if (args.profile) report.push(...(await profile(target, env, seeded.userId)));
    await cleanup();
  }
}
console.log(`\n## Load benchmark (${new Date().toISOString().slice(0, 10)}, ${navigator.hardwareConcurrency} cores)`);
console.log(report.join("\n"));
// The sentence encoder's thread would keep the process alive.
process.exit(0);
