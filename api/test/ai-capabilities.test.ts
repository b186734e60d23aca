// Self-hosted services per capability: speech, chat and embeddings each on their own OpenAI-compatible server (three
// loopback doubles, each accepting only its own key). Every request reaches its own server with its own key and
// model, OPENAI_API_KEY is never sent to them, and the meeting and /api/health name the engine of each capability.
// "Transcribe again" replaces a draft transcript once a speech service is configured.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateAudio } from "@cm/ai/test-support/generate-audio";
import { type OpenAiDouble, startOpenAiDouble } from "@cm/ai/test-support/openai-double";
import { hasSystemTools } from "@cm/ai/test-support/system-tools";
import { upsertTranscript } from "@cm/db/queries/meeting-content";
import { json, registerAndSignIn } from "./auth-helpers";
import { uploadRecording as uploadRecordingAs, waitForMeetingStatus } from "./support/meeting-steps";
import { startTestServer, type TestServer, WITH_WORKER } from "./test-server";

const ffmpegReady = hasSystemTools(["ffmpeg", "ffprobe"]);

const SPEECH_MODEL = "Systran/faster-whisper-small";
const CHAT_MODEL = "llama3.1:8b";
const EMBEDDINGS_MODEL = "Alibaba-NLP/gte-Qwen2-1.5B-instruct";

let speech: OpenAiDouble;
let chat: OpenAiDouble;
let embeddings: OpenAiDouble;
let server: TestServer;
let cookie: string;
let clientId: number;
let dir: string;
let recording: Uint8Array<ArrayBuffer>;

async function uploadRecording(title: string) {
  const response = await uploadRecordingAs(
    server,
    cookie,
    { title, clientId },
    { bytes: recording, filename: "meeting.mp3", type: "audio/mpeg" },
  );
  expect(response.status).toBe(201);
  return (await response.json()) as { id: number };
}

const waitForStatus = (id: number, statuses: string[], timeoutMs = 30_000) =>
  waitForMeetingStatus(server, cookie, id, statuses, timeoutMs);

beforeAll(async () => {
  speech = startOpenAiDouble({ apiKey: "sk-speech" });
  chat = startOpenAiDouble({ apiKey: "sk-chat" });
  embeddings = startOpenAiDouble({ apiKey: "sk-embeddings" });
  dir = await mkdtemp(join(tmpdir(), "cm-capabilities-"));
  if (ffmpegReady) {
    await generateAudio(join(dir, "meeting.mp3"), [{ tone: 6 }, { silence: 1 }, { tone: 4 }]);
    recording = new Uint8Array(await Bun.file(join(dir, "meeting.mp3")).arrayBuffer());
  }
  server = await startTestServer({
    ...WITH_WORKER,
    // Each capability names its own server; this key must never reach any of them.
    OPENAI_API_KEY: "sk-openai-not-for-self-hosted",
    SPEECH_BASE_URL: speech.baseURL,
    SPEECH_API_KEY: "sk-speech",
    SPEECH_MODEL,
    CHAT_BASE_URL: chat.baseURL,
    CHAT_API_KEY: "sk-chat",
    CHAT_MODEL,
    EMBEDDINGS_BASE_URL: embeddings.baseURL,
    EMBEDDINGS_API_KEY: "sk-embeddings",
    EMBEDDINGS_MODEL,
    AI_RETRY_BASE_DELAY_MS: "5",
  });
  ({ cookie } = await registerAndSignIn(server));
  const created = await server.fetch(
    "/api/clients",
    json({ name: "Okafor Family", type: "Wealth Management" }, cookie),
  );
  clientId = (await created.json()).id;
});
afterAll(async () => {
  await server?.stop();
  await Promise.all([speech?.stop(), chat?.stop(), embeddings?.stop()]);
  if (dir) await rm(dir, { recursive: true, force: true });
});

const paths = (double: OpenAiDouble) => [...new Set(double.requests.map((request) => request.path))];
const keys = (double: OpenAiDouble) => [...new Set(double.requests.map((request) => request.authorization))];
const models = (double: OpenAiDouble) => [...new Set(double.requests.map((request) => request.body.model))];

describe("speech, chat and embeddings on three servers", () => {
  test("/api/health names each capability's engine", async () => {
    const health = await (await server.fetch("/api/health")).json();
    expect(health.ai).toEqual({
      engine: "openai",
      transcription: true,
      speech: { engine: `self-hosted:${SPEECH_MODEL}`, draft: false },
      summary: { engine: `self-hosted:${CHAT_MODEL}` },
      embeddings: { engine: `self-hosted:${EMBEDDINGS_MODEL}` },
    });
  });

  test.skipIf(!ffmpegReady)("each capability's requests reach its own server with its own key and model", async () => {
    const created = await uploadRecording("Quarterly review");
    const done = await waitForStatus(created.id, ["Processed", "Failed"]);
    expect(done.failureReason).toBeNull();
    expect(done.status).toBe("Processed");
    expect(done.transcript).toMatchObject({ engine: `self-hosted:${SPEECH_MODEL}`, draft: false });
    expect(done.summary.engine).toBe(`self-hosted:${CHAT_MODEL}`);
    expect(done.canTranscribeAgain).toBe(false);

    const search = await server.fetch("/api/search", json({ query: "What was said in the quarterly review?" }, cookie));
    expect(search.status).toBe(200);

    expect(paths(speech)).toEqual(["/v1/audio/transcriptions"]);
    expect(keys(speech)).toEqual(["Bearer sk-speech"]);
    expect(models(speech)).toEqual([SPEECH_MODEL]);
    expect(paths(chat)).toEqual(["/v1/chat/completions"]);
    expect(keys(chat)).toEqual(["Bearer sk-chat"]);
    expect(models(chat)).toEqual([CHAT_MODEL]);
    expect(paths(embeddings)).toEqual(["/v1/embeddings"]);
    expect(keys(embeddings)).toEqual(["Bearer sk-embeddings"]);
    expect(models(embeddings)).toEqual([EMBEDDINGS_MODEL]);
    const [chunks] = await server.ctx.db.sql<{ models: string[] }[]>`
      select array_agg(distinct embedding_model) as models from chunks where meeting_id = ${created.id}`;
    expect(chunks!.models).toEqual([EMBEDDINGS_MODEL]);
  });

  test.skipIf(!ffmpegReady)(
    "a draft made offline is offered for transcribing again, which replaces transcript and summary",
    async () => {
      const created = await uploadRecording("Made offline earlier");
      await waitForStatus(created.id, ["Processed", "Failed"]);
      // As pocketsphinx left it before the operator configured a speech service.
      await upsertTranscript(server.ctx.db.sql, {
        meetingId: created.id,
        fullText: "good morning so she had a",
        segments: [],
        engine: "pocketsphinx",
      });
      await server.ctx.db.sql`update summaries set engine = 'local' where meeting_id = ${created.id}`;
      const draft = await (await server.fetch(`/api/meetings/${created.id}`, { headers: { cookie } })).json();
      expect(draft.transcript).toMatchObject({ engine: "pocketsphinx", draft: true });
      expect(draft.canTranscribeAgain).toBe(true);

      const before = speech.requests.length;
      const again = await server.fetch(`/api/meetings/${created.id}/transcribe`, {
        method: "POST",
        headers: { cookie },
      });
      expect(again.status).toBe(200);
      const queued = await again.json();
      expect(queued.status).toBe("Processing");
      expect(queued.transcript).toBeNull();
      expect(queued.summary).toBeNull();
      // One job per meeting: a second request while it runs is refused.
      const twice = await server.fetch(`/api/meetings/${created.id}/transcribe`, {
        method: "POST",
        headers: { cookie },
      });
      expect(twice.status).toBe(409);

      const done = await waitForStatus(created.id, ["Processed", "Failed"]);
      expect(done.status).toBe("Processed");
      expect(done.transcript).toMatchObject({ engine: `self-hosted:${SPEECH_MODEL}`, draft: false });
      expect(done.transcript.fullText).not.toContain("so she had a");
      expect(done.summary.engine).toBe(`self-hosted:${CHAT_MODEL}`);
      expect(done.canTranscribeAgain).toBe(false);
      expect(speech.requests.length).toBeGreaterThan(before);
      const [jobs] = await server.ctx.db.sql<{ n: number }[]>`
      select count(*)::int as n from jobs where meeting_id = ${created.id}`;
      expect(jobs!.n).toBeGreaterThanOrEqual(1);
    },
  );

  test("a transcript file cannot be transcribed again; another user's meeting answers 404", async () => {
    const form = new FormData();
    form.set("meetingData", JSON.stringify({ title: "Notes", clientId, date: "2026-05-04T12:00:00Z" }));
    form.set("audioFile", new Blob(["Ann: hello there\nBob: hi"]), "notes.txt");
    const created = (await (
      await server.fetch("/api/meetings/upload", { method: "POST", body: form, headers: { cookie } })
    ).json()) as { id: number };
    await waitForStatus(created.id, ["Processed", "Failed"]);
    const refused = await server.fetch(`/api/meetings/${created.id}/transcribe`, {
      method: "POST",
      headers: { cookie },
    });
    expect(refused.status).toBe(409);
    const other = await registerAndSignIn(server);
    const foreign = await server.fetch(`/api/meetings/${created.id}/transcribe`, {
      method: "POST",
      headers: { cookie: other.cookie },
    });
    expect(foreign.status).toBe(404);
  });
});

describe("capabilities left unconfigured", () => {
  test("OPENAI_* serves speech and chat, embeddings go to their own server, the rest stays local", async () => {
    const only = await startTestServer({
      OPENAI_API_KEY: "sk-speech",
      OPENAI_BASE_URL: speech.baseURL,
      EMBEDDINGS_BASE_URL: embeddings.baseURL,
      EMBEDDINGS_API_KEY: "sk-embeddings",
    });
    const speechOnly = await startTestServer({ SPEECH_BASE_URL: speech.baseURL, SPEECH_API_KEY: "sk-speech" });
    try {
      const mixed = (await (await only.fetch("/api/health")).json()).ai;
      expect(mixed.speech).toEqual({ engine: "self-hosted:whisper-1", draft: false });
      expect(mixed.summary).toEqual({ engine: "self-hosted:gpt-4o-mini" });
      expect(mixed.embeddings).toEqual({ engine: "self-hosted:text-embedding-3-small" });
      const local = (await (await speechOnly.fetch("/api/health")).json()).ai;
      expect(local.speech).toEqual({ engine: "self-hosted:whisper-1", draft: false });
      expect(local.summary).toEqual({ engine: "local" });
      expect(local.embeddings.engine).toStartWith("local:");
    } finally {
      await only.stop();
      await speechOnly.stop();
    }
  });
});
