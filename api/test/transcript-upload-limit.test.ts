// Transcript files have their own 10 MB limit, enforced while the upload streams: exactly 10 MB is stored,
// one byte more is cut off with 413 "too large" and nothing is left behind. A transcript with a stray control
// character, mojibake and Windows-1252 bytes is accepted, and the stored file reads back as clean text.
// No worker runs here: processing is not what is tested.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { MAX_TRANSCRIPT_BYTES, readTranscriptFromFile } from "@cm/ai/transcript";
import { registerAndSignIn } from "./auth-helpers";
import { createClient } from "./hostile-fixtures";
import { streamedUploadBody } from "./support/streamed-upload";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let cookie: string;
let clientId: number;
const BOUNDARY = "----TranscriptLimitBoundary";
const LINE = new TextEncoder().encode("Advisor: We reviewed the rollover, the trust and the estimated taxes.\n");
const PIECE = new Uint8Array(256 * 1024).map((_, i) => LINE[i % LINE.length]!);

/** A multipart body holding a `fileBytes`-byte text transcript, streamed piece by piece without a length. */
function body(fileBytes: number): ReadableStream<Uint8Array> {
  const meetingData = { title: "Limit", clientId, date: "2026-05-04T12:00:00Z" };
  return streamedUploadBody({
    boundary: BOUNDARY,
    meetingData,
    filename: "long.txt",
    contentType: "text/plain",
    fileBytes,
    piece: PIECE,
  });
}

const post = (stream: ReadableStream<Uint8Array> | FormData, headers: Record<string, string> = {}) =>
  server.fetch("/api/meetings/upload", {
    method: "POST",
    body: stream,
    headers: { cookie, ...headers },
    duplex: "half",
  } as RequestInit);
const postSized = (fileBytes: number) =>
  post(body(fileBytes), { "content-type": `multipart/form-data; boundary=${BOUNDARY}` });
const recordings = () => readdirSync(join(server.ctx.config.dataDir, "recordings"));

beforeAll(async () => {
  server = await startTestServer({});
  ({ cookie } = await registerAndSignIn(server));
  clientId = (await createClient(server, cookie, "Transcript Limit Client")).id;
});
afterAll(async () => {
  await server?.stop();
});

test("a transcript of exactly 10 MB is stored whole", async () => {
  expect(MAX_TRANSCRIPT_BYTES).toBe(10 * 1024 * 1024);
  const response = await postSized(MAX_TRANSCRIPT_BYTES);
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: number };
  const stored = recordings();
  expect(stored).toHaveLength(1);
  expect(statSync(join(server.ctx.config.dataDir, "recordings", stored[0]!)).size).toBe(MAX_TRANSCRIPT_BYTES);
  expect((await server.fetch(`/api/meetings/${id}`, { method: "DELETE", headers: { cookie } })).status).toBe(200);
  expect(recordings()).toEqual([]);
}, 90_000);

test("10 MB + 1 byte is cut off while streaming with 413 'too large' and leaves nothing behind", async () => {
  const response = await postSized(MAX_TRANSCRIPT_BYTES + 1);
  expect(response.status).toBe(413);
  const { message } = (await response.json()) as { message: string };
  expect(message).toContain("too large");
  expect(message).toContain("10 MB");
  await Bun.sleep(100);
  expect(recordings()).toEqual([]);
  expect(await (await server.fetch("/api/meetings", { headers: { cookie } })).json()).toEqual([]);
}, 60_000);

test("a transcript with a stray control character and Windows-1252 bytes is accepted and read", async () => {
  const encoder = new TextEncoder();
  const bytes = new Uint8Array([
    ...encoder.encode("Dana Whitfield: Welcome\u0007 back, the caf"),
    0xe9, // é in Windows-1252: not valid UTF-8
    ...encoder.encode(" is booked.\nMarcus: Itâ€™s fine.\n"),
  ]);
  const form = new FormData();
  form.set("meetingData", JSON.stringify({ title: "Encoding", clientId, date: "2026-05-04T12:00:00Z" }));
  form.set("audioFile", new Blob([bytes]), "notes.txt");
  const response = await post(form);
  expect(response.status).toBe(201);
  const [stored] = recordings();
  const transcript = await readTranscriptFromFile(join(server.ctx.config.dataDir, "recordings", stored!));
  expect(transcript.fullText).toBe("Dana Whitfield: Welcome back, the café is booked.\nMarcus: It’s fine.");
}, 30_000);
