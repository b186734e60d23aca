// What the server sends the speech service for an uploaded recording: the configured model's request shape, the
// configured language (SPEECH_LANGUAGE) and the client's name as the glossary prompt; a transcript stored with its
// low-confidence flags; and a clear start-up error for a language that is not an ISO-639-1 code.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateAudio } from "@cm/ai/test-support/generate-audio";
import { type OpenAiDouble, startOpenAiDouble } from "@cm/ai/test-support/openai-double";
import { hasSystemTools } from "@cm/ai/test-support/system-tools";
import { findTranscript } from "@cm/db/queries/meeting-content";
import { loadConfig } from "../src/config";
import { json, registerAndSignIn } from "./auth-helpers";
import { uploadRecording, waitForMeetingStatus } from "./support/meeting-steps";
import { startTestServer, type TestServer, WITH_WORKER } from "./test-server";

const ffmpegReady = hasSystemTools(["ffmpeg", "ffprobe"]);

const TRANSCRIPTIONS = "/v1/audio/transcriptions";
let double: OpenAiDouble;
let server: TestServer;
let dir: string;

beforeAll(async () => {
  double = startOpenAiDouble({
    apiKey: "sk-test",
    transcribe: () => ({
      text: "Welcome, Mrs Okafor. Maybe forty thousand.",
      segments: [
        { start: 0, end: 6, text: " Welcome, Mrs Okafor." },
        { start: 6, end: 12, text: " Maybe forty thousand.", avgLogprob: -1.3 },
      ],
    }),
  });
  dir = await mkdtemp(join(tmpdir(), "cm-speech-request-"));
  server = await startTestServer({
    ...WITH_WORKER,
    OPENAI_API_KEY: "sk-test",
    OPENAI_BASE_URL: double.baseURL,
    SPEECH_LANGUAGE: "de",
    AI_RETRY_BASE_DELAY_MS: "5",
  });
});
afterAll(async () => {
  await server.stop();
  await double.stop();
  await rm(dir, { recursive: true, force: true });
});

describe("the speech request", () => {
  test.skipIf(!ffmpegReady)(
    "names the language and the client, and the stored transcript keeps its confidence flags",
    async () => {
      const { cookie } = await registerAndSignIn(server);
      const created = await server.fetch(
        "/api/clients",
        json({ name: "Okafor Family", type: "Wealth Management" }, cookie),
      );
      const clientId = (await created.json()).id as number;
      await generateAudio(join(dir, "meeting.mp3"), [{ tone: 12 }]);
      const bytes = new Uint8Array(await Bun.file(join(dir, "meeting.mp3")).arrayBuffer());
      const upload = await uploadRecording(
        server,
        cookie,
        { title: "Intro", clientId },
        { bytes, filename: "meeting.mp3", type: "audio/mpeg" },
      );
      expect(upload.status).toBe(201);
      const meetingId = (await upload.json()).id as number;
      const done = await waitForMeetingStatus(server, cookie, meetingId, ["Processed", "Failed"], 60_000);
      expect(done.status).toBe("Processed");

      const request = double.requests.find((r) => r.path === TRANSCRIPTIONS);
      expect(request?.body).toMatchObject({
        model: "whisper-1",
        response_format: "verbose_json",
        language: "de",
        prompt: "Okafor Family.",
      });
      const stored = await findTranscript(server.ctx.db.sql, meetingId);
      expect(stored?.segments).toEqual([
        { start: 0, end: 6, speaker: null, text: "Welcome, Mrs Okafor." },
        { start: 6, end: 12, speaker: null, text: "Maybe forty thousand.", lowConfidence: true },
      ]);
    },
    90_000,
  );

  test("SPEECH_LANGUAGE must be a two-letter code", () => {
    const base = { NODE_ENV: "test", DATA_DIR: dir, SESSION_SECRET: "s".repeat(32) };
    expect(loadConfig({ ...base, SPEECH_LANGUAGE: "EN" }).speechLanguage).toBe("en");
    expect(loadConfig(base).speechLanguage).toBeUndefined();
    expect(() => loadConfig({ ...base, SPEECH_LANGUAGE: "english" })).toThrow(
      'SPEECH_LANGUAGE must be a two-letter ISO-639-1 code such as en, got "english"',
    );
  });
});
