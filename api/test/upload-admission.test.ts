// What an upload is let in with: its length counted from the audio (the container's estimate can be a tenth of the
// truth), the optional daily allowance of audio per account (PROCESSING_HOURS_PER_DAY), and Retry as one
// check-and-enqueue however many arrive at once.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ffmpegMissing, makeBypassRecording, makeTone, squeezeTimestamps } from "@cm/ai/test-support/tone-recording";
import { json } from "./auth-helpers";
import { uploadRecording } from "./support/meeting-steps";
import { createSignedInUser } from "./support/signed-in-user";
import { startTestServer, type TestServer } from "./test-server";

const missing = ffmpegMissing();
if (missing) console.warn(`[upload admission] recording tests skipped: ${missing}`);

/** A speech service on a closed port: uploads of audio are accepted; no worker runs here to call it. */
const SPEECH = { SPEECH_BASE_URL: "http://127.0.0.1:9/v1" };

let users = 0;
async function signedInWithClient(server: TestServer) {
  const user = await createSignedInUser(server.ctx.db.sql, `admission${Date.now()}${++users}`);
  const created = await server.fetch("/api/clients", json({ name: "Lindqvist Trust", type: "Trust" }, user.cookie));
  return { ...user, clientId: (await created.json()).id as number };
}

async function readBytes(path: string) {
  return new Uint8Array(await Bun.file(path).arrayBuffer());
}

describe.skipIf(missing !== undefined)("recordings measured at upload", () => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "cm-admission-"));
    // The 8-hour limit scaled down to 40 s, and a daily allowance of 0.02 h (72 s).
    server = await startTestServer({ ...SPEECH, MAX_RECORDING_SECONDS: "40", PROCESSING_HOURS_PER_DAY: "0.02" });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test("a high-bitrate head with a long low-bitrate tail is refused as too long (413), nothing stored", async () => {
    const path = join(dir, "bypass.mp3");
    await makeBypassRecording(path, 3, 90); // ffprobe guesses ~10 s; it is 93 s
    const user = await signedInWithClient(server);
    const response = await uploadRecording(
      server,
      user.cookie,
      { title: "Long call", clientId: user.clientId },
      { bytes: await readBytes(path), filename: "call.mp3", type: "audio/mpeg" },
    );
    expect(response.status).toBe(413);
    const body = (await response.json()) as { message: string };
    expect(body.message).toContain("recording is too long");
    expect(body.message).toContain("40 seconds");
    const list = await (await server.fetch("/api/meetings", { headers: { cookie: user.cookie } })).json();
    expect(list).toHaveLength(0);
  });

  test("past the daily allowance an upload answers 429 saying what is left and when it frees up", async () => {
    const path = join(dir, "thirty.mp3");
    await makeTone(path, { seconds: 30, bitrateKbps: 32, sampleRate: 16_000, channels: 1 });
    const bytes = await readBytes(path);
    const user = await signedInWithClient(server);
    const upload = () =>
      uploadRecording(
        server,
        user.cookie,
        { title: "Review", clientId: user.clientId },
        { bytes, filename: "review.mp3", type: "audio/mpeg" },
      );
    expect((await upload()).status).toBe(201);
    expect((await upload()).status).toBe(201);
    const refused = await upload();
    expect(refused.status).toBe(429);
    const { message } = (await refused.json()) as { message: string };
    expect(message).toContain("may process 1 min of audio a day");
    expect(message).toMatch(/1\d s is left/);
    expect(message).toMatch(/frees up at \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    // Another account has its own allowance.
    const other = await signedInWithClient(server);
    const theirs = await uploadRecording(
      server,
      other.cookie,
      { title: "Review", clientId: other.clientId },
      { bytes, filename: "review.mp3", type: "audio/mpeg" },
    );
    expect(theirs.status).toBe(201);
  });

  // Timestamps divided by 100 with `-c copy -bsf:a setts=ts=TS/100:duration=DURATION/100`: ffprobe and the packets'
  // durations say 0.3 s for 30 s of audio. Counted by packets, 10 hours were charged 366 s and slipped past both the
  // 8-hour cap and the daily allowance. Charged what they decode to, they do not.
  test("squeezed timestamps change nothing: the upload is charged its decoded length and refused past the limits", async () => {
    const real = join(dir, "thirty-real.mp3");
    const squeezed = join(dir, "thirty-squeezed.mka");
    const long = join(dir, "sixty-real.mp3");
    const longSqueezed = join(dir, "sixty-squeezed.mka");
    await makeTone(real, { seconds: 30, bitrateKbps: 32, sampleRate: 16_000, channels: 1 });
    await squeezeTimestamps(real, squeezed, 100);
    await makeTone(long, { seconds: 60, bitrateKbps: 32, sampleRate: 16_000, channels: 1 });
    await squeezeTimestamps(long, longSqueezed, 100);
    const user = await signedInWithClient(server);
    const upload = async (path: string) =>
      uploadRecording(
        server,
        user.cookie,
        { title: "Squeezed", clientId: user.clientId },
        { bytes: await readBytes(path), filename: "call.mka", type: "audio/x-matroska" },
      );

    // 60 s of audio over the 40 s cap, whatever its timestamps claim.
    const tooLong = await upload(longSqueezed);
    expect(tooLong.status).toBe(413);
    expect(((await tooLong.json()) as { message: string }).message).toContain("recording is too long");

    const first = await upload(squeezed);
    expect(first.status).toBe(201);
    const { id } = (await first.json()) as { id: number };
    const [meeting] = await server.ctx.db.sql<{ seconds: number }[]>`
      select audio_seconds as seconds from meetings where id = ${id}`;
    expect(meeting!.seconds).toBeGreaterThan(29);
    expect(meeting!.seconds).toBeLessThan(31.5);
    const usage = (await (await server.fetch("/api/usage", { headers: { cookie: user.cookie } })).json()) as {
      processing: { used: number; left: number };
    };
    expect(usage.processing.used).toBeGreaterThan(29);

    // 72 s a day: a second squeezed 30 s fits, a third does not.
    expect((await upload(squeezed)).status).toBe(201);
    const refused = await upload(squeezed);
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { code: string; used: number; left: number; limit: number };
    expect(body.code).toBe("processing_quota");
    expect(body.limit).toBe(72);
    expect(body.used).toBeGreaterThan(58);
    expect(body.left).toBeLessThan(14);
  });
});

describe("retry", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  test("six parallel retries of a failed meeting queue exactly one job; the others answer 409", async () => {
    const user = await signedInWithClient(server);
    const form = new FormData();
    form.set(
      "meetingData",
      JSON.stringify({ title: "Check-in", clientId: user.clientId, date: "2026-05-04T12:00:00Z", type: "Uploaded" }),
    );
    form.set("audioFile", new Blob(["Advisor: Good morning.\nClient: Morning.\n"], { type: "text/plain" }), "a.txt");
    const uploaded = await server.fetch("/api/meetings/upload", {
      method: "POST",
      body: form,
      headers: { cookie: user.cookie },
    });
    expect(uploaded.status).toBe(201);
    const { id } = (await uploaded.json()) as { id: number };
    const { sql } = server.ctx.db;
    // As the worker leaves it when processing failed for good.
    await sql`update jobs set status = 'failed', last_error = 'Summary failed: timed out' where meeting_id = ${id}`;
    await sql`update meetings set status = 'Failed', failure_reason = 'Summary failed: timed out' where id = ${id}`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        server.fetch(`/api/meetings/${id}/retry`, { method: "POST", headers: { cookie: user.cookie } }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    const [queued] = await sql<{ count: number }[]>`
      select count(*)::int as count from jobs where meeting_id = ${id} and status in ('queued', 'running')`;
    expect(queued!.count).toBe(1);
  });

  test("a note's indexing job waiting for the meeting does not hold its retry back", async () => {
    const user = await signedInWithClient(server);
    const form = new FormData();
    form.set(
      "meetingData",
      JSON.stringify({ title: "Review", clientId: user.clientId, date: "2026-05-04T12:00:00Z", type: "Uploaded" }),
    );
    form.set("audioFile", new Blob(["Advisor: Hello.\nClient: Hi.\n"], { type: "text/plain" }), "b.txt");
    const uploaded = await server.fetch("/api/meetings/upload", {
      method: "POST",
      body: form,
      headers: { cookie: user.cookie },
    });
    const { id } = (await uploaded.json()) as { id: number };
    const { sql } = server.ctx.db;
    await sql`update jobs set status = 'failed', last_error = 'Summary failed' where meeting_id = ${id}`;
    await sql`update meetings set status = 'Failed', failure_reason = 'Summary failed' where id = ${id}`;
    const note = await server.fetch("/api/notes", {
      method: "POST",
      headers: { cookie: user.cookie, "content-type": "application/json" },
      body: JSON.stringify({ meetingId: id, content: "Ask about the trust deed." }),
    });
    expect(note.status).toBe(200);
    const [waiting] = await sql<{ count: number }[]>`
      select count(*)::int as count from jobs where meeting_id = ${id} and kind <> 'process-meeting'
        and status = 'queued'`;
    expect(waiting!.count).toBe(1);
    const retried = await server.fetch(`/api/meetings/${id}/retry`, {
      method: "POST",
      headers: { cookie: user.cookie },
    });
    expect(retried.status).toBe(200);
  });
});
