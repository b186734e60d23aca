// The whole pipeline with the openai engine against the loopback OpenAI double: audio generated here is
// uploaded, transcribed, summarised, indexed and served back with HTTP Range; speech-service faults are
// retried, and a fault that never clears ends in Failed with a readable reason that a retry can fix.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateAudio } from "@cm/ai/test-support/generate-audio";
import { type OpenAiDouble, startOpenAiDouble } from "@cm/ai/test-support/openai-double";
import { hasSystemTools } from "@cm/ai/test-support/system-tools";
import { json, registerAndSignIn } from "./auth-helpers";
import { uploadRecording as uploadRecordingAs, waitForMeetingStatus } from "./support/meeting-steps";
import { startTestServer, type TestServer, WITH_WORKER } from "./test-server";

const ffmpegReady = hasSystemTools(["ffmpeg", "ffprobe"]);

const TRANSCRIPTIONS = "/v1/audio/transcriptions";
let double: OpenAiDouble;
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
  return (await response.json()) as { id: number; status: string };
}

const waitForStatus = (id: number, statuses: string[], timeoutMs = 25_000) =>
  waitForMeetingStatus(server, cookie, id, statuses, timeoutMs);

beforeAll(async () => {
  if (!ffmpegReady) return;
  double = startOpenAiDouble({ apiKey: "sk-test" });
  dir = await mkdtemp(join(tmpdir(), "cm-pipeline-"));
  await generateAudio(join(dir, "meeting.mp3"), [{ tone: 12 }, { silence: 2 }, { tone: 9 }]);
  recording = new Uint8Array(await Bun.file(join(dir, "meeting.mp3")).arrayBuffer());
  // Short waits between the engine's own retries keep the test quick; the job queue retries on top.
  server = await startTestServer({
    ...WITH_WORKER,
    OPENAI_API_KEY: "sk-test",
    OPENAI_BASE_URL: double.baseURL,
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
  if (!ffmpegReady) return;
  await server.stop();
  await double.stop();
  await rm(dir, { recursive: true, force: true });
});

const transcriptionCalls = () => double.requests.filter((r) => r.path === TRANSCRIPTIONS).length;

describe.skipIf(!ffmpegReady)("audio through the openai engine", () => {
  test("a recording is transcribed, summarised and indexed; its duration comes from the audio", async () => {
    const created = await uploadRecording("Quarterly review");
    expect(created.status).toBe("Processing");
    const done = await waitForStatus(created.id, ["Processed", "Failed"]);
    expect(done.status).toBe("Processed");
    expect(done.duration).toBeGreaterThanOrEqual(22);
    expect(done.duration).toBeLessThanOrEqual(24);
    expect(done.transcript.segments.length).toBeGreaterThan(0);
    expect(done.summary.executiveSummary.length).toBeGreaterThan(0);
    const [chunks] = await server.ctx.db.sql<{ n: number; models: string[] }[]>`
      select count(*)::int as n, array_agg(distinct embedding_model) as models from chunks where meeting_id = ${created.id}`;
    expect(chunks!.n).toBeGreaterThan(0);
    expect(chunks!.models).toEqual([server.ctx.ai.embedder.model]);
  });

  test("the stored recording is served whole and by byte range for seeking", async () => {
    const created = await uploadRecording("Range check");
    await waitForStatus(created.id, ["Processed", "Failed"]);
    const whole = await server.fetch(`/api/meetings/${created.id}/audio`, { headers: { cookie } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(recording);
    const part = await server.fetch(`/api/meetings/${created.id}/audio`, {
      headers: { cookie, range: "bytes=100-199" },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-199/${recording.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(recording.slice(100, 200));
    const tail = await server.fetch(`/api/meetings/${created.id}/audio`, { headers: { cookie, range: "bytes=-10" } });
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(recording.slice(-10));
    const beyond = await server.fetch(`/api/meetings/${created.id}/audio`, {
      headers: { cookie, range: `bytes=${recording.length + 5}-` },
    });
    expect(beyond.status).toBe(416);
  });

  test("a speech-service error that clears on retry still ends Processed", async () => {
    const before = transcriptionCalls();
    double.failNext({ path: TRANSCRIPTIONS, status: 500 }, { path: TRANSCRIPTIONS, status: 429 });
    const created = await uploadRecording("Flaky service");
    const done = await waitForStatus(created.id, ["Processed", "Failed"]);
    expect(done.status).toBe("Processed");
    expect(transcriptionCalls() - before).toBeGreaterThanOrEqual(3);
  });

  test("an error that never clears ends Failed with a readable reason; retry then succeeds", async () => {
    // More faults than the engine's retries times the queue's attempts.
    const faults = Array.from({ length: 40 }, () => ({ path: TRANSCRIPTIONS, status: 503 }));
    double.failNext(...faults);
    const created = await uploadRecording("Service down");
    const failed = await waitForStatus(created.id, ["Processed", "Failed"], 60_000);
    expect(failed.status).toBe("Failed");
    expect(failed.failureReason).toMatch(/speech|AI service|unavailable|try again/i);
    expect(failed.failureReason).not.toMatch(/at .*\.ts:\d+/); // no stack trace
    // The outage ends (what is left of its faults is used up), then the user retries from the meeting page.
    await drainFaults();
    const retried = await server.fetch(`/api/meetings/${created.id}/retry`, { method: "POST", headers: { cookie } });
    expect(retried.status).toBeLessThan(300);
    const done = await waitForStatus(created.id, ["Processed", "Failed"]);
    expect(done.status).toBe("Processed");
    expect(done.failureReason ?? null).toBeNull();
  }, 90_000);
});

describe.skipIf(!ffmpegReady)("a job pays for each step once", () => {
  const CHAT = "/v1/chat/completions";
  const chatCalls = () => double.requests.filter((r) => r.path === CHAT).length;

  test("a summary that fails for good keeps its transcript: Retry summarises without transcribing again", async () => {
    const transcriptionsBefore = transcriptionCalls();
    // The chat service is down for longer than every retry of every attempt.
    double.failNext(...Array.from({ length: 60 }, () => ({ path: CHAT, status: 503 })));
    const created = await uploadRecording("Chat outage");
    const failed = await waitForStatus(created.id, ["Processed", "Failed"], 60_000);
    expect(failed.status).toBe("Failed");
    // Speech was recognised once, however many times the summary step was tried.
    expect(transcriptionCalls() - transcriptionsBefore).toBe(1);
    await drainChatFaults();
    const retried = await server.fetch(`/api/meetings/${created.id}/retry`, { method: "POST", headers: { cookie } });
    expect(retried.status).toBeLessThan(300);
    const done = await waitForStatus(created.id, ["Processed", "Failed"]);
    expect(done.status).toBe("Processed");
    expect(transcriptionCalls() - transcriptionsBefore).toBe(1);
    expect(done.transcript.segments.length).toBeGreaterThan(0);
  }, 90_000);

  test("an error that can never succeed fails at once with a readable reason; Retry resumes at the summary", async () => {
    const transcriptionsBefore = transcriptionCalls();
    const chatsBefore = chatCalls();
    const message = "The model `gpt-9` does not exist or you do not have access to it.";
    double.failNext({ path: CHAT, status: 404, code: "model_not_found", message });
    const created = await uploadRecording("Wrong model");
    const failed = await waitForStatus(created.id, ["Processed", "Failed"]);
    expect(failed.status).toBe("Failed");
    expect(failed.failureReason).toBe(
      `Summary failed: The AI service does not offer the configured model (check the *_MODEL setting): ${message}`,
    );
    // One chat call: not the engine's 4 tries times the queue's 5 attempts.
    expect(chatCalls() - chatsBefore).toBe(1);
    expect(transcriptionCalls() - transcriptionsBefore).toBe(1);
    const retried = await server.fetch(`/api/meetings/${created.id}/retry`, { method: "POST", headers: { cookie } });
    expect(retried.status).toBeLessThan(300);
    expect((await waitForStatus(created.id, ["Processed", "Failed"])).status).toBe("Processed");
    expect(transcriptionCalls() - transcriptionsBefore).toBe(1);
    expect(chatCalls() - chatsBefore).toBe(2);
  }, 60_000);

  test("a refusal ends the job at once with the model's words", async () => {
    const chatsBefore = chatCalls();
    double.failNext({ path: CHAT, refusal: "I'm sorry, but I can't help with that request." });
    const created = await uploadRecording("Refused");
    const failed = await waitForStatus(created.id, ["Processed", "Failed"]);
    expect(failed.status).toBe("Failed");
    expect(failed.failureReason).toBe(
      `Summary failed: The AI model refused to write the summary: "I'm sorry, but I can't help with that request."`,
    );
    expect(chatCalls() - chatsBefore).toBe(1);
  }, 60_000);

  test("indexing that fails for good keeps transcript and summary: Retry only indexes", async () => {
    const EMBEDDINGS = "/v1/embeddings";
    const transcriptionsBefore = transcriptionCalls();
    const chatsBefore = chatCalls();
    double.failNext(...Array.from({ length: 40 }, () => ({ path: EMBEDDINGS, status: 503 })));
    const created = await uploadRecording("Embeddings outage");
    const failed = await waitForStatus(created.id, ["Processed", "Failed"], 60_000);
    expect(failed.status).toBe("Failed");
    expect(failed.failureReason).toMatch(/^Search indexing failed: The AI service had an internal error \(503\)/);
    expect(failed.summary.executiveSummary.length).toBeGreaterThan(0);
    const chatsAtFailure = chatCalls();
    // The outage ends: what is left of its faults is used up.
    for (let i = 0; i < 40; i++) {
      const response = await fetch(`${double.baseURL}/embeddings`, {
        method: "POST",
        headers: { authorization: "Bearer sk-test", "content-type": "application/json" },
        body: JSON.stringify({ model: "text-embedding-3-small", input: "ping" }),
      });
      if (response.status === 200) break;
    }
    const retried = await server.fetch(`/api/meetings/${created.id}/retry`, { method: "POST", headers: { cookie } });
    expect(retried.status).toBeLessThan(300);
    expect((await waitForStatus(created.id, ["Processed", "Failed"])).status).toBe("Processed");
    expect(transcriptionCalls() - transcriptionsBefore).toBe(1);
    expect(chatCalls()).toBe(chatsAtFailure);
    expect(chatsAtFailure - chatsBefore).toBe(1);
  }, 90_000);

  test("a second run of a finished job transcribes and summarises nothing again", async () => {
    const created = await uploadRecording("Run twice");
    expect((await waitForStatus(created.id, ["Processed", "Failed"])).status).toBe("Processed");
    const transcriptions = transcriptionCalls();
    const chats = chatCalls();
    // The queue is at-least-once: the same job may run again after a crash.
    await server.ctx.db.sql`
      insert into jobs (kind, meeting_id, payload)
      values ('process-meeting', ${created.id}, ${server.ctx.db.sql.json({ meetingId: created.id })})`;
    server.ctx.jobs.wake();
    const deadline = Date.now() + 15_000;
    for (;;) {
      const [row] = await server.ctx.db.sql<{ n: number }[]>`
        select count(*)::int as n from jobs where meeting_id = ${created.id} and status in ('queued', 'running')`;
      if (row?.n === 0 || Date.now() > deadline) break;
      await Bun.sleep(100);
    }
    expect(transcriptionCalls()).toBe(transcriptions);
    expect(chatCalls()).toBe(chats);
    expect((await waitForStatus(created.id, ["Processed", "Failed"])).status).toBe("Processed");
  }, 60_000);
});

/** Consumes chat faults left in the double's queue. */
async function drainChatFaults() {
  for (let i = 0; i < 80; i++) {
    const response = await fetch(`${double.baseURL}/chat/completions`, {
      method: "POST",
      headers: { authorization: "Bearer sk-test", "content-type": "application/json" },
      body: JSON.stringify({ model: "gpt-4o-mini", messages: [{ role: "user", content: "ping" }] }),
    });
    if (response.status === 200) return;
  }
}

/** Consumes faults left in the double's queue with direct requests, so the service is "back". */
async function drainFaults() {
  for (let i = 0; i < 40; i++) {
    const response = await fetch(`${double.baseURL}/audio/transcriptions`, {
      method: "POST",
      headers: { authorization: "Bearer sk-test" },
      body: new FormData(),
    });
    if (response.status === 400) return; // "missing_file": the fault queue is empty
  }
}
