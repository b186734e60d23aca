// `bun run bench processes`: the supervised group (`api/src/start.ts` with DATABASE_URL) at several WEB_CONCURRENCY
// and DATABASE_POOL_SIZE settings, on one native PostgreSQL database, under the same wrk load: /api/health (one
// query a request) and /api/clients (the session read, then the cached list). It shows what the group's default
// pool (two connections a core shared among the app processes) costs against larger pools, beside one process.
// Options: --seconds=8 --connections=50 --configs=1:4,2:,2:4 (WEB_CONCURRENCY:DATABASE_POOL_SIZE, empty: default)
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate, openDatabase } from "@cm/db";
import { insertUser } from "@cm/db/queries/users";
import { buildWeb } from "@cm/web/build";
import { createSession } from "../src/modules/auth/session-service";
import { findWrk, runWrk } from "./support/load-generator";

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, "").split("=");
    return [k, v ?? "true"];
  }),
) as Record<string, string>;
const SECONDS = Number(args.seconds ?? 8);
const CONNECTIONS = Number(args.connections ?? 50);
const CONFIGS = (args.configs ?? "1:4,2:,2:4").split(",").map((c) => {
  const [web = "1", pool = ""] = c.split(":");
  return { web, pool };
});
const NATIVE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const root = join(import.meta.dir, "..", "..");
const loadAverage = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

function freePort(): number {
  const probe = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = probe.port;
  probe.stop(true);
  return port;
}

async function startGroup(env: Record<string, string>) {
  const port = freePort();
  const proc = Bun.spawn(["bun", "run", "api/src/start.ts"], {
    cwd: root,
    env: { ...process.env, ...env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", WORKER: "off" },
    stdout: "ignore",
    stderr: "inherit",
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  // Every app process of the group answers before the load starts: new connections until both names are seen.
  const seen = new Set<string>();
  while (seen.size < Number(env.WEB_CONCURRENCY)) {
    if (Date.now() > deadline || proc.exitCode !== null) throw new Error("the group did not start");
    const health = await fetch(`${url}/api/health`, { headers: { connection: "close" } }).catch(() => undefined);
    if (health?.ok) seen.add(((await health.json()) as { process: string }).process);
    else await Bun.sleep(100);
  }
  return { url, proc };
}

const wrk = findWrk();
if (!NATIVE_URL || !wrk) {
  console.log("needs native PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL) and wrk: skipped");
  process.exit(0);
}
await buildWeb({ production: true });
const name = `cm_bench_processes_${Date.now()}`;
const admin = await openDatabase({ url: NATIVE_URL, max: 1 });
await admin.sql.unsafe(`create database ${name}`);
const url = new URL(NATIVE_URL);
url.pathname = `/${name}`;
const dataDir = mkdtempSync(join(tmpdir(), "cm-bench-processes-"));
try {
  const db = await openDatabase({ url: url.toString(), max: 1 });
  await migrate(db.sql);
  const user = await insertUser(db.sql, {
    username: "bench",
    passwordHash: "x",
    email: "b@example.com",
    fullName: "B",
  });
  for (let i = 0; i < 50; i++) {
    await db.sql`insert into clients (user_id, name, type) values (${user.id}, ${`Client ${i}`}, 'Tax')`;
  }
  const sid = await createSession(db.sql, user.id);
  await db.close();
  const headers = { cookie: `__Host-cm_session=${sid}` };
  const rows: string[] = [];
  for (const { web, pool } of CONFIGS) {
    const env = {
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      SESSION_SECRET: "bench-secret-bench-secret-bench-secret",
      WEB_CONCURRENCY: web,
      ...(pool ? { DATABASE_POOL_SIZE: pool } : {}),
    };
    const group = await startGroup(env);
    try {
      for (const path of ["/api/health", "/api/clients"]) {
        await runWrk(wrk, `${group.url}${path}`, headers, { connections: CONNECTIONS, seconds: 2 });
        const r = await runWrk(wrk, `${group.url}${path}`, headers, { connections: CONNECTIONS, seconds: SECONDS });
        const label = `${web} × pool ${pool || "default"}`;
        rows.push(
          `| ${label} | ${path} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | ${loadAverage()} |`,
        );
        console.error(rows.at(-1));
      }
    } finally {
      group.proc.kill("SIGTERM");
      await group.proc.exited;
    }
  }
  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s a route, ${new Date().toISOString()}\n`);
  console.log("| app processes × pool | route | req/s | p50 ms | p99 ms | errors | load average |");
  console.log("| --- | --- | --- | --- | --- | --- | --- |");
  for (const row of rows) console.log(row);
} finally {
  await admin.sql.unsafe(`drop database if exists ${name} with (force)`);
  await admin.close();
  rmSync(dataDir, { recursive: true, force: true });
}
