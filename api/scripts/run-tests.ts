// `bun run test`: every suite, each in its own `bun test` process, then one line "N passed, N failed".
//  - server:   db/, ai/, api/ tests against the embedded database
//  - native:   the database-backed tests again on TEST_DATABASE_URL (when set)
//  - dom:      web/ component tests under happy-dom (separate process: it replaces globals)
//  - browser:  web/e2e/ in headless Chromium (when Chromium is installed; E2E=0 skips)
//  - lint and typecheck first, one test each
// Each part's wall time, CPU time and the load average are printed, with the slowest files (docs/testing.md).
import { readFileSync } from "node:fs";
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
}

const suites: Suite[] = [{ name: "server", files: serverFiles, env: { TEST_DB_TARGET: "embedded" } }];
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

for (const suite of suites) {
  if (suite.files.length === 0) continue;
  console.log(`\n[test] suite ${suite.name}: ${suite.files.length} files`);
  const started = performance.now();
  const clock = new FileClock();
  const proc = Bun.spawn(
    ["bun", "test", "--timeout", String(TEST_HANG_GUARD_MS), ...suite.files.map((f) => `./${f}`)],
    {
      cwd: root,
      env: { ...process.env, NODE_ENV: "test", ...suite.env },
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
      sink.write(text);
      if (watch) clock.see(text);
    }
  };
  // bun test names each file on stderr as it starts it: the file clock reads that stream only.
  await Promise.all([pump(proc.stdout, process.stdout, false), pump(proc.stderr, process.stderr, true)]);
  const code = await proc.exited;
  noteTime(`suite ${suite.name} (${suite.files.length} files)`, started, proc.resourceUsage()?.cpuTime.total);
  const slowest = clock.durations().slice(0, 8);
  timings.push(...slowest.map((file) => `    ${formatDuration(file.ms).padStart(10)}  ${file.file}`));
  const pass = Number(/^\s*(\d+) pass$/m.exec(output)?.[1] ?? 0);
  let fail = Number(/^\s*(\d+) fail$/m.exec(output)?.[1] ?? 0);
  // A crash or an error outside any test exits non-zero without a failed test: count it.
  if (code !== 0 && fail === 0) fail = 1;
  failures.push(...failedTests(suite.name, output, code));
  console.log(`[test] suite ${suite.name}: ${pass} passed, ${fail} failed`);
  passed += pass;
  failed += fail;
}
timings.push(`whole run: ${formatDuration(performance.now() - runStarted)} (load average ${loadAverage()})`);
console.log(`\n[test] time by part (wall, CPU of the part's process, 1/5/15-minute load average; slowest files):`);
console.log(timings.join("\n"));
if (failures.length > 0) console.log(`\n[test] what failed:\n${failures.join("\n")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
