// Cold start of the production server on an existing embedded data directory (time from spawn to
// the first 200 of /api/health), and time to first byte of the landing page.
// The server only needs web/dist/manifest.json (asset names), so an existing client build is used as it
// is: rebuilding would empty web/dist under any other server or test reading it.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = join(import.meta.dir, "..", "..");
const dataDir = mkdtempSync(join(tmpdir(), "cm-bench-start-"));
// A port nobody listens on: a fixed or random one could be another server's, whose health check would answer.
const probe = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
const port = probe.port;
probe.stop(true);
const env = {
  ...process.env,
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: "127.0.0.1",
  WORKER: "off",
};

if (!existsSync(join(root, "web", "dist", "manifest.json"))) {
  const build = Bun.spawnSync(["bun", "run", "web/scripts/build.ts"], { cwd: root, env });
  if (build.exitCode !== 0) throw new Error(build.stderr.toString());
}

// START_ENTRY names another entry file (a copy of an earlier main.ts) to compare before and after in one run.
const entry = process.env.START_ENTRY ?? "api/src/main.ts";
// The phases main.ts logs ("start-up phases"): database open and migrated, modules loaded, listening.
type Phases = { databaseMs?: number; modulesMs?: number; listenMs?: number; sinceProcessStartMs?: number };
const phaseRuns: Phases[] = [];

async function readPhases(stdout: ReadableStream<Uint8Array>) {
  const reader = stdout.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let found = false;
  // Reads to the end (the server never blocks on a full pipe), keeping the phases line once seen.
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    if (found) continue;
    text += decoder.decode(value, { stream: true });
    const line = text.split("\n").find((l) => l.includes('"start-up phases"'));
    if (line) {
      phaseRuns.push(JSON.parse(line) as Phases);
      found = true;
    }
  }
}

async function startAndWait(): Promise<{ ms: number; proc: ReturnType<typeof Bun.spawn> }> {
  const started = performance.now();
  const proc = Bun.spawn(["bun", "run", entry], { cwd: root, env, stdout: "pipe", stderr: "inherit" });
  void readPhases(proc.stdout);
  for (;;) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (r.ok) return { ms: performance.now() - started, proc };
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 60_000) throw new Error("server did not start in 60 s");
    await Bun.sleep(10);
  }
}

async function stop(proc: ReturnType<typeof Bun.spawn>) {
  proc.kill("SIGTERM");
  await proc.exited;
}

// First start creates the data directory; the measured starts reuse it.
await stop((await startAndWait()).proc);
const starts: number[] = [];
let last: ReturnType<typeof Bun.spawn> | undefined;
for (let i = 0; i < 3; i++) {
  const { ms, proc } = await startAndWait();
  starts.push(ms);
  if (i < 2) await stop(proc);
  else last = proc;
}

const ttfb: number[] = [];
for (let i = 0; i < 200; i++) {
  const t0 = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}/`);
  const reader = response.body!.getReader();
  await reader.read();
  ttfb.push(performance.now() - t0);
  await reader.cancel();
}
await stop(last!);
rmSync(dataDir, { recursive: true, force: true });

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
console.log("| measure | value |\n|---|---|");
console.log(`load average: ${(await Bun.file("/proc/loadavg").text()).trim()}; entry ${entry}`);
console.log(`| cold start, existing data dir (median of 3) | ${pct(starts, 50).toFixed(0)} ms |`);
// The first start created the data directory: only the measured starts' phases.
const measured = phaseRuns.slice(-3);
for (const key of ["databaseMs", "modulesMs", "listenMs", "sinceProcessStartMs"] as const) {
  const values = measured.map((p) => p[key]).filter((v): v is number => typeof v === "number");
  if (values.length) console.log(`| phase ${key} (median) | ${pct(values, 50).toFixed(0)} ms |`);
}
console.log(`| landing TTFB p50 (200 sequential requests) | ${pct(ttfb, 50).toFixed(2)} ms |`);
console.log(`| landing TTFB p99 | ${pct(ttfb, 99).toFixed(2)} ms |`);
