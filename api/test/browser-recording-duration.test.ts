// Issue 37: a meeting recorded in the browser had no length: MediaRecorder's WebM is written as it streams, without a
// duration or cues (ffprobe: "Duration: N/A"), so the player showed no total and could not seek. The same file is made
// here by ffmpeg's WebM muxer writing to a pipe (it cannot go back to fill the header in either), sent as the browser
// sends a recording (tus, deferred length), and the recording served for the meeting must state its duration.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { speak } from "@cm/ai/test-support/speak";
import { hasSystemTools } from "@cm/ai/test-support/system-tools";
import { json } from "./auth-helpers";
import { createSignedInUser } from "./support/signed-in-user";
import { createUpload, patchUpload, recordingData } from "./support/tus-steps";
import { startTestServer, type TestServer } from "./test-server";

const tools = hasSystemTools(["flite", "ffmpeg", "ffprobe"]);

/** The container's duration as ffprobe reads it, or "N/A". */
async function containerDuration(path: string): Promise<string> {
  const proc = Bun.spawn(
    ["ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "default=noprint_wrappers=1:nokey=1", path],
    { stdout: "pipe", stderr: "pipe" },
  );
  const out = await new Response(proc.stdout).text();
  await proc.exited;
  return out.trim();
}

/** Speech encoded to Opus in WebM, written to a pipe as MediaRecorder writes it: no duration, no cues. */
async function streamedWebm(wav: string): Promise<Uint8Array<ArrayBuffer>> {
  const proc = Bun.spawn(
    ["ffmpeg", "-nostdin", "-v", "error", "-i", wav, "-c:a", "libopus", "-b:a", "48k", "-f", "webm", "pipe:1"],
    { stdout: "pipe", stderr: "pipe" },
  );
  const bytes = new Uint8Array(await new Response(proc.stdout).arrayBuffer());
  expect(await proc.exited).toBe(0);
  return bytes;
}

describe.skipIf(!tools)("a recording made in the browser", () => {
  let server: TestServer;
  let dir: string;
  let webm: Uint8Array<ArrayBuffer>;
  let spokenSeconds: number;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "cm-browser-duration-"));
    const wav = join(dir, "speech.wav");
    await speak(wav, ["We agreed to rebalance the portfolio.", "The next review is in June."]);
    spokenSeconds = Number(await containerDuration(wav));
    webm = await streamedWebm(wav);
    server = await startTestServer({ SPEECH_BASE_URL: "http://127.0.0.1:9/v1" });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test("as the browser makes it, the file has no duration (the finding, reproduced)", async () => {
    const path = join(dir, "as-recorded.webm");
    await writeFile(path, webm);
    expect(await containerDuration(path)).toBe("N/A");
  });

  test("is stored with its duration: the recording served for the meeting states how long it is", async () => {
    const user = await createSignedInUser(server.ctx.db.sql, `webm${Date.now()}`);
    const client = await server.fetch(
      "/api/clients",
      json({ name: "Okafor Family Trust", type: "Trust" }, user.cookie),
    );
    const data = recordingData((await client.json()).id);
    const created = await createUpload(server, user.cookie, data, undefined, "audio/webm");
    expect(created.status).toBe(201);
    const location = created.headers.get("location")!;
    // Slices as the recorder sends them; the last one says the length.
    const half = Math.floor(webm.length / 2);
    expect((await patchUpload(server, user.cookie, location, 0, webm.slice(0, half))).status).toBe(204);
    const last = await patchUpload(server, user.cookie, location, half, webm.slice(half), {
      "upload-length": String(webm.length),
    });
    expect(last.status).toBe(204);
    const meetingId = last.headers.get("meeting-id")!;

    const served = await server.fetch(`/api/meetings/${meetingId}/audio`, { headers: { cookie: user.cookie } });
    expect(served.status).toBe(200);
    const path = join(dir, "served.webm");
    await writeFile(path, new Uint8Array(await served.arrayBuffer()));
    const duration = await containerDuration(path);
    expect(duration).not.toBe("N/A");
    expect(Math.abs(Number(duration) - spokenSeconds)).toBeLessThan(0.2);

    // What the account's storage counts is the stored file (beside the account's rows in the database).
    const usage = await (await server.fetch("/api/usage", { headers: { cookie: user.cookie } })).json();
    expect(usage.storage.used - usage.dataBytes).toBe(Number(served.headers.get("content-length")));
  });
});
