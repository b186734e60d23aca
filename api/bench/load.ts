// `bun run bench load`: a large account (50 clients, 1,000 meetings of ~8,000 words, their chunks) on the
// embedded database and on native PostgreSQL; 50 concurrent loopback connections against the list routes
// (next to a bare Bun.serve JSON route, the runtime's ceiling), server-rendered pages, search and indexing.
// Options: --db=embedded,native --meetings=1000 --clients=50 --minutes=60 --seconds=8 --connections=50 --warmup=2
//          --measure-meetings=40 (indexed one by one into the live index; the rest are bulk-loaded)
//          --keep (native: keep the seeded database and print its name) --reuse=NAME (native: measure a kept one)
//          --processes=N (native: N app processes sharing the port, as `bun run start` runs them; default one)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate, openDatabase } from "@cm/db";
import { buildWeb } from "@cm/web/build";
import { createSession } from "../src/modules/auth/session-service";
import { findWrk, type LoadResult, runLoad, runWrk, summarise } from "./support/load-generator";
import { findSeededAccount, seedLargeAccount } from "./support/seed-account";

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

const QUESTIONS = [
  "What did we decide about the required minimum distribution?",
  "Which meetings talked about the umbrella insurance policy?",
  "When was my last meeting with the Hendricks trust?",
  "What are the action items from the meeting about the rollover?",
  "What did the client say about the donor-advised fund?",
  "Key points from all meetings last month",
  "How much is kept in the emergency fund?",
  "Who is the successor trustee?",
];

await buildWeb({ production: true });
const wrk = findWrk();
const report: string[] = [];
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
        log,
      });
  const sid = await createSession(db.sql, seeded.userId);
  await db.sql`vacuum analyze`;
  await db.close();
  const cookie = `__Host-cm_session=${sid}`;
  const app = await startAppServer(env);
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
    await (wrk ? runWrk(wrk, bare.url, {}, warm) : runLoad(() => new Request(bare.url), warm));
    results.push(["bare Bun.serve JSON (ceiling)", await whole(bare.url, {})]);
    for (const path of ["/api/meetings", "/api/stats", "/api/clients"]) {
      if (wrk) await runWrk(wrk, `${app.url}${path}`, { cookie }, warm);
      else await runLoad(get(path), warm);
      results.push([`GET ${path}`, await whole(`${app.url}${path}`, { cookie })]);
    }
    for (const path of ["/dashboard", "/clients"]) {
      await runLoad(get(path), { ...warm, firstByte: true });
      results.push([`SSR ${path} (TTFB)`, await runLoad(get(path), { ...opts, firstByte: true })]);
    }
    // Search: one question at a time, as a user asks them.
    const latencies: number[] = [];
    let errors = 0;
    const searchStart = performance.now();
    for (let i = 0; i < 80; i++) {
      const t = performance.now();
      const response = await fetch(`${app.url}/api/search`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ query: QUESTIONS[i % QUESTIONS.length] }),
      });
      await response.arrayBuffer();
      if (!response.ok) errors++;
      latencies.push(performance.now() - t);
    }
    results.push([
      "POST /api/search (sequential)",
      summarise(latencies, (performance.now() - searchStart) / 1000, errors),
    ]);
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
      args.reuse
        ? "Indexing: not measured (a kept database was measured again)."
        : `Indexing (local engine, product indexer): ${seeded.indexingChunksPerSecond.toFixed(0)} chunks embedded and stored per second; whole seed ${seeded.seedSeconds.toFixed(0)} s.`,
    );
    console.log(report.slice(reportStart).join("\n"));
  } finally {
    app.proc.kill("SIGTERM");
    bare.proc.kill();
    await Promise.all([app.proc.exited, bare.proc.exited]);
    await cleanup();
  }
}
console.log(`\n## Load benchmark (${new Date().toISOString().slice(0, 10)}, ${navigator.hardwareConcurrency} cores)`);
console.log(report.join("\n"));
