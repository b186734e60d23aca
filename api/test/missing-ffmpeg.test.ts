// A server without ffmpeg (a fresh machine, or a container that lacks it): an audio upload is answered with a
// message that names the missing tool and what to do, the recording is not left half-stored, and transcript files
// still work. FFMPEG_PATH and FFPROBE_PATH point at a folder with nothing in it, which is how production resolves
// the tools.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { registerAndSignIn } from "./auth-helpers";
import { createClient, readErrorBody, recordingFiles, uploadTranscript } from "./hostile-fixtures";
import { uploadRecording } from "./support/meeting-steps";
import { startTestServer, type TestServer } from "./test-server";

const emptyDir = mkdtempSync(join(tmpdir(), "cm-no-ffmpeg-"));
const saved = { ffmpeg: process.env.FFMPEG_PATH, ffprobe: process.env.FFPROBE_PATH };
let server: TestServer;
let cookie: string;
let clientId: number;

/** One second of silence as a 16 kHz mono 16-bit WAV file, written byte by byte (no ffmpeg to make one). */
function silentWav(): Uint8Array<ArrayBuffer> {
  const dataBytes = 32_000;
  const view = new DataView(new ArrayBuffer(44 + dataBytes));
  const ascii = (at: number, text: string) => {
    for (let i = 0; i < text.length; i++) view.setUint8(at + i, text.charCodeAt(i));
  };
  ascii(0, "RIFF");
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, "WAVEfmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, 16_000, true);
  view.setUint32(28, 32_000, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, "data");
  view.setUint32(40, dataBytes, true);
  return new Uint8Array(view.buffer);
}

beforeAll(async () => {
  process.env.FFMPEG_PATH = join(emptyDir, "ffmpeg");
  process.env.FFPROBE_PATH = join(emptyDir, "ffprobe");
  // A speech service is configured (never reached), so the upload gets as far as checking the audio.
  server = await startTestServer({ OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: "http://127.0.0.1:9/v1" });
  ({ cookie } = await registerAndSignIn(server));
  clientId = (await createClient(server, cookie, "Marlowe Trust")).id;
});

afterAll(async () => {
  await server?.stop();
  for (const [name, value] of [
    ["FFMPEG_PATH", saved.ffmpeg],
    ["FFPROBE_PATH", saved.ffprobe],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  rmSync(emptyDir, { recursive: true, force: true });
});

test("an audio upload says ffmpeg is missing and how to fix it, and keeps nothing half-stored", async () => {
  const response = await uploadRecording(
    server,
    cookie,
    { title: "Quarterly review", clientId },
    { bytes: silentWav(), filename: "review.wav", type: "audio/wav" },
  );
  expect(response.status).toBe(503);
  const body = await readErrorBody(response);
  expect(body).toMatchObject({ code: "missing_tool" });
  const message = typeof body === "string" ? body : body.message;
  expect(message).toContain("ffmpeg");
  expect(message).toContain("FFMPEG_PATH");
  expect(message).toContain("transcript file");
  // Not mistaken for the user's fault: the web client's "unsupported file format" toast must not fire.
  expect(message).not.toMatch(/unsupported|file format/i);
  expect(recordingFiles(server)).toEqual([]);
  const meetings = await (await server.fetch("/api/meetings", { headers: { cookie } })).json();
  expect(meetings).toEqual([]);
});

test("a transcript file is still accepted without ffmpeg", async () => {
  const meeting = await uploadTranscript(server, cookie, clientId, "Call notes");
  expect(meeting.status).toBe("Processing");
});
