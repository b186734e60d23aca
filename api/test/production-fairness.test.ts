// Fairness in the production process (`bun run start`, worker on its own thread, pocketsphinx offline): while one
// account's two long recordings are being transcribed, another account's one-minute transcript is Processed about
// as fast as it was with the queue empty (its own baseline, in this run); deleting the long meetings leaves no
// pocketsphinx or ffmpeg behind. Skipped, saying so, without pocketsphinx or ffmpeg.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findPocketsphinx } from "@cm/ai/local";
import { ffmpegMissing, makeTone } from "@cm/ai/test-support/tone-recording";
import {
  createProductionAccount,
  meetingStatus,
  oneMinuteTranscript,
  processesNaming,
  timeUntilProcessed,
  uploadToProduction,
} from "./support/production-account";
import { type ProductionProcess, startProductionProcess } from "./support/production-process";

const missing =
  ffmpegMissing() ??
  (findPocketsphinx() ? undefined : "pocketsphinx is not installed (apt-get install pocketsphinx pocketsphinx-en-us)");
if (missing) console.warn(`[production fairness] skipped: ${missing}`);

describe.skipIf(missing !== undefined)("one account's long recordings and another account's transcript", () => {
  let app: ProductionProcess;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "cm-fairness-"));
    app = await startProductionProcess({
      SESSION_SECRET: "fairness-suite-secret-".padEnd(64, "x"),
      LOCAL_EMBEDDER: "hashing",
    });
  }, 180_000);
  afterAll(async () => {
    await app?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test("the other account's transcript is not queued behind them; deleting them ends their processes", async () => {
    const transcript = { name: "call.vtt", type: "text/vtt", bytes: oneMinuteTranscript() };
    const patient = await createProductionAccount(app);
    const baseline = await timeUntilProcessed(app, patient, await uploadToProduction(app, patient, transcript), 60_000);

    // 40 minutes each: pocketsphinx needs minutes for one on this machine, so both would hold both slots for minutes.
    const path = join(dir, "long.mp3");
    await makeTone(path, { seconds: 40 * 60, bitrateKbps: 32, sampleRate: 16_000, channels: 1 });
    const recording = {
      name: "long.mp3",
      type: "audio/mpeg",
      bytes: new Uint8Array(await Bun.file(path).arrayBuffer()),
    };
    const heavy = await createProductionAccount(app);
    const long = [await uploadToProduction(app, heavy, recording), await uploadToProduction(app, heavy, recording)];
    const recognising = async () =>
      (await processesNaming(app.dataDir)).some((line) => (line.trim().split(" ")[1] ?? "").includes("pocketsphinx"));
    const deadline = Date.now() + 90_000;
    while (!(await recognising()) && Date.now() < deadline) await Bun.sleep(200);
    expect(await recognising()).toBe(true);

    const loaded = await timeUntilProcessed(app, patient, await uploadToProduction(app, patient, transcript), 120_000);
    console.log(
      `one-minute transcript: ${Math.round(baseline)} ms alone, ${Math.round(loaded)} ms beside two long recordings`,
    );
    expect(loaded).toBeLessThan(baseline * 3 + 30_000);
    for (const id of long) expect((await meetingStatus(app, heavy, id)).status).toBe("Processing");

    for (const id of long) {
      const deleted = await app.request(`/api/meetings/${id}`, { method: "DELETE", headers: { cookie: heavy.cookie } });
      expect(deleted.status).toBe(200);
    }
    const deletedAt = Date.now();
    while ((await processesNaming(app.dataDir)).length > 0 && Date.now() - deletedAt < 15_000) await Bun.sleep(100);
    expect(await processesNaming(app.dataDir)).toEqual([]);
    expect(Date.now() - deletedAt).toBeLessThan(5_000);
  }, 400_000);
});
