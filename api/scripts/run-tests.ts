// `bun run test`: every suite, each in its own `bun test` process, then one line "N passed, N failed".
//  - server:   db/, ai/, api/ tests against the embedded database
//  - native:   the database-backed tests again on TEST_DATABASE_URL (when set)
//  - dom:      web/ component tests under happy-dom (separate process: it replaces globals)
//  - browser:  web/e2e/ in headless Chromium (when Chromium is installed; E2E=0 skips)
//  - lint and typecheck first, one test each
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { hasSystemTools } from "@cm/ai/test-support/system-tools";
import { Glob } from "bun";
import { failedTests } from "./failed-tests";

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

// One fresh client build for every suite: SSR tests and browser tests read it, and a stale one would test old code.
const { buildWeb } = await import("../../web/scripts/build");
await buildWeb({ production: false });

let passed = 0;
let failed = 0;
/** Every failed test's line, repeated at the end: CI shows only the tail of the output. */
const failures: string[] = [];

// Lint and strict typecheck count as one test each: a read-only context, for one, is enforced by the typechecker.
for (const script of ["lint", "typecheck"]) {
  const check = Bun.spawnSync(["bun", "run", script], { cwd: root, stdout: "pipe", stderr: "pipe" });
  const ok = check.exitCode === 0;
  console.log(`[test] ${script}: ${ok ? "passed" : "failed"}`);
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
  const proc = Bun.spawn(["bun", "test", "--timeout", "30000", ...suite.files.map((f) => `./${f}`)], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "test", ...suite.env },
    stdout: "pipe",
    stderr: "pipe",
  });
  let output = "";
  const pump = async (stream: ReadableStream<Uint8Array>, sink: NodeJS.WriteStream) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      const text = decoder.decode(chunk, { stream: true });
      output += text;
      sink.write(text);
    }
  };
  await Promise.all([pump(proc.stdout, process.stdout), pump(proc.stderr, process.stderr)]);
  const code = await proc.exited;
  const pass = Number(/^\s*(\d+) pass$/m.exec(output)?.[1] ?? 0);
  let fail = Number(/^\s*(\d+) fail$/m.exec(output)?.[1] ?? 0);
  // A crash or an error outside any test exits non-zero without a failed test: count it.
  if (code !== 0 && fail === 0) fail = 1;
  failures.push(...failedTests(suite.name, output, code));
  console.log(`[test] suite ${suite.name}: ${pass} passed, ${fail} failed`);
  passed += pass;
  failed += fail;
}
if (failures.length > 0) console.log(`\n[test] what failed:\n${failures.join("\n")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
