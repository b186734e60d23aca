// The real limit, not a lowered one: a file of exactly 500 MB is accepted and stored intact; a 550 MB one sent
// without Content-Length (so nothing can refuse it up front) is cut off while streaming with 413, and nothing of it
// is left behind. The files are WAV recordings (silence): transcript files have their own 10 MB limit
// (transcript-upload-limit.test.ts). A speech service is configured so audio is accepted; no worker runs.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { hasSystemTools } from "@cm/ai/test-support/system-tools";
import { MAX_UPLOAD_BYTES } from "../src/modules/meetings/receive-upload";
import { registerAndSignIn } from "./auth-helpers";
import { createClient } from "./hostile-fixtures";
import { streamedUploadBody } from "./support/streamed-upload";
import { startTestServer, type TestServer } from "./test-server";

const ffmpegReady = hasSystemTools(["ffmpeg", "ffprobe"]);

let server: TestServer;
let cookie: string;
let clientId: number;
const BOUNDARY = "----LimitTestBoundary7MA4YWxkTrZu0gW";
const PIECE = new Uint8Array(1024 * 1024); // silence

/** The 44-byte header of a mono 16 kHz 16-bit PCM WAV file of `fileBytes` bytes in all. */
function wavHeader(fileBytes: number): Uint8Array {
  const header = new DataView(new ArrayBuffer(44));
  const ascii = (at: number, text: string) => {
    for (let i = 0; i < text.length; i++) header.setUint8(at + i, text.charCodeAt(i));
  };
  ascii(0, "RIFF");
  header.setUint32(4, fileBytes - 8, true);
  ascii(8, "WAVEfmt ");
  header.setUint32(16, 16, true);
  header.setUint16(20, 1, true);
  header.setUint16(22, 1, true);
  header.setUint32(24, 16_000, true);
  header.setUint32(28, 32_000, true);
  header.setUint16(32, 2, true);
  header.setUint16(34, 16, true);
  ascii(36, "data");
  header.setUint32(40, fileBytes - 44, true);
  return new Uint8Array(header.buffer);
}

/** A multipart body with a `fileBytes`-byte WAV recording, made piece by piece, with no Content-Length. */
function body(fileBytes: number): ReadableStream<Uint8Array> {
  const meetingData = { title: "Limit", clientId, date: "2026-05-04T12:00:00Z" };
  return streamedUploadBody({
    boundary: BOUNDARY,
    meetingData,
    filename: "long.wav",
    contentType: "audio/wav",
    fileBytes,
    head: wavHeader(fileBytes),
    piece: PIECE,
  });
}

const post = (fileBytes: number) =>
  server.fetch("/api/meetings/upload", {
    method: "POST",
    body: body(fileBytes),
    headers: { cookie, "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    duplex: "half",
  } as RequestInit);
const recordings = () => readdirSync(join(server.ctx.config.dataDir, "recordings"));

beforeAll(async () => {
  server = await startTestServer({ OPENAI_API_KEY: "test-key-unused", OPENAI_BASE_URL: "http://127.0.0.1:9" });
  ({ cookie } = await registerAndSignIn(server));
  clientId = (await createClient(server, cookie, "Limit Client")).id;
});
afterAll(async () => {
  await server?.stop();
});

test("the limit is 500 MB unless configured", () => {
  expect(MAX_UPLOAD_BYTES).toBe(500 * 1024 * 1024);
  expect(server.ctx.config.maxUploadBytes).toBe(MAX_UPLOAD_BYTES);
});

test.skipIf(!ffmpegReady)(
  "a file of exactly 500 MB is accepted and stored whole",
  async () => {
    const response = await post(MAX_UPLOAD_BYTES);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    const stored = recordings();
    expect(stored).toHaveLength(1);
    expect(statSync(join(server.ctx.config.dataDir, "recordings", stored[0]!)).size).toBe(MAX_UPLOAD_BYTES);
    expect((await server.fetch(`/api/meetings/${id}`, { method: "DELETE", headers: { cookie } })).status).toBe(200);
    expect(recordings()).toEqual([]);
  },
  60_000,
);

test("a 550 MB file is cut off while streaming with 413 'too large' and leaves nothing behind", async () => {
  const response = await post(550 * 1024 * 1024);
  expect(response.status).toBe(413);
  expect(((await response.json()) as { message: string }).message).toContain("too large");
  expect(recordings()).toEqual([]);
  const meetings = await (await server.fetch("/api/meetings", { headers: { cookie } })).json();
  expect(meetings).toEqual([]);
}, 60_000);
