// The app on an S3-compatible bucket (S3_BUCKET and friends, a real s3rver started on 127.0.0.1 by the test): uploads
// (multipart and tus) land in the bucket and nowhere else, the audio route serves ranges from it, deletions and the
// orphan sweep work on it; with the bucket down uploads and the audio route answer 503 and processing waits, and once
// it is back every earlier recording is whole.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { speak } from "@cm/ai/test-support/speak";
import { hasSystemTools } from "@cm/ai/test-support/system-tools";
import type { Database } from "@cm/db";
import { createTestDatabase } from "@cm/db/testing";
import { createS3Storage } from "../src/storage/s3-storage";
import { sweepOrphanUploads } from "../src/storage/sweep-orphan-uploads";
import { json } from "./auth-helpers";
import { type LoopbackS3, startLoopbackS3 } from "./support/s3-server";
import { createSignedInUser } from "./support/signed-in-user";
import { streamedUploadBody } from "./support/streamed-upload";
import { createUpload, patchUpload, recordingData } from "./support/tus-steps";
import { startTestServer, type TestServer, WITH_WORKER } from "./test-server";

const tools = hasSystemTools(["flite", "ffmpeg", "ffprobe"]);
/** A speech service that is configured (so recordings are accepted) but never reached: nothing here transcribes. */
const SPEECH = { SPEECH_BASE_URL: "http://127.0.0.1:9/v1" };

let s3: LoopbackS3;
let dir: string;
let wav: Uint8Array<ArrayBuffer>;
let users = 0;

async function signedInWithClient(server: TestServer) {
  const user = await createSignedInUser(server.ctx.db.sql, `s3user${Date.now()}${++users}`);
  const created = await server.fetch("/api/clients", json({ name: "Lindqvist Trust", type: "Trust" }, user.cookie));
  const { id } = (await created.json()) as { id: number };
  return { ...user, clientId: id };
}

const meetingData = (clientId: number, title = "Annual review") => ({
  title,
  clientId,
  date: "2026-05-04T12:00:00Z",
});

async function uploadFile(server: TestServer, cookie: string, clientId: number, file: Blob, name: string) {
  const form = new FormData();
  form.set("meetingData", JSON.stringify(meetingData(clientId)));
  form.set("audioFile", file, name);
  return server.fetch("/api/meetings/upload", { method: "POST", body: form, headers: { cookie } });
}

async function audioOf(server: TestServer, cookie: string, id: number, range?: string) {
  return server.fetch(`/api/meetings/${id}/audio`, { headers: { cookie, ...(range ? { range } : {}) } });
}

async function keyOf(server: TestServer, meetingId: number) {
  const [row] = await server.ctx.db.sql<{ audio_path: string }[]>`select audio_path from meetings
    where id = ${meetingId}`;
  return row!.audio_path;
}

/** Nothing of the recordings lands in the data folder: only the bucket holds them. */
function expectNothingLocal(server: TestServer) {
  const recordings = join(server.ctx.config.dataDir, "recordings");
  expect(existsSync(recordings) ? readdirSync(recordings) : []).toEqual([]);
  const copies = join(server.ctx.config.dataDir, "processing", "uploads");
  expect(existsSync(copies) ? readdirSync(copies) : []).toEqual([]);
}

beforeAll(async () => {
  s3 = await startLoopbackS3();
  dir = await mkdtemp(join(tmpdir(), "cm-s3-app-"));
  if (!tools) return;
  const path = join(dir, "speech.wav");
  await speak(path, ["We agreed to move five percent into short term bonds.", "The next review is in June."]);
  wav = await Bun.file(path).bytes();
}, 60_000);

afterAll(async () => {
  await s3?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!tools)("recordings in an S3 bucket", () => {
  test("an upload lands in the bucket; the audio route serves it whole and by range; deleting the meeting removes it", async () => {
    const server = await startTestServer({ ...SPEECH, ...s3.env });
    try {
      expect(server.ctx.storage.kind).toBe("s3");
      const user = await signedInWithClient(server);
      const response = await uploadFile(server, user.cookie, user.clientId, new Blob([wav]), "review.wav");
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: number };
      const key = await keyOf(server, id);
      const bucket = createS3Storage(s3.config);
      expect(await bucket.size(key)).toBe(wav.length);
      expectNothingLocal(server);

      const whole = await audioOf(server, user.cookie, id);
      expect(whole.status).toBe(200);
      // Streamed from the bucket: Bun sends it chunked (no Content-Length); a range names the total in Content-Range.
      expect(await whole.bytes()).toEqual(wav);
      const part = await audioOf(server, user.cookie, id, "bytes=100-1099");
      expect(part.status).toBe(206);
      expect(part.headers.get("content-range")).toBe(`bytes 100-1099/${wav.length}`);
      expect(await part.bytes()).toEqual(wav.subarray(100, 1100));
      const tail = await audioOf(server, user.cookie, id, "bytes=-10");
      expect(await tail.bytes()).toEqual(wav.subarray(wav.length - 10));

      const deleted = await server.fetch(`/api/meetings/${id}`, { method: "DELETE", headers: { cookie: user.cookie } });
      expect(deleted.status).toBe(200);
      expect(await bucket.size(key)).toBeUndefined();
    } finally {
      await server.stop();
    }
  }, 60_000);

  test("a resumable (tus) upload grows in the data folder and its finished file goes into the bucket", async () => {
    const server = await startTestServer({ ...SPEECH, ...s3.env });
    try {
      const user = await signedInWithClient(server);
      const created = await createUpload(server, user.cookie, recordingData(user.clientId), wav.length);
      expect(created.status).toBe(201);
      const location = created.headers.get("location")!;
      const half = Math.floor(wav.length / 2);
      // The partial files of this host (the folder also keeps its own id, for uploads spread over hosts).
      const partialFiles = () =>
        readdirSync(join(server.ctx.config.dataDir, "partial-uploads")).filter((name) => name.endsWith(".part"));
      expect((await patchUpload(server, user.cookie, location, 0, wav.slice(0, half))).status).toBe(204);
      // Between PATCHes the partial file is on this host's disk (per host: a resumed upload must reach it again).
      expect(partialFiles()).toHaveLength(1);
      const last = await patchUpload(server, user.cookie, location, half, wav.slice(half));
      expect(last.status).toBe(204);
      const meetingId = Number(last.headers.get("meeting-id"));
      expect(meetingId).toBeGreaterThan(0);
      const stored = await new Response(createS3Storage(s3.config).read(await keyOf(server, meetingId))).bytes();
      expect(stored).toEqual(wav);
      expect(partialFiles()).toEqual([]);
      expectNothingLocal(server);
    } finally {
      await server.stop();
    }
  }, 60_000);

  test("the orphan sweep removes bucket files no meeting names and keeps the rest", async () => {
    const server = await startTestServer({ ...SPEECH, ...s3.env });
    try {
      const user = await signedInWithClient(server);
      const response = await uploadFile(server, user.cookie, user.clientId, new Blob([wav]), "kept.wav");
      const key = await keyOf(server, ((await response.json()) as { id: number }).id);
      const orphan = await server.ctx.storage.create("mp3", { copyDir: join(dir, "orphan-copy") });
      await orphan.write(new Uint8Array(1000));
      await (await orphan.finish()).release();
      const { sql } = server.ctx.db;
      // The bucket is shared with the other tests here, whose files this test's database does not name either.
      expect(await sweepOrphanUploads({ sql, storage: server.ctx.storage, logger: server.logger }, 0)).toBeGreaterThan(
        0,
      );
      expect(await server.ctx.storage.size(orphan.key)).toBeUndefined();
      expect(await server.ctx.storage.size(key)).toBe(wav.length);
    } finally {
      await server.stop();
    }
  }, 60_000);

  test("the bucket down mid-upload: 503 with a clear message, nothing half-written kept; once back, the next upload and every earlier recording are whole", async () => {
    const server = await startTestServer({ ...SPEECH, ...s3.env });
    try {
      const user = await signedInWithClient(server);
      const earlier: { id: number; bytes: Uint8Array<ArrayBuffer> }[] = [];
      for (const title of ["first", "second"]) {
        const bytes = new Uint8Array([...wav, ...new TextEncoder().encode(title)]);
        const response = await uploadFile(server, user.cookie, user.clientId, new Blob([bytes]), `${title}.wav`);
        expect(response.status).toBe(201);
        earlier.push({ id: ((await response.json()) as { id: number }).id, bytes });
      }
      const countMeetings = async () =>
        (await server.ctx.db.sql<{ n: number }[]>`select count(*)::int as n from meetings`)[0]!.n;
      const meetingsBefore = await countMeetings();
      const bucket = createS3Storage(s3.config);
      const objectsBefore = (await bucket.list()).map((f) => f.key).sort();

      // 40 MB announced; the bucket is stopped once 12 MB have gone out.
      let sent = 0;
      let killed: Promise<void> | undefined;
      const body = streamedUploadBody({
        boundary: "----s3outage",
        meetingData: meetingData(user.clientId, "cut off"),
        filename: "long.wav",
        contentType: "audio/wav",
        fileBytes: 40 * 1024 * 1024,
        head: wav.subarray(0, 44),
        piece: new Uint8Array(256 * 1024).fill(1),
      }).pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          async transform(chunk, controller) {
            sent += chunk.length;
            if (sent > 12 * 1024 * 1024) killed ??= s3.kill();
            controller.enqueue(chunk);
          },
        }),
      );
      const cut = await server
        .fetch("/api/meetings/upload", {
          method: "POST",
          body,
          headers: { cookie: user.cookie, "content-type": "multipart/form-data; boundary=----s3outage" },
          duplex: "half",
        } as RequestInit)
        .catch((error: Error) => error);
      await killed;
      expect(cut).toBeInstanceOf(Response);
      expect((cut as Response).status).toBe(503);
      expect(((await (cut as Response).json()) as { message: string }).message).toContain(
        "Recording storage is unavailable",
      );
      expect(await countMeetings()).toBe(meetingsBefore);

      // While it is down the audio route says so too.
      const down = await audioOf(server, user.cookie, earlier[0]!.id);
      expect(down.status).toBe(503);
      expect(((await down.json()) as { message: string }).message).toContain("Recording storage is unavailable");

      await s3.restart();
      expect((await bucket.list()).map((f) => f.key).sort()).toEqual(objectsBefore);
      expectNothingLocal(server);
      const next = await uploadFile(server, user.cookie, user.clientId, new Blob([wav]), "after.wav");
      expect(next.status).toBe(201);
      const nextId = ((await next.json()) as { id: number }).id;
      expect(await (await audioOf(server, user.cookie, nextId)).bytes()).toEqual(wav);
      for (const { id, bytes } of earlier) {
        expect(await (await audioOf(server, user.cookie, id)).bytes()).toEqual(bytes);
      }
    } finally {
      await server.stop();
    }
  }, 90_000);

  test("processing that meets the bucket down waits without spending attempts, and finishes once it is back", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "cm-s3-processing-"));
    const database = await createTestDatabase();
    const kept: Database = { ...database, close: async () => {} };
    let second: TestServer | undefined;
    try {
      const first = await startTestServer({ ...SPEECH, ...s3.env, DATA_DIR: dataDir }, { database: kept });
      const user = await signedInWithClient(first);
      const transcript = new Blob([
        "Ann: We agreed to rebalance the portfolio.\nBob: I will send the forms on Friday.",
      ]);
      const uploaded = await uploadFile(first, user.cookie, user.clientId, transcript, "review.txt");
      expect(uploaded.status).toBe(201);
      const { id } = (await uploaded.json()) as { id: number };
      await first.stop();

      await s3.kill();
      // A process started while the bucket is down starts all the same (its orphan sweep waits for the next start).
      second = await startTestServer({ ...SPEECH, ...s3.env, DATA_DIR: dataDir, ...WITH_WORKER }, { database });
      const job = async () =>
        (
          await database.sql<{ status: string; attempts: number; maxAttempts: number }[]>`
          select status, attempts, max_attempts as "maxAttempts" from jobs where meeting_id = ${id}`
        )[0]!;
      const { maxAttempts } = await job();
      // More runs meet the outage than the job has attempts: none counts (the one running may show 1), and the meeting
      // still shows Processing.
      const postponed = () => second!.logger.lines.filter((line) => line.msg === "job postponed").length;
      const deadline = Date.now() + 30_000;
      while (postponed() <= maxAttempts && Date.now() < deadline) await Bun.sleep(50);
      expect(postponed()).toBeGreaterThan(maxAttempts);
      expect(second.logger.lines.find((line) => line.msg === "job postponed")?.reason).toContain("recording storage");
      const waiting = await job();
      expect(waiting.status).not.toBe("failed");
      expect(waiting.attempts).toBeLessThanOrEqual(1);
      const [meeting] = await database.sql<{ status: string }[]>`select status from meetings where id = ${id}`;
      expect(meeting!.status).toBe("Processing");

      await s3.restart();
      let status = "";
      const done = Date.now() + 30_000;
      while (status !== "Processed" && Date.now() < done) {
        status = (await database.sql<{ status: string }[]>`select status from meetings where id = ${id}`)[0]!.status;
        await Bun.sleep(50);
      }
      expect(status).toBe("Processed");
    } finally {
      await second?.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
