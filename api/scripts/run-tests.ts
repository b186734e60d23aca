// `bun run test`: every suite, each in its own `bun test` process, then one line "N passed, N failed".
// server, native and dom run side by side, then browser; temporary files go to /dev/shm when it has room.
//  - server:   db/, ai/, api/ tests against the embedded database, on two workers (slowest files first)
//  - native:   the database-backed tests again on TEST_DATABASE_URL (when set)
//  - dom:      web/ component tests under happy-dom (separate process: it replaces globals)
//  - browser:  web/e2e/ in headless Chromium (when Chromium is installed; E2E=0 skips)
//  - lint and typecheck first, one test each
// Each part's wall time, CPU time and the load average are printed, with the slowest files (docs/testing.md).
import { mkdtempSync, readFileSync, rmSync, statfsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hasSystemTools } from "@cm/ai/test-support/system-tools";
import { Glob } from "bun";
import { failedTests } from "./failed-tests";
import { FileClock, formatDuration, loadAverage } from "./suite-timing";

const root = join(import.meta.dir, "..", "..");

function find(pattern: string): string[] {
  return [...new Glob(pattern).scanSync({ cwd: root })].filter((f) => !f.includes("node_modules")).sort();
}

const serverFiles = ["db", "ai", "api"].flatMap((dir) => find(`${dir}/**/*.test.{ts,tsx}`));
const usesDatabase = (file: string) =>
  /createTestDatabase|startTestServer|setUpJobQueueDatabase/.test(readFileSync(join(root, file), "utf8"));
const domFiles = find("web/src/**/*.test.{ts,tsx}").concat(find("web/test/**/*.test.{ts,tsx}"));
const browserFiles = find("web/e2e/**/*.test.ts");
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

interface Suite {
  name: string;
  files: string[];
  env?: Record<string, string>;
  /** Files run by this many `bun test` worker processes at once (slowest first); one process when absent. */
  workers?: number;
}

/**
 * Each server test file's duration from an earlier run (api/scripts/test-timings.json): with several workers, bun
 * starts the slowest files first, so no long file is left for the end. Only an order: a stale figure changes no verdict.
 */
const TIMINGS_FILE = "api/scripts/test-timings.json";

// Two workers for the server suite, on any machine: its files often wait (child processes, sleeps, the database's
// thread), so a second one fills the gaps even on two cores.
const suites: Suite[] = [{ name: "server", files: serverFiles, env: { TEST_DB_TARGET: "embedded" }, workers: 2 }];
if (process.env.TEST_DATABASE_URL) {
  suites.push({ name: "native", files: serverFiles.filter(usesDatabase), env: { TEST_DB_TARGET: "native" } });
} else {
  console.log("[test] TEST_DATABASE_URL not set: native PostgreSQL suite skipped");
}
suites.push({ name: "dom", files: domFiles });
if (process.env.E2E === "0") {
  console.log("[test] browser suite skipped (E2E=0)");
} else if (hasSystemTools(["chromium"], { log: console.log })) {
  suites.push({ name: "browser", files: browserFiles, env: { CHROMIUM_PATH: chromium } });
}

/**
 * Each test's own limit when it sets none: a guard against a hang, not a verdict. At 30 s, tests that start and migrate
 * an embedded database failed at load 16-20 on two cores (other runs beside the suite) with nothing wrong.
 */
const TEST_HANG_GUARD_MS = 120_000;

/** Free bytes a memory file system must have to hold the suites' temporary files (databases, a 500 MB upload). */
const MEMORY_TMP_MIN_FREE = 4 * 1024 ** 3;

/**
 * A folder in /dev/shm for the suites' temporary files when it is a memory file system with room: each test database
 * is a copy of a 40 MB migrated template, which took 0.1-1.1 s on this machine's disk (page-cache writeback) and 0.09 s
 * in memory, and the databases' own writes skip the disk too. Undefined (the system's temporary folder) otherwise.
 */
function memoryTmpDir(): string | undefined {
  if (process.env.TEST_TMPDIR === "system") return undefined;
  try {
    const fs = statfsSync("/dev/shm");
    if (fs.bavail * fs.bsize < MEMORY_TMP_MIN_FREE) return undefined;
    return mkdtempSync("/dev/shm/cm-test-");
  } catch {
    return undefined;
  }
}
const tmpDir = memoryTmpDir();
if (tmpDir) console.log(`[test] temporary files in ${tmpDir} (memory)`);
process.on("exit", () => {
  if (tmpDir) rmSync(tmpDir, { recursive: true, force: true });
});

const runStarted = performance.now();
console.log(`[test] load average at start: ${loadAverage()}`);
/** One row per part of the run, printed together at the end. */
const timings: string[] = [];
function noteTime(part: string, started: number, cpuMicroseconds?: bigint): void {
  const cpu = cpuMicroseconds === undefined ? "" : `, CPU ${formatDuration(Number(cpuMicroseconds) / 1000)}`;
  timings.push(`${part}: ${formatDuration(performance.now() - started)}${cpu} (load average ${loadAverage()})`);
}

// One fresh client build for every suite: SSR tests and browser tests read it, and a stale one would test old code.
const buildStarted = performance.now();
const { buildWeb } = await import("../../web/scripts/build");
await buildWeb({ production: false });
noteTime("client build", buildStarted);

let passed = 0;
let failed = 0;
/** Every failed test's line, repeated at the end: CI shows only the tail of the output. */
const failures: string[] = [];

// Lint and strict typecheck count as one test each: a read-only context, for one, is enforced by the typechecker.
for (const script of ["lint", "typecheck"]) {
  const started = performance.now();
  const check = Bun.spawnSync(["bun", "run", script], { cwd: root, stdout: "pipe", stderr: "pipe" });
  const ok = check.exitCode === 0;
  console.log(`[test] ${script}: ${ok ? "passed" : "failed"}`);
  noteTime(script, started, check.resourceUsage?.cpuTime.total);
  if (!ok) console.log(`${check.stdout.toString()}${check.stderr.toString()}`.slice(-4000));
  if (ok) passed++;
  else {
    failed++;
    failures.push(`${script}: failed`);
  }
}

interface SuiteResult {
  pass: number;
  fail: number;
  /** Timing rows: the part, then its slowest files. */
  timing: string[];
  failures: string[];
}

/**
 * One suite in its own `bun test` process. With `live`, its output goes straight through; otherwise it is held and
 * printed whole when the suite ends, so two suites running side by side do not interleave their lines.
 */
async function runSuite(suite: Suite, live: boolean): Promise<SuiteResult> {
  console.log(`\n[test] suite ${suite.name}: ${suite.files.length} files${live ? "" : " (output when it ends)"}`);
  const started = performance.now();
  const clock = new FileClock();
  const measured = join(tmpDir ?? tmpdir(), `timings-${suite.name}.json`);
  // Workers keep one module registry each across their files (--no-isolate), as one `bun test` process does.
  const parallel = suite.workers
    ? [
        `--parallel=${suite.workers}`,
        "--no-isolate",
        `--timings=${measured}`,
        `--timings=${TIMINGS_FILE}`,
        "--update-timings",
      ]
    : [];
  if (suite.workers) writeFileSync(measured, JSON.stringify({ version: 1, files: {} }));
  const proc = Bun.spawn(
    ["bun", "test", "--timeout", String(TEST_HANG_GUARD_MS), ...parallel, ...suite.files.map((f) => `./${f}`)],
    {
      cwd: root,
      env: { ...process.env, NODE_ENV: "test", ...(tmpDir ? { TMPDIR: tmpDir } : {}), ...suite.env },
      stdout: "pipe",
      stderr: "pipe",
    },
  );
  let output = "";
  const pump = async (stream: ReadableStream<Uint8Array>, sink: NodeJS.WriteStream, watch: boolean) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      const text = decoder.decode(chunk, { stream: true });
      output += text;
      if (live) sink.write(text);
      if (watch) clock.see(text);
    }
  };
  // bun test names each file on stderr as it starts it: the file clock reads that stream only.
  await Promise.all([pump(proc.stdout, process.stdout, false), pump(proc.stderr, process.stderr, true)]);
  const code = await proc.exited;
  if (!live) process.stdout.write(`\n[test] suite ${suite.name}, its output:\n${output}`);
  const timing: string[] = [];
  const part = `suite ${suite.name} (${suite.files.length} files)`;
  const cpu = proc.resourceUsage()?.cpuTime.total;
  const cpuText = cpu === undefined ? "" : `, CPU ${formatDuration(Number(cpu) / 1000)}`;
  timing.push(`${part}: ${formatDuration(performance.now() - started)}${cpuText} (load average ${loadAverage()})`);
  // With workers, the files' lines interleave: bun's own measured durations name the slowest.
  const durations = suite.workers ? measuredDurations(measured, suite.files) : clock.durations();
  timing.push(...durations.slice(0, 8).map((file) => `    ${formatDuration(file.ms).padStart(10)}  ${file.file}`));
  const pass = Number(/^\s*(\d+) pass$/m.exec(output)?.[1] ?? 0);
  let fail = Number(/^\s*(\d+) fail$/m.exec(output)?.[1] ?? 0);
  // A crash or an error outside any test exits non-zero without a failed test: count it.
  if (code !== 0 && fail === 0) fail = 1;
  console.log(`[test] suite ${suite.name}: ${pass} passed, ${fail} failed`);
  return { pass, fail, timing, failures: failedTests(suite.name, output, code) };
}

/** The files' durations bun wrote with --update-timings, slowest first (only this run's files). */
function measuredDurations(path: string, files: string[]): { file: string; ms: number }[] {
  try {
    const all = (JSON.parse(readFileSync(path, "utf8")) as { files: Record<string, number> }).files;
    return files
      .filter((file) => all[file] !== undefined)
      .map((file) => ({ file, ms: all[file]! }))
      .sort((a, b) => b.ms - a.ms);
  } catch {
    return [];
  }
}

// The server, native and dom suites run side by side: the native one is mostly PostgreSQL's work and the server suite's
// waits (child processes, sleeps) leave gaps. The browser suite follows alone (it runs Chromium beside its servers).
const sideBySide = suites.filter((suite) => ["server", "native", "dom"].includes(suite.name));
const after = suites.filter((suite) => !sideBySide.includes(suite));
const results = await Promise.all(
  sideBySide.filter((s) => s.files.length > 0).map((suite, i) => runSuite(suite, i === 0)),
);
for (const suite of after) if (suite.files.length > 0) results.push(await runSuite(suite, true));
for (const result of results) {
  timings.push(...result.timing);
  failures.push(...result.failures);
  passed += result.pass;
  failed += result.fail;
}
timings.push(`whole run: ${formatDuration(performance.now() - runStarted)} (load average ${loadAverage()})`);
console.log(`\n[test] time by part (wall, CPU of the part's process, 1/5/15-minute load average; slowest files):`);
console.log(timings.join("\n"));
if (failures.length > 0) console.log(`\n[test] what failed:\n${failures.join("\n")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
