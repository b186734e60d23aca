// Offline speech end to end, with no double anywhere: real speech made with flite is uploaded, converted by ffmpeg,
// recognised by pocketsphinx, summarised and indexed by the local engine, and found by Meeting Intelligence. The
// transcript is recorded as a draft made by pocketsphinx. Skipped, saying so, without pocketsphinx or flite.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hasOfflineSpeechTools, speak } from "@cm/ai/test-support/speak";
import { json, registerAndSignIn } from "./auth-helpers";
import { waitForMeetingStatus } from "./support/meeting-steps";
import { startTestServer, type TestServer, WITH_WORKER } from "./test-server";

const speechToolsReady = hasOfflineSpeechTools();

const SENTENCES = [
  "Good morning and thank you for coming in.",
  "Let us review the retirement portfolio today.",
  "The college savings plan is doing well.",
  "Please send the tax documents next week.",
];

describe.skipIf(!speechToolsReady)("offline speech: upload, ffmpeg, pocketsphinx, summary, indexing, search", () => {
  let server: TestServer;
  let cookie: string;
  let clientId: number;
  let dir: string;
  let recording: Uint8Array<ArrayBuffer>;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "cm-offline-speech-"));
    await speak(join(dir, "meeting.wav"), SENTENCES);
    recording = new Uint8Array(await Bun.file(join(dir, "meeting.wav")).arrayBuffer());
    // No OPENAI_API_KEY, no SPEECH_*: offline speech is what the server has.
    server = await startTestServer({ ...WITH_WORKER });
    ({ cookie } = await registerAndSignIn(server));
    const created = await server.fetch(
      "/api/clients",
      json({ name: "Okafor Family", type: "Wealth Management" }, cookie),
    );
    clientId = (await created.json()).id;
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const waitForStatus = (id: number, statuses: string[], timeoutMs = 60_000) =>
    waitForMeetingStatus(server, cookie, id, statuses, timeoutMs);

  test("/api/health names pocketsphinx as the (draft) speech engine and the local engine for the rest", async () => {
    const health = await (await server.fetch("/api/health")).json();
    expect(health.ai.transcription).toBe(true);
    expect(health.ai.speech).toEqual({ engine: "pocketsphinx", draft: true });
    expect(health.ai.summary).toEqual({ engine: "local" });
    expect(health.ai.embeddings.engine).toStartWith("local:");
  });

  test("a recording is transcribed offline into a draft with times, summarised, indexed and found", async () => {
    const form = new FormData();
    form.set(
      "meetingData",
      JSON.stringify({ title: "Portfolio check-in", clientId, date: "2026-05-04T12:00:00Z", type: "Uploaded" }),
    );
    form.set("audioFile", new Blob([recording], { type: "audio/wav" }), "meeting.wav");
    const response = await server.fetch("/api/meetings/upload", { method: "POST", body: form, headers: { cookie } });
    expect(response.status).toBe(201);
    const created = (await response.json()) as { id: number; status: string };
    expect(created.status).toBe("Processing");

    const done = await waitForStatus(created.id, ["Processed", "Failed"]);
    expect(done.failureReason).toBeNull();
    expect(done.status).toBe("Processed");
    expect(done.duration).toBeGreaterThanOrEqual(8);
    expect(done.transcript.engine).toBe("pocketsphinx");
    expect(done.transcript.draft).toBe(true);
    // No speech service: nothing better to offer yet.
    expect(done.canTranscribeAgain).toBe(false);
    expect(done.transcript.segments.length).toBeGreaterThanOrEqual(3);
    for (const segment of done.transcript.segments) expect(segment.start).toBeGreaterThanOrEqual(0);
    const text = done.transcript.fullText.toLowerCase();
    for (const word of ["retirement", "portfolio", "college", "savings", "documents"]) expect(text).toContain(word);
    expect(done.summary.engine).toBe("local");
    expect(done.summary.executiveSummary.length).toBeGreaterThan(0);

    const [chunks] = await server.ctx.db.sql<{ n: number }[]>`
      select count(*)::int as n from chunks where meeting_id = ${created.id}`;
    expect(chunks!.n).toBeGreaterThan(0);
    const search = await server.fetch(
      "/api/search",
      json({ query: "What did we say about the college savings plan?" }, cookie),
    );
    expect(search.status).toBe(200);
    const answer = (await search.json()) as { result: string; sources: { meetingId: number }[] };
    expect(answer.sources.map((source) => source.meetingId)).toContain(created.id);

    // Transcribing again needs a speech service; pocketsphinx again would make the same draft.
    const again = await server.fetch(`/api/meetings/${created.id}/transcribe`, { method: "POST", headers: { cookie } });
    expect(again.status).toBe(503);
    const refusal = (await again.json()).message;
    expect(refusal).toContain("speech service");
    // Written for the advisor: no setting names (those are the operator's, in docs/operating.md).
    expect(refusal).not.toMatch(/OPENAI_API_KEY|SPEECH_BASE_URL/);
  }, 90_000);
});
