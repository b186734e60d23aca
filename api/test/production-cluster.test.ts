// The supervised group as an operator starts it: `bun run start` with DATABASE_URL (native PostgreSQL) and
// WEB_CONCURRENCY=2, driven over HTTP only. Both app processes serve (each answer names its process), a limit,
// the cached lists, a resumable upload's takeover and unfinished uploads' storage hold across them, and one app process
// killed with SIGKILL while clients write loses no acknowledged write: the other keeps answering and the supervisor
// starts a new one; one killed during an upload's final check frees that upload at its restart.
// Native only: the embedded database is one process (`bun run start` runs main.ts alone there).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { statSync } from "node:fs";
import http from "node:http";
import { join } from "node:path";
import type { Database } from "@cm/db";
import { createTestDatabase, testTarget } from "@cm/db/testing";
import { connectTo, type PinnedConnection, processBehind } from "./support/pinned-connection";
import { createProductionAccount, type ProductionAccount } from "./support/production-account";
import { type ProductionProcess, rawRequest, startProductionProcess } from "./support/production-process";
import { TUS, uploadMetadata } from "./support/tus-steps";

const native = testTarget() === "native";
if (!native) console.log("[skip] production-cluster: needs PostgreSQL (TEST_DB_TARGET=native, TEST_DATABASE_URL)");

const LOGIN_LIMIT_PER_USERNAME = 4;
/** Writers in flight at once; each has at most one request outstanding. */
const WRITERS = 4;
const WRITES_EACH = 30;

let db: Database;
let app: ProductionProcess;
let account: ProductionAccount;
const pinned: PinnedConnection[] = [];

interface LogLine {
  msg: string;
  process?: string;
  pid?: number;
  restarts?: number;
  signal?: string | null;
}

/** The JSON lines printed so far (the supervisor's and every process's). */
function logLines(): LogLine[] {
  return app
    .output()
    .split("\n")
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as LogLine];
      } catch {
        return [];
      }
    });
}

const started = (name: string) =>
  logLines().filter((line) => line.msg === "server started" && line.process === name).length;

async function until(ready: () => boolean | Promise<boolean>, what: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}\n${app.output().slice(-3000)}`);
    await Bun.sleep(50);
  }
}

async function pin(name: string) {
  const connection = await connectTo(app.url, name);
  pinned.push(connection);
  return connection;
}

const postJson = (connection: PinnedConnection, path: string, body: unknown, cookie = account.cookie) =>
  connection.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify(body),
  });

describe.skipIf(!native)("the supervised group on PostgreSQL (bun run start, WEB_CONCURRENCY=2)", () => {
  beforeAll(async () => {
    db = await createTestDatabase();
    const { url } = db.address as { url: string };
    app = await startProductionProcess({
      DATABASE_URL: url,
      WEB_CONCURRENCY: "2",
      WORKER_PROCESSES: "1",
      // 2 × 3 + 1 × (3 + 2) connections at most: the test server's max_connections is shared.
      DATABASE_POOL_SIZE: "3",
      SESSION_SECRET: "production-cluster-suite-secret-".padEnd(64, "x"),
      LOGIN_LIMIT_PER_USERNAME: String(LOGIN_LIMIT_PER_USERNAME),
      LOCAL_EMBEDDER: "hashing",
      // The kill test writes 120 clients from one account in seconds, past the default 60 creations a minute.
      CREATIONS_PER_MINUTE: "10000",
      // Recordings are accepted (a speech service is configured; none answers on port 9).
      SPEECH_BASE_URL: "http://127.0.0.1:9/v1",
      STORAGE_QUOTA_BYTES: "40MB",
    });
    await until(() => started("web-1") === 1 && started("web-2") === 1, "both app processes listening");
    account = await createProductionAccount(app);
  }, 360_000);

  afterAll(async () => {
    for (const connection of pinned) connection.close();
    await app?.stop();
    await db?.close();
  });

  test("the supervisor names its processes, and new connections reach both app processes", async () => {
    const running = logLines().find((line) => line.msg === "processes running") as { processes?: string[] };
    expect(running.processes?.map((p) => p.split(" ")[0])).toEqual(["web-1", "web-2", "worker-1"]);
    expect(logLines().some((line) => line.msg === "worker started" && line.process === "worker-1")).toBe(true);
    const seen = new Set<string>();
    for (let i = 0; i < 200 && seen.size < 2; i++) {
      seen.add((await app.request("/api/health")).json<{ process: string }>().process);
    }
    expect([...seen].sort()).toEqual(["web-1", "web-2"]);
  });

  test("a second group on the same port is refused; the running one keeps serving", async () => {
    const second = Bun.spawn([process.execPath, join(import.meta.dir, "..", "src", "start.ts")], {
      env: { ...process.env, NODE_ENV: "production", PORT: String(app.port), HOST: "127.0.0.1", DATABASE_URL: "x" },
      stdout: "pipe",
      stderr: "pipe",
    });
    expect(await second.exited).toBe(1);
    expect(await new Response(second.stderr).text()).toContain(`Port ${app.port} is already in use`);
    expect((await app.request("/api/health")).status).toBe(200);
  });

  test("a sign-in limit counts the attempts both processes saw", async () => {
    const [one, two] = [await pin("web-1"), await pin("web-2")];
    const username = `nobody-${randomBytes(4).toString("hex")}`;
    const statuses: [string, number][] = [];
    for (let attempt = 0; attempt <= LOGIN_LIMIT_PER_USERNAME; attempt++) {
      const connection = attempt % 2 === 0 ? one : two;
      const answer = await postJson(connection, "/api/login", { username, password: "wrong password" }, "");
      statuses.push([connection.process, answer.status]);
    }
    // web-1 saw attempts 1, 3 and 5: its fifth-overall is refused although it saw only two before.
    expect(statuses).toEqual([
      ["web-1", 401],
      ["web-2", 401],
      ["web-1", 401],
      ["web-2", 401],
      ["web-1", 429],
    ]);
  });

  test("a list cached in one process is answered fresh after a change made in the other", async () => {
    const [reader, writer] = [await pin("web-2"), await pin("web-1")];
    const names = async () =>
      (await reader.request("/api/clients", { headers: { cookie: account.cookie } }))
        .json<{ name: string }[]>()
        .map((client) => client.name);
    const before = await names();
    expect(await names()).toEqual(before); // cached now, under the user's data version
    const name = `Halvorsen ${randomBytes(3).toString("hex")}`;
    expect((await postJson(writer, "/api/clients", { name, type: "Individual" })).status).toBe(201);
    expect(await names()).toContain(name);
    expect(await processBehind(reader)).toBe("web-2");
  });

  test("a newer PATCH in one process takes over an upload another process is still receiving", async () => {
    const [first, second] = [await pin("web-1"), await pin("web-2")];
    const transcript = Buffer.from(
      `WEBVTT\n\n${Array.from({ length: 400 }, (_, i) => {
        const at = `00:${String(Math.floor(i / 60)).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}`;
        return `${at}.000 --> ${at}.900\n<v Ada Lind>We will review the trust deed, part ${i}.\n`;
      }).join("\n")}`,
    );
    const meetingData = { title: "Deed review", clientId: account.clientId, date: "2026-05-04T10:00:00Z" };
    const created = await first.request("/api/uploads", {
      method: "POST",
      headers: {
        ...TUS,
        cookie: account.cookie,
        "upload-length": String(transcript.length),
        "upload-metadata": uploadMetadata(meetingData, "deed.vtt", "text/vtt"),
      },
    });
    expect(created.status).toBe(201);
    const location = String(created.headers.location);
    const partial = join(app.dataDir, "partial-uploads", `${location.split("/").pop()}.part`);
    // web-1 receives 4,000 bytes, then the connection stalls (dropped without the server noticing).
    const stalled = http.request(`${app.url}${location}`, {
      method: "PATCH",
      agent: first.agent,
      headers: {
        ...TUS,
        cookie: account.cookie,
        "content-type": "application/offset+octet-stream",
        "upload-offset": "0",
        "content-length": String(transcript.length),
      },
    });
    const firstAnswer = new Promise<number>((resolve) => {
      stalled.on("response", (response) => resolve(response.statusCode ?? 0));
      stalled.on("error", () => resolve(0));
    });
    stalled.write(transcript.subarray(0, 4000));
    await until(() => (statSync(partial, { throwIfNoEntry: false })?.size ?? 0) >= 4000, "4,000 bytes on disk", 20_000);
    // The browser resumes on another connection, from what HEAD says (0: the first PATCH has not ended).
    const head = await second.request(location, { method: "HEAD", headers: { ...TUS, cookie: account.cookie } });
    expect(head.headers["upload-offset"]).toBe("0");
    const resumed = await second.request(location, {
      method: "PATCH",
      headers: {
        ...TUS,
        cookie: account.cookie,
        "content-type": "application/offset+octet-stream",
        "upload-offset": "0",
      },
      body: transcript,
    });
    // The first request stopped and counted its 4,000 bytes: resume after them.
    expect(resumed.status).toBe(409);
    expect(resumed.headers["upload-offset"]).toBe("4000");
    expect(await firstAnswer).toBe(204);
    // What the stalled connection still sends goes nowhere.
    stalled.write(Buffer.alloc(2000, 0x41));
    stalled.destroy();
    const rest = await second.request(location, {
      method: "PATCH",
      headers: {
        ...TUS,
        cookie: account.cookie,
        "content-type": "application/offset+octet-stream",
        "upload-offset": "4000",
      },
      body: transcript.subarray(4000),
    });
    expect(rest.status).toBe(204);
    const [meeting] = await db.sql<{ audioPath: string }[]>`select audio_path as "audioPath" from meetings
      where id = ${Number(rest.headers["meeting-id"])}`;
    expect(Buffer.from(await Bun.file(join(app.dataDir, "recordings", meeting!.audioPath)).bytes())).toEqual(
      transcript,
    );
  });

  test("an app process killed with SIGKILL while clients write loses no acknowledged write; the other keeps answering and a new one starts", async () => {
    const survivor = await pin("web-2");
    const victim = logLines().findLast((line) => line.msg === "process started" && line.process === "web-1")!.pid!;
    const prefix = `Kill ${randomBytes(3).toString("hex")}`;
    const acknowledged: { name: string; id: number }[] = [];
    const refused: number[] = [];
    /** Requests that got no answer (the killed process held them): nothing was acknowledged. */
    const cut: string[] = [];
    async function writeClients(writer: number) {
      for (let i = 0; i < WRITES_EACH; i++) {
        const name = `${prefix} ${writer}-${i}`;
        try {
          // A new connection each time: the kernel spreads them over whichever processes listen.
          const answer = await rawRequest(app.url, "/api/clients", {
            method: "POST",
            headers: { "content-type": "application/json", cookie: account.cookie },
            body: JSON.stringify({ name, type: "Individual" }),
          });
          if (answer.status === 201) acknowledged.push({ name, id: answer.json<{ id: number }>().id });
          else refused.push(answer.status);
        } catch (error) {
          cut.push((error as Error).message);
        }
      }
    }
    const writers = Array.from({ length: WRITERS }, (_, writer) => writeClients(writer));
    await until(() => acknowledged.length >= 20, "20 acknowledged writes");
    process.kill(victim, "SIGKILL");
    // The connection kept with web-2 is answered as before, while web-1 is dead or starting again.
    for (let i = 0; i < 3; i++) {
      const name = `${prefix} survivor-${i}`;
      const answer = await postJson(survivor, "/api/clients", { name, type: "Individual" });
      expect(answer.status).toBe(201);
      acknowledged.push({ name, id: answer.json<{ id: number }>().id });
    }
    expect(await processBehind(survivor)).toBe("web-2");
    await Promise.all(writers);
    // Every request was answered with success, or got no answer at all (its connection was the killed process's).
    expect(refused).toEqual([]);
    const rows = await db.sql<{ name: string; id: number }[]>`select name, id from clients
      where name like ${`${prefix} %`}`;
    const stored = new Map(rows.map((row) => [row.name, row.id]));
    expect(acknowledged.filter(({ name, id }) => stored.get(name) !== id)).toEqual([]);
    expect(acknowledged.length).toBe(WRITERS * WRITES_EACH - cut.length + 3);
    const causes = [...new Set(cut)].join("; ");
    console.log(`[cluster] ${acknowledged.length} writes acknowledged, all stored; ${cut.length} cut (${causes})`);

    // The supervisor saw it die and started a new web-1, which serves again.
    const died = logLines().find((line) => line.msg === "process died; starting it again");
    expect(died).toMatchObject({ process: "web-1", pid: victim, signal: "SIGKILL" });
    await until(() => started("web-1") === 2, "a new web-1 listening");
    const again = logLines().findLast((line) => line.msg === "process started" && line.process === "web-1")!;
    expect(again.restarts).toBe(1);
    expect(again.pid).not.toBe(victim);
    const replacement = await connectTo(app.url, "web-1");
    replacement.close();
  }, 180_000);

  test("unfinished uploads sent at once to both processes hold no more than the account's storage", async () => {
    const fresh = await createProductionAccount(app);
    const piece = Buffer.alloc(3 * 1024 * 1024, "Advisor: we agreed to rebalance the portfolio.\n");
    const meetingData = { title: "Recording", clientId: fresh.clientId, date: "2026-05-04T10:00:00Z" };
    const locations: string[] = [];
    for (let i = 0; i < 20; i++) {
      const created = await app.request("/api/uploads", {
        method: "POST",
        headers: {
          ...TUS,
          cookie: fresh.cookie,
          "upload-defer-length": "1",
          "upload-metadata": uploadMetadata(meetingData, "notes.txt", "text/plain"),
        },
      });
      expect(created.status).toBe(201);
      locations.push(String(created.headers.location));
    }
    // Four connections to each app process, each sending its share of the 20 PATCHes of 3 MB at once.
    const connections = [];
    for (const name of ["web-1", "web-2", "web-1", "web-2", "web-1", "web-2", "web-1", "web-2"]) {
      connections.push(await pin(name));
    }
    const statuses: number[] = [];
    await Promise.all(
      connections.map(async (connection, c) => {
        for (let i = c; i < locations.length; i += connections.length) {
          const answer = await connection.request(locations[i]!, {
            method: "PATCH",
            headers: {
              ...TUS,
              cookie: fresh.cookie,
              "content-type": "application/offset+octet-stream",
              "upload-offset": "0",
            },
            body: piece,
          });
          statuses.push(answer.status);
        }
      }),
    );
    for (const connection of connections) connection.close();
    expect(statuses.filter((status) => status !== 204 && status !== 413)).toEqual([]);
    // 40 MB hold 13 pieces of 3 MB; the other 7 were refused before a byte was taken.
    expect(statuses.filter((status) => status === 204)).toHaveLength(13);
    const usage = (await app.request("/api/usage", { headers: { cookie: fresh.cookie } })).json<{
      storage: { used: number; limit: number };
      dataBytes: number;
    }>();
    // The account's rows in the database (its client) count beside the files (migration 032).
    expect(usage.storage.used - usage.dataBytes).toBe(13 * piece.length);
    expect(usage.storage.used).toBeLessThanOrEqual(usage.storage.limit);
  }, 120_000);

  test("an upload whose final check was running in a process killed with SIGKILL finishes at once after its restart", async () => {
    // An hour of speech-band MP3: its length check decodes for a few seconds, long enough to be cut off.
    const mp3 = join(app.dataDir, "hour.mp3");
    const make = Bun.spawn(
      [
        "ffmpeg",
        "-nostdin",
        "-v",
        "error",
        "-f",
        "lavfi",
        "-i",
        "sine=frequency=300:sample_rate=16000:duration=3600",
      ].concat(["-c:a", "libmp3lame", "-b:a", "24k", "-y", mp3]),
      { stdout: "ignore", stderr: "inherit" },
    );
    expect(await make.exited).toBe(0);
    const bytes = new Uint8Array(await Bun.file(mp3).arrayBuffer());
    const web1 = await pin("web-1");
    const meetingData = { title: "Hour", clientId: account.clientId, date: "2026-05-04T10:00:00Z" };
    const created = await web1.request("/api/uploads", {
      method: "POST",
      headers: {
        ...TUS,
        cookie: account.cookie,
        "upload-length": String(bytes.length),
        "upload-metadata": uploadMetadata(meetingData, "hour.mp3", "audio/mpeg"),
      },
    });
    expect(created.status).toBe(201);
    const location = String(created.headers.location);
    const id = location.split("/").pop()!;
    const victim = logLines().findLast((line) => line.msg === "process started" && line.process === "web-1")!.pid!;
    const startsBefore = started("web-1");
    // The last byte arrives at web-1, whose check starts; web-1 dies while it runs.
    const last = web1
      .request(location, {
        method: "PATCH",
        headers: {
          ...TUS,
          cookie: account.cookie,
          "content-type": "application/offset+octet-stream",
          "upload-offset": "0",
        },
        body: bytes,
      })
      .catch(() => undefined);
    const checking = async () =>
      (await db.sql`select 1 from resumable_uploads where id = ${id} and checking_since is not null`).length === 1;
    await until(checking, "the check running in web-1", 60_000);
    process.kill(victim, "SIGKILL");
    expect(await last).toBeUndefined();
    await until(() => started("web-1") === startsBefore + 1, "web-1 started again");
    // What a tus client does next: HEAD (every byte is there), then an empty PATCH at the end, to either process.
    const finished = await rawRequest(app.url, location, {
      method: "PATCH",
      headers: {
        ...TUS,
        cookie: account.cookie,
        "content-type": "application/offset+octet-stream",
        "upload-offset": String(bytes.length),
      },
      body: new Uint8Array(0),
    });
    // The whole answer, so a failure says what came back instead.
    expect({ status: finished.status, body: finished.body }).toEqual({ status: 204, body: "" });
    expect(finished.headers["meeting-id"]).toMatch(/^\d+$/);
    // Its processing (an hour of audio for a speech service that is not there) is not this suite's business.
    const deleted = await rawRequest(app.url, `/api/meetings/${finished.headers["meeting-id"]}`, {
      method: "DELETE",
      headers: { cookie: account.cookie },
    });
    expect({ status: deleted.status, body: deleted.status === 200 ? "" : deleted.body }).toEqual({
      status: 200,
      body: "",
    });
  }, 240_000);

  test("SIGTERM stops every process gracefully, then the supervisor", async () => {
    const deaths = logLines().filter((line) => line.msg === "process died; starting it again").length;
    await until(() => started("web-1") + started("web-2") === 2 + deaths, "every process that died started again");
    await app.stop();
    const lines = logLines();
    expect(lines.some((line) => line.msg === "stopping the processes")).toBe(true);
    const stopped = lines.filter((line) => line.msg === "process stopped") as (LogLine & { code: number })[];
    expect(stopped.map((line) => [line.process, line.code]).sort()).toEqual([
      ["web-1", 0],
      ["web-2", 0],
      ["worker-1", 0],
    ]);
    expect(lines.some((line) => line.msg === "all processes stopped")).toBe(true);
  }, 60_000);
});
