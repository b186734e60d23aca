// Deleting a meeting while it is indexed (the sentence encoder running on the worker thread) does not disturb another
// account, in the server as production wires it (worker on its own thread, pocketsphinx offline). The finding: each
// such delete made the stuck-thread watchdog end the worker thread about 10 s later (15 of 15), killing another
// account's pocketsphinx step and putting its job back with one more attempt (1 → 11 against a maximum of 5).
// Skipped, saying so, without pocketsphinx or ffmpeg.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findPocketsphinx } from "@cm/ai/local";
import { ffmpegMissing, makeTone } from "@cm/ai/test-support/tone-recording";
import { json } from "./auth-helpers";
import { buildLongTranscriptVtt } from "./support/long-transcript";
import { uploadRecording } from "./support/meeting-steps";
import { createSignedInUser } from "./support/signed-in-user";
import { startTestServer, type TestServer, WITH_WORKER } from "./test-server";

const missing =
  ffmpegMissing() ??
  (findPocketsphinx() ? undefined : "pocketsphinx is not installed (apt-get install pocketsphinx pocketsphinx-en-us)");
if (missing) console.warn(`[delete during indexing] skipped: ${missing}`);

/** The production watchdog's grace past a deadline (supervise-worker-thread.ts), and its once-a-second check. */
const WATCHDOG_GRACE_MS = 10_000 + 3_000;

async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(100);
  }
}

describe.skipIf(missing !== undefined)("deleting a meeting while it is indexed", () => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "cm-delete-indexing-"));
    // The production default embedder (the sentence encoder), so the delete lands in its batches.
    server = await startTestServer({ ...WITH_WORKER, LOCAL_EMBEDDER: "" });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function accountWithClient(name: string) {
    const user = await createSignedInUser(server.ctx.db.sql, `${name}${Date.now()}`);
    const client = await server.fetch("/api/clients", json({ name: "Ashby Trust", type: "Trust" }, user.cookie));
    return { ...user, clientId: (await client.json()).id as number };
  }

  const jobOf = async (meetingId: number) =>
    (
      await server.ctx.db.sql<{ status: string; attempts: number; progress: Record<string, unknown> }[]>`
        select status, attempts, progress from jobs where meeting_id = ${meetingId}`
    )[0];

  test("leaves the worker thread and another account's transcription, with its attempts, alone", async () => {
    const path = join(dir, "long.mp3");
    await makeTone(path, { seconds: 30 * 60, bitrateKbps: 32, sampleRate: 16_000, channels: 1 });
    const other = await accountWithClient("transcribing");
    const recording = await uploadRecording(
      server,
      other.cookie,
      { title: "Half-hour review", clientId: other.clientId },
      { bytes: new Uint8Array(await Bun.file(path).arrayBuffer()), filename: "review.mp3", type: "audio/mpeg" },
    );
    expect(recording.status).toBe(201);
    const otherMeeting = ((await recording.json()) as { id: number }).id;
    await until(async () => (await jobOf(otherMeeting))?.status === "running", "the other account's transcription");

    const owner = await accountWithClient("indexing");
    const form = new FormData();
    form.set(
      "meetingData",
      JSON.stringify({ title: "Long review", clientId: owner.clientId, date: "2026-05-04T12:00:00Z" }),
    );
    form.set("audioFile", new Blob([buildLongTranscriptVtt(600)], { type: "text/vtt" }), "review.vtt");
    const uploaded = await server.fetch("/api/meetings/upload", {
      method: "POST",
      body: form,
      headers: { cookie: owner.cookie },
    });
    expect(uploaded.status).toBe(201);
    const meeting = ((await uploaded.json()) as { id: number }).id;
    // A slice of the index is written: the job is in the sentence encoder's batches.
    await until(async () => (await jobOf(meeting))?.progress.index !== undefined, "the indexing to start");

    const deleted = await server.fetch(`/api/meetings/${meeting}`, {
      method: "DELETE",
      headers: { cookie: owner.cookie },
    });
    expect(deleted.status).toBe(200);
    // Long enough for a watchdog set off by the delete to have ended the thread.
    await Bun.sleep(WATCHDOG_GRACE_MS);

    const otherJob = await jobOf(otherMeeting);
    // One comparison, so a failure shows everything the delete disturbed.
    expect({
      cancelled: server.logger.lines.some((line) => line.msg === "job cancelled"),
      errors: server.logger.lines.filter((line) => line.level === "error").map((line) => line.msg),
      otherJob: { status: otherJob?.status, attempts: otherJob?.attempts },
    }).toEqual({ cancelled: true, errors: [], otherJob: { status: "running", attempts: 1 } });
  }, 300_000);
});
