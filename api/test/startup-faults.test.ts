// Start-up faults of the real entry (api/src/main.ts) as a child process: a second instance on a data
// directory or port already in use, an unreachable DATABASE_URL, and a graceful SIGTERM.
// Production mode without BUILD_WEB serves the existing web/dist and never rebuilds it.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_PASSWORD, DEMO_USERNAME } from "../src/seed/demo-account";
import { json } from "./auth-helpers";
import { ensureWebBuild } from "./test-server";

const ROOT = join(import.meta.dir, "..", "..");
const ENTRY = join(ROOT, "api", "src", "main.ts");
const scratch = mkdtempSync(join(tmpdir(), "cm-startup-faults-"));
let dirCount = 0;
/** A data directory after one clean first start and stop (demo account seeded); copies of it start fast. */
let templateDir: string;

interface Instance {
  proc: ReturnType<typeof Bun.spawn>;
  url: string;
  dataDir: string;
  /** Text written so far. */
  stdout(): string;
  stderr(): string;
  /** Exit code, once the process has ended. */
  exited: Promise<number>;
}

const running = new Set<Instance>();

// Waits below end when the awaited event happens (served, exited, refused); their limits only guard against a hang,
// so they are minutes, far past what a loaded 2-core machine needs (a verdict never rests on how fast it came).
const HANG_GUARD_MS = 120_000;
/** A test's own limit: several hang guards in a row fit inside it. */
const TEST_LIMIT_MS = 5 * HANG_GUARD_MS;

async function freePort(): Promise<number> {
  const listener = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const { port } = listener;
  listener.stop(true);
  return port;
}

function newDataDir(from?: string): string {
  const dir = join(scratch, `data-${++dirCount}`);
  if (from) cpSync(from, dir, { recursive: true });
  return dir;
}

function collect(stream: ReadableStream<Uint8Array>): () => string {
  let text = "";
  void (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) text += decoder.decode(chunk, { stream: true });
  })();
  return () => text;
}

/** Starts `bun api/src/main.ts` with only the given configuration (nothing from the test's own environment). */
function spawnServer(options: { dataDir: string; port: number; env?: Record<string, string> }): Instance {
  const proc = Bun.spawn([process.execPath, ENTRY], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: process.env.HOME ?? tmpdir(),
      TMPDIR: tmpdir(),
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      // These tests sign in as the demo account: production creates it only when asked.
      DEMO_ACCOUNT: "on",
      // The stop is checked by what happens (exit 0, the lock released), not by how long it takes: on a loaded
      // machine a clean stop took 15-19 s, past the default grace, and exited 1 with nothing wrong.
      SHUTDOWN_GRACE_SECONDS: "100",
      ...options.env,
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  const instance: Instance = {
    proc,
    url: `http://127.0.0.1:${options.port}`,
    dataDir: options.dataDir,
    stdout: collect(proc.stdout),
    stderr: collect(proc.stderr),
    exited: proc.exited,
  };
  running.add(instance);
  void proc.exited.then(() => running.delete(instance));
  return instance;
}

async function waitUntilServing(instance: Instance, timeoutMs = HANG_GUARD_MS) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (instance.proc.exitCode !== null) {
      throw new Error(`the server exited (${instance.proc.exitCode}) before serving:\n${instance.stderr()}`);
    }
    try {
      if ((await fetch(`${instance.url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await Bun.sleep(50);
  }
  throw new Error(`the server did not answer within ${timeoutMs} ms:\n${instance.stdout()}\n${instance.stderr()}`);
}

/** Waits for the exit; a process still running after `timeoutMs` is killed and the test fails (not a non-zero exit). */
async function exitCode(instance: Instance, timeoutMs: number): Promise<number> {
  let hung = false;
  const timer = setTimeout(() => {
    hung = true;
    instance.proc.kill("SIGKILL");
  }, timeoutMs);
  const code = await instance.exited;
  clearTimeout(timer);
  if (hung) throw new Error(`still running after ${timeoutMs} ms, killed:\n${instance.stdout()}\n${instance.stderr()}`);
  return code;
}

const lines = (text: string) => text.split("\n").filter((line) => line.trim() !== "");
const logLines = (text: string) => lines(text).map((line) => JSON.parse(line) as { level: string; msg: string });

/** A failed start: a non-zero exit and exactly one line on stderr, which is returned; no warnings elsewhere. */
async function expectOneLineFailure(instance: Instance, timeoutMs = HANG_GUARD_MS): Promise<string> {
  expect(await exitCode(instance, timeoutMs)).not.toBe(0);
  await Bun.sleep(20); // the pipes drain after the exit
  const errors = logLines(instance.stderr());
  expect(errors).toHaveLength(1);
  expect(errors[0]!.level).toBe("error");
  const stdout = logLines(instance.stdout());
  expect(stdout.filter((l) => l.level !== "info")).toEqual([]);
  expect(stdout.map((l) => l.msg)).not.toContain("server started");
  return errors[0]!.msg;
}

async function signInAsDemo(url: string): Promise<string> {
  const response = await fetch(`${url}/api/login`, json({ username: DEMO_USERNAME, password: DEMO_PASSWORD }));
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie()[0]!.split(";")[0]!;
  expect(cookie).toContain("=");
  return cookie;
}

async function getJson(url: string, cookie: string) {
  const response = await fetch(url, { headers: { cookie } });
  expect(response.status).toBe(200);
  return response.json();
}

beforeAll(async () => {
  await ensureWebBuild(); // production mode reads web/dist/manifest.json
  templateDir = newDataDir();
  const first = spawnServer({ dataDir: templateDir, port: await freePort(), env: { WORKER: "off" } });
  await waitUntilServing(first);
  first.proc.kill("SIGTERM");
  expect(await exitCode(first, HANG_GUARD_MS)).toBe(0);
  expect(existsSync(join(templateDir, "server.lock"))).toBe(false);
}, TEST_LIMIT_MS);

afterAll(async () => {
  for (const instance of running) instance.proc.kill("SIGKILL");
  await Promise.all([...running].map((i) => i.exited));
  rmSync(scratch, { recursive: true, force: true });
});

describe("a second instance", () => {
  test(
    "on the same data directory stops with one line naming the lock; the first keeps serving its data",
    async () => {
      const first = spawnServer({ dataDir: newDataDir(templateDir), port: await freePort() });
      await waitUntilServing(first);
      const cookie = await signInAsDemo(first.url);
      const created = await fetch(
        `${first.url}/api/clients`,
        json({ name: "Okafor Holdings", type: "Tax Advisory" }, cookie),
      );
      expect(created.status).toBe(201);
      const statsBefore = await getJson(`${first.url}/api/stats`, cookie);
      expect(statsBefore).toEqual({ processedCount: 12, clientCount: 6, insightsGenerated: 36 });

      const secondPort = await freePort();
      const second = spawnServer({ dataDir: first.dataDir, port: secondPort });
      const message = await expectOneLineFailure(second);
      expect(message).toBe(
        `The data directory ${first.dataDir} is in use by another process (pid ${first.proc.pid}). Stop it first, or set DATA_DIR to another folder.`,
      );
      await expect(fetch(`http://127.0.0.1:${secondPort}/api/health`)).rejects.toThrow();

      // The first instance is untouched: still serving, its lock and its rows in place.
      expect(first.proc.exitCode).toBeNull();
      expect(readFileSync(join(first.dataDir, "server.lock"), "utf8")).toBe(String(first.proc.pid));
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
      expect(await getJson(`${first.url}/api/stats`, cookie)).toEqual(statsBefore);
      const clients = (await getJson(`${first.url}/api/clients`, cookie)) as { name: string }[];
      expect(clients.map((c) => c.name)).toContain("Okafor Holdings");

      // And after a clean stop the data is all there for the next start.
      first.proc.kill("SIGTERM");
      expect(await exitCode(first, HANG_GUARD_MS)).toBe(0);
      const again = spawnServer({ dataDir: first.dataDir, port: await freePort() });
      await waitUntilServing(again);
      const cookieAgain = await signInAsDemo(again.url);
      expect(await getJson(`${again.url}/api/stats`, cookieAgain)).toEqual(statsBefore);
      again.proc.kill("SIGTERM");
      expect(await exitCode(again, HANG_GUARD_MS)).toBe(0);
    },
    TEST_LIMIT_MS,
  );

  test(
    "on a port already in use stops with one line naming the port, and releases its data directory",
    async () => {
      const port = await freePort();
      const holder = Bun.listen({ hostname: "127.0.0.1", port, socket: { data() {} } });
      try {
        const second = spawnServer({ dataDir: newDataDir(templateDir), port });
        const message = await expectOneLineFailure(second);
        expect(message).toBe(
          `Port ${port} is already in use: is another instance running? Stop it or set PORT to a free port.`,
        );
        // The database was closed and the lock given back: the same folder starts at once on a free port.
        expect(existsSync(join(second.dataDir, "server.lock"))).toBe(false);
        const next = spawnServer({ dataDir: second.dataDir, port: await freePort() });
        await waitUntilServing(next);
        next.proc.kill("SIGTERM");
        expect(await exitCode(next, HANG_GUARD_MS)).toBe(0);
      } finally {
        holder.stop(true);
      }
    },
    TEST_LIMIT_MS,
  );

  test(
    "in development (which builds the client first) fails before touching the running one's build",
    async () => {
      const manifest = join(ROOT, "web", "dist", "manifest.json");
      const before = { text: readFileSync(manifest, "utf8"), mtime: statSync(manifest).mtimeMs };
      const port = await freePort();
      const holder = Bun.listen({ hostname: "127.0.0.1", port, socket: { data() {} } });
      try {
        const second = spawnServer({ dataDir: newDataDir(templateDir), port, env: { NODE_ENV: "development" } });
        const message = await expectOneLineFailure(second);
        expect(message).toContain(`Port ${port} is already in use`);
        expect(logLines(second.stdout()).map((l) => l.msg)).not.toContain("web build done");
        expect(statSync(manifest).mtimeMs).toBe(before.mtime);
        expect(readFileSync(manifest, "utf8")).toBe(before.text);
      } finally {
        holder.stop(true);
      }
      // The same for a data directory held by a live process.
      const held = newDataDir(templateDir);
      writeFileSync(join(held, "server.lock"), String(process.pid));
      const locked = spawnServer({ dataDir: held, port: await freePort(), env: { NODE_ENV: "development" } });
      expect(await expectOneLineFailure(locked)).toContain(`The data directory ${held} is in use by another process`);
      expect(statSync(manifest).mtimeMs).toBe(before.mtime);
    },
    TEST_LIMIT_MS,
  );
});

describe("an unreachable DATABASE_URL", () => {
  test(
    "stops start-up with one line saying what is wrong and how to fix it, without the password",
    async () => {
      const dataDir = newDataDir();
      const instance = spawnServer({
        dataDir,
        port: await freePort(),
        env: { DATABASE_URL: "postgres://postgres:s3cret-pw@127.0.0.1:1/x" },
      });
      const message = await expectOneLineFailure(instance);
      expect(message).toBe(
        "Cannot reach the database at DATABASE_URL (127.0.0.1:1): connect ECONNREFUSED 127.0.0.1:1. Check that PostgreSQL is running and the URL is right, or unset DATABASE_URL to use the embedded database.",
      );
      expect(instance.stderr() + instance.stdout()).not.toContain("s3cret-pw");
      // Nothing embedded was started in its place.
      expect(existsSync(join(dataDir, "pg"))).toBe(false);
    },
    TEST_LIMIT_MS,
  );

  test(
    "a host name that does not resolve is named the same way",
    async () => {
      const instance = spawnServer({
        dataDir: newDataDir(),
        port: await freePort(),
        env: { DATABASE_URL: "postgres://postgres@db.invalid:5432/x" },
      });
      const message = await expectOneLineFailure(instance);
      expect(message).toStartWith("Cannot reach the database at DATABASE_URL (db.invalid:5432): ");
      expect(message).toMatch(/getaddrinfo|ENOTFOUND|EAI_AGAIN/); // offline resolvers answer EAI_AGAIN
      expect(message).toEndWith("or unset DATABASE_URL to use the embedded database.");
    },
    TEST_LIMIT_MS,
  );
});

/** Opens a raw HTTP/1.1 connection and sends a login request's head and the first part of its body. */
async function startSlowLogin(url: string): Promise<{ socket: Socket; rest: string; response: Promise<string> }> {
  const body = JSON.stringify({ username: DEMO_USERNAME, password: DEMO_PASSWORD });
  const { hostname, port } = new URL(url);
  const socket = connect({ host: hostname, port: Number(port) });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  let received = "";
  const response = new Promise<string>((resolve) => {
    socket.on("data", (chunk) => {
      received += chunk.toString();
    });
    socket.on("close", () => resolve(received));
    socket.on("error", () => resolve(received));
  });
  const half = Math.floor(body.length / 2);
  socket.write(
    `POST /api/login HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, half)}`,
  );
  return { socket, rest: body.slice(half), response };
}

describe("SIGTERM", () => {
  test(
    "stops taking connections, lets the in-flight request finish, closes the database and exits 0",
    async () => {
      const instance = spawnServer({ dataDir: newDataDir(templateDir), port: await freePort() });
      await waitUntilServing(instance);
      const slow = await startSlowLogin(instance.url);
      await Bun.sleep(300); // the server has the request head and waits for the body

      instance.proc.kill("SIGTERM");
      const deadline = Date.now() + HANG_GUARD_MS;
      while (!instance.stdout().includes('"shutting down"') && Date.now() < deadline) await Bun.sleep(20);
      expect(logLines(instance.stdout()).find((l) => l.msg === "shutting down")).toMatchObject({ signal: "SIGTERM" });
      // New connections are refused while the old one is still open.
      let refused = false;
      while (!refused && Date.now() < deadline) {
        refused = await fetch(`${instance.url}/api/health`).then(
          () => false,
          () => true,
        );
        if (!refused) await Bun.sleep(20);
      }
      expect(refused).toBe(true);
      expect(instance.proc.exitCode).toBeNull();

      // The rest of the body arrives after the signal: the sign-in still reaches the database and answers.
      slow.socket.write(slow.rest);
      const response = await slow.response;
      expect(response).toStartWith("HTTP/1.1 200");
      expect(response).toContain('"requiresVerification":false');

      expect(await exitCode(instance, HANG_GUARD_MS)).toBe(0);
      expect(lines(instance.stderr())).toEqual([]);
      expect(logLines(instance.stdout()).filter((l) => l.level !== "info")).toEqual([]);
      // The lock is given back, and the session written during shutdown was committed.
      expect(existsSync(join(instance.dataDir, "server.lock"))).toBe(false);
      const next = spawnServer({ dataDir: instance.dataDir, port: await freePort() });
      await waitUntilServing(next);
      const cookie = /^Set-Cookie: ([^;\r\n]+)/im.exec(response)?.[1];
      expect(cookie).toBeDefined();
      const me = (await getJson(`${next.url}/api/auth/user`, cookie!)) as { authenticated: boolean; user: unknown };
      expect(me).toMatchObject({ authenticated: true, user: { username: DEMO_USERNAME } });
      next.proc.kill("SIGTERM");
      expect(await exitCode(next, HANG_GUARD_MS)).toBe(0);
    },
    TEST_LIMIT_MS,
  );
});
