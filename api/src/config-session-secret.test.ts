// The session secret generated into DATA_DIR: processes starting at the same moment (a supervised group of app and
// worker processes) must all end up with one secret, or a sign-in code made by one process fails in another.
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "./config";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const CONFIG = join(import.meta.dir, "config.ts");
// Check-then-write loses this race in about one round of three here (16 processes on 2 cores): four rounds.
const PROCESSES = 16;
const ROUNDS = 4;

/** Starts the processes on a fresh data folder; each prints the secret its configuration got. */
async function raceForSecret(dataDir: string): Promise<string[]> {
  // Each child waits for the same instant, then loads the configuration (which writes the secret) and prints it.
  const startAt = Date.now() + 1500;
  const script = `const { loadConfig } = await import(${JSON.stringify(CONFIG)});
    while (Date.now() < ${startAt}) {}
    process.stdout.write(loadConfig({ NODE_ENV: "test", DATA_DIR: ${JSON.stringify(dataDir)} }).sessionSecret);`;
  const children = Array.from({ length: PROCESSES }, () => Bun.spawn(["bun", "-e", script], { stdout: "pipe" }));
  const secrets = await Promise.all(children.map((child) => new Response(child.stdout).text()));
  expect(await Promise.all(children.map((child) => child.exited))).toEqual(Array(PROCESSES).fill(0));
  return secrets;
}

test("processes generating the secret at the same moment all read the same one", async () => {
  for (let round = 0; round < ROUNDS; round++) {
    const dataDir = mkdtempSync(join(tmpdir(), "cm-secret-race-"));
    dirs.push(dataDir);
    const secrets = await raceForSecret(dataDir);
    const kept = readFileSync(join(dataDir, "session-secret"), "utf8").trim();
    expect(kept).toMatch(/^[0-9a-f]{64}$/);
    expect(secrets).toEqual(Array(PROCESSES).fill(kept));
    // Nothing left beside it but the secret itself.
    expect(readdirSync(dataDir)).toEqual(["session-secret"]);
  }
}, 60_000);

test("an existing secret is read, and SESSION_SECRET wins over it", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "cm-secret-kept-"));
  dirs.push(dataDir);
  const first = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir }).sessionSecret;
  expect(loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir }).sessionSecret).toBe(first);
  expect(loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, SESSION_SECRET: "set-by-operator" }).sessionSecret).toBe(
    "set-by-operator",
  );
});
