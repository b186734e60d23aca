// Start-up faults of the supervised group (`bun run start` with DATABASE_URL, entry api/src/start.ts): the supervisor
// checks the configuration, the port and the database once and stops with one line, instead of starting app
// processes that would die on the same fault again and again.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureWebBuild } from "./test-server";

const ROOT = join(import.meta.dir, "..", "..");
const ENTRY = join(ROOT, "api", "src", "start.ts");
const scratch = mkdtempSync(join(tmpdir(), "cm-group-startup-"));

beforeAll(() => ensureWebBuild());
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function freePort(): number {
  const listener = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const { port } = listener;
  listener.stop(true);
  return port;
}

// The supervisor stops by itself on each fault: the kill below only guards against a hang, so it is minutes, far past
// what a loaded 2-core machine needs to start Bun and read the configuration (the verdict is the exit and its line).
const HANG_GUARD_MS = 120_000;
const TEST_LIMIT_MS = HANG_GUARD_MS + 30_000;

/** Runs the entry with only this configuration; its exit code and output (killed after HANG_GUARD_MS: then it failed). */
async function runGroup(env: Record<string, string>) {
  const proc = Bun.spawn([process.execPath, ENTRY], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: process.env.HOME ?? tmpdir(),
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      DATA_DIR: mkdtempSync(join(scratch, "data-")),
      PORT: String(freePort()),
      ...env,
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  const timer = setTimeout(() => proc.kill("SIGKILL"), HANG_GUARD_MS);
  const [code, stdout, stderr] = await Promise.all([
    proc.exited,
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
  ]);
  clearTimeout(timer);
  const lines = `${stdout}${stderr}`
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { level: string; msg: string });
  return { code, lines };
}

const UNREACHABLE = "postgres://postgres:s3cret-pw@127.0.0.1:1/x";

test(
  "an unreachable DATABASE_URL stops the supervisor with one line; no app process is started",
  async () => {
    const { code, lines } = await runGroup({ DATABASE_URL: UNREACHABLE });
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "error" });
    expect(lines[0]!.msg).toStartWith("Cannot reach the database at DATABASE_URL (127.0.0.1:1): connect ECONNREFUSED");
    expect(JSON.stringify(lines)).not.toContain("s3cret-pw");
  },
  TEST_LIMIT_MS,
);

test(
  "a port already in use is refused before the database is asked",
  async () => {
    const holder = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
    try {
      const { code, lines } = await runGroup({ DATABASE_URL: UNREACHABLE, PORT: String(holder.port) });
      expect(code).toBe(1);
      expect(lines.map((line) => line.msg)).toEqual([
        `Port ${holder.port} is already in use: is another instance running? Stop it or set PORT to a free port.`,
      ]);
    } finally {
      holder.stop(true);
    }
  },
  TEST_LIMIT_MS,
);

test(
  "a process count out of range names the variable",
  async () => {
    const { code, lines } = await runGroup({ DATABASE_URL: UNREACHABLE, WEB_CONCURRENCY: "lots" });
    expect(code).toBe(1);
    expect(lines.map((line) => line.msg)).toEqual([
      'Start-up failed: WEB_CONCURRENCY must be a whole number from 1 to 256, got "lots"',
    ]);
  },
  TEST_LIMIT_MS,
);
