// The real tus-js-client (the browser's library, here on Bun) against the server on 127.0.0.1: a spoken recording
// sent in several chunks through a loopback proxy that is cut mid-upload and restored; and an upload stopped
// halfway, the server restarted on the same data folder and database, then resumed from HEAD's offset.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { speak } from "@cm/ai/test-support/speak";
import { hasSystemTools } from "@cm/ai/test-support/system-tools";
import type { Database } from "@cm/db";
import { createTestDatabase, testTarget } from "@cm/db/testing";
import * as tus from "tus-js-client";
import { json } from "./auth-helpers";
import { createSignedInUser } from "./support/signed-in-user";
import { readStored } from "./support/stored-files";
import { startTcpProxy } from "./support/tcp-proxy";
import { recordingData } from "./support/tus-steps";
import { startTestServer, type TestServer } from "./test-server";

const tools = hasSystemTools(["flite", "ffmpeg", "ffprobe"]);
const SPEECH = { SPEECH_BASE_URL: "http://127.0.0.1:9/v1" };
const CHUNK = 32 * 1024;

let dir: string;
let wav: Buffer;
let users = 0;

async function signedInWithClient(server: TestServer) {
  const user = await createSignedInUser(server.ctx.db.sql, `tusjs${Date.now()}${++users}`);
  const created = await server.fetch("/api/clients", json({ name: "Lindqvist Trust", type: "Trust" }, user.cookie));
  return { ...user, clientId: (await created.json()).id as number };
}

interface Sent {
  url: string;
  meetingId: number | undefined;
  chunks: number;
}

/** Sends `bytes` with tus-js-client; `onChunk` runs after each acknowledged chunk (and may abort). */
function send(
  endpoint: string,
  cookie: string,
  meetingData: unknown,
  bytes: Buffer,
  options: { uploadUrl?: string; onChunk?: (upload: tus.Upload, chunk: number) => void } = {},
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    let chunks = 0;
    const upload: tus.Upload = new tus.Upload(bytes, {
      endpoint,
      uploadUrl: options.uploadUrl ?? null,
      chunkSize: CHUNK,
      retryDelays: [100, 300, 600, 1000, 2000, 3000],
      headers: { cookie },
      metadata: { filename: "meeting.wav", filetype: "audio/wav", meetingData: JSON.stringify(meetingData) },
      onChunkComplete() {
        chunks++;
        options.onChunk?.(upload, chunks);
      },
      onSuccess({ lastResponse }) {
        const id = lastResponse.getHeader("Meeting-Id");
        resolve({ url: upload.url!, meetingId: id ? Number(id) : undefined, chunks });
      },
      onError: reject,
    });
    upload.start();
  });
}

async function storedBytes(server: TestServer, meetingId: number) {
  const [row] = await server.ctx.db.sql<{ audio_path: string }[]>`select audio_path from meetings
    where id = ${meetingId}`;
  return Buffer.from(await readStored(server.ctx.storage, row!.audio_path));
}

describe.skipIf(!tools)("tus-js-client against the server", () => {
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "cm-tusjs-"));
    const path = join(dir, "speech.wav");
    await speak(path, [
      "We agreed to move five percent into short term bonds.",
      "Claire will sign the trade list on Friday.",
      "The next review is in June.",
    ]);
    wav = Buffer.from(await Bun.file(path).arrayBuffer());
  }, 60_000);
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test("a recording in chunks survives a cut connection and becomes one meeting with the whole audio", async () => {
    const server = await startTestServer(SPEECH);
    const port = Number(new URL(server.url).port);
    const proxy = startTcpProxy({ host: "127.0.0.1", port });
    try {
      const user = await signedInWithClient(server);
      expect(wav.length).toBeGreaterThan(4 * CHUNK);
      let cut = false;
      const sent = await send(
        `http://127.0.0.1:${proxy.port}/api/uploads`,
        user.cookie,
        recordingData(user.clientId),
        wav,
        {
          onChunk(_upload, chunk) {
            if (chunk !== 2 || cut) return;
            // The network drops for a moment after the second chunk: the client retries, asks HEAD, resumes.
            cut = true;
            proxy.cut();
            setTimeout(() => proxy.restore(), 400);
          },
        },
      );
      expect(cut).toBe(true);
      expect(sent.meetingId).toBeGreaterThan(0);
      expect(sent.chunks).toBeGreaterThanOrEqual(Math.ceil(wav.length / CHUNK));
      expect((await storedBytes(server, sent.meetingId!)).equals(wav)).toBe(true);
      const meetings = await (await server.fetch("/api/meetings", { headers: { cookie: user.cookie } })).json();
      expect(meetings).toHaveLength(1);
      const meeting = await (
        await server.fetch(`/api/meetings/${sent.meetingId}`, { headers: { cookie: user.cookie } })
      ).json();
      expect(meeting.consent.method).toBe("spoken");
      expect(meeting.source).toBe("recording");
      // The same upload started again from its URL: the server says it is finished, with the same meeting.
      const again = await send(`${server.url}/api/uploads`, user.cookie, recordingData(user.clientId), wav, {
        uploadUrl: `${server.url}${new URL(sent.url).pathname}`,
      });
      expect(again.meetingId).toBe(sent.meetingId);
      const after = await (await server.fetch("/api/meetings", { headers: { cookie: user.cookie } })).json();
      expect(after).toHaveLength(1);
    } finally {
      proxy.stop();
      await server.stop();
    }
  }, 60_000);

  test("an upload stopped halfway resumes after a server restart on the same data folder and database", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "cm-tusjs-restart-"));
    const database = await createTestDatabase();
    // The first server's stop must leave the database open for the second one, as a restarted process finds it.
    const kept: Database = { ...database, close: async () => {} };
    let second: TestServer | undefined;
    try {
      const first = await startTestServer({ ...SPEECH, DATA_DIR: dataDir }, { database: kept });
      const user = await signedInWithClient(first);
      let url = "";
      // abort() neither resolves nor rejects the send: it is not awaited; the loop below waits for the stop.
      void send(`${first.url}/api/uploads`, user.cookie, recordingData(user.clientId), wav, {
        onChunk(upload, chunk) {
          if (chunk !== 2) return;
          url = upload.url!;
          void upload.abort();
        },
      }).catch(() => {});
      const deadline = Date.now() + 10_000;
      while (!url && Date.now() < deadline) await Bun.sleep(20);
      expect(url).not.toBe("");
      await first.stop();
      // As if the process had died while checking a complete upload: with the embedded database the restarted process
      // is the only one, so it releases that claim at start. A server database may have other processes checking, so
      // a claim there lapses after its five minutes instead (not waited for here).
      if (testTarget() === "embedded") await database.sql`update resumable_uploads set checking_since = now()`;

      second = await startTestServer({ ...SPEECH, DATA_DIR: dataDir }, { database });
      const path = new URL(url).pathname;
      const head = await second.fetch(path, {
        method: "HEAD",
        headers: { "tus-resumable": "1.0.0", cookie: user.cookie },
      });
      expect(head.status).toBe(200);
      expect(Number(head.headers.get("upload-offset"))).toBe(2 * CHUNK);
      const resumed = await send(`${second.url}/api/uploads`, user.cookie, recordingData(user.clientId), wav, {
        uploadUrl: `${second.url}${path}`,
      });
      expect(resumed.meetingId).toBeGreaterThan(0);
      expect(resumed.chunks).toBe(Math.ceil((wav.length - 2 * CHUNK) / CHUNK));
      expect((await storedBytes(second, resumed.meetingId!)).equals(wav)).toBe(true);
    } finally {
      await second?.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
