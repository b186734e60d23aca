// Deleting a meeting stops its processing at once: the speech recogniser (pocketsphinx) and ffmpeg it started are
// killed and its temporary audio under DATA_DIR removed, within a second or two, with the worker on its own thread.
// Skipped, saying so, without pocketsphinx or ffmpeg.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findPocketsphinx } from "@cm/ai/local";
import { ffmpegMissing, makeTone } from "@cm/ai/test-support/tone-recording";
import { json } from "./auth-helpers";
import { uploadRecording } from "./support/meeting-steps";
import { createSignedInUser } from "./support/signed-in-user";
import { startTestServer, type TestServer, WITH_WORKER } from "./test-server";

const missing =
  ffmpegMissing() ??
  (findPocketsphinx() ? undefined : "pocketsphinx is not installed (apt-get install pocketsphinx pocketsphinx-en-us)");
if (missing) console.warn(`[delete cancels processing] skipped: ${missing}`);

/** Processes whose command line names `text` (our data folder): ours, not other suites'. */
async function processesNaming(text: string): Promise<string[]> {
  const ps = Bun.spawn({ cmd: ["ps", "-eo", "pid=,args="], stdout: "pipe" });
  const lines = (await new Response(ps.stdout).text()).split("\n");
  return lines.filter((line) => line.includes(text) && !line.includes(" ps "));
}

/** The recogniser itself (its program's name), not the ffmpeg that writes its input. */
const isRecogniser = (line: string) => (line.trim().split(" ")[1] ?? "").split("/").pop()?.startsWith("pocketsphinx");

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await Bun.sleep(100);
  }
  return true;
}

describe.skipIf(missing !== undefined)("deleting a meeting being transcribed", () => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "cm-delete-cancel-"));
    server = await startTestServer({ ...WITH_WORKER });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test("kills pocketsphinx and removes its temporary audio within seconds", async () => {
    const path = join(dir, "long.mp3");
    await makeTone(path, { seconds: 30 * 60, bitrateKbps: 32, sampleRate: 16_000, channels: 1 });
    const user = await createSignedInUser(server.ctx.db.sql, `cancel${Date.now()}`);
    const client = await server.fetch("/api/clients", json({ name: "Ashby Trust", type: "Trust" }, user.cookie));
    const clientId = (await client.json()).id as number;
    const uploaded = await uploadRecording(
      server,
      user.cookie,
      { title: "Half-hour review", clientId },
      { bytes: new Uint8Array(await Bun.file(path).arrayBuffer()), filename: "review.mp3", type: "audio/mpeg" },
    );
    expect(uploaded.status).toBe(201);
    const { id } = (await uploaded.json()) as { id: number };
    const dataDir = server.ctx.config.dataDir;
    const recognising = await until(async () => (await processesNaming(dataDir)).some(isRecogniser), 60_000);
    expect(recognising).toBe(true);
    const processingRoot = join(dataDir, "processing");
    expect(readdirSync(processingRoot).length).toBe(1);

    const deleted = await server.fetch(`/api/meetings/${id}`, { method: "DELETE", headers: { cookie: user.cookie } });
    expect(deleted.status).toBe(200);
    const deletedAt = Date.now();
    const stopped = await until(async () => (await processesNaming(dataDir)).length === 0, 10_000);
    const stoppedAfterMs = Date.now() - deletedAt;
    const left = () => (existsSync(processingRoot) ? readdirSync(processingRoot) : []);
    await until(() => left().length === 0, 5_000);
    const [job] = await server.ctx.db.sql`select 1 from jobs where meeting_id = ${id}`;
    // One comparison, so a failure says which of them did not happen (and what was left behind).
    expect({
      stopped,
      within5s: stoppedAfterMs < 5_000,
      leftInProcessing: left(),
      stillRunning: await processesNaming(dataDir),
      jobGone: job === undefined,
    }).toEqual({ stopped: true, within5s: true, leftInProcessing: [], stillRunning: [], jobGone: true });
  }, 120_000);
});
