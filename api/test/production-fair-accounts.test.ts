// Fair by work, not by account count (issue 27), in the production process (`bun run start`, worker on its own
// thread, pocketsphinx offline): three free accounts each run a long recording, more work than the worker's two
// slots; their jobs run in pieces and make way between pieces, so another account's short transcript is Processed
// while all three are still being transcribed. What is checked is the mechanism (the long jobs make way, the short
// meeting is not queued behind them); how long it takes is the fairness benchmark's figure (api/bench/fair-accounts.ts).
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
if (missing) console.warn(`[production fair accounts] skipped: ${missing}`);

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await Bun.sleep(200);
  }
  return true;
}

describe.skipIf(missing !== undefined)("three accounts with long recordings and a fourth with a short meeting", () => {
  let app: ProductionProcess;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "cm-fair-accounts-"));
    app = await startProductionProcess({
      SESSION_SECRET: "fair-accounts-suite-secret-".padEnd(64, "x"),
      LOCAL_EMBEDDER: "hashing",
    });
  }, 180_000);
  afterAll(async () => {
    await app?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test("the long jobs make way between pieces and the short meeting is Processed while all three still run", async () => {
    const path = join(dir, "long.mp3");
    await makeTone(path, { seconds: 40 * 60, bitrateKbps: 32, sampleRate: 16_000, channels: 1 });
    const recording = {
      name: "long.mp3",
      type: "audio/mpeg",
      bytes: new Uint8Array(await Bun.file(path).arrayBuffer()),
    };
    const heavy = [];
    for (let i = 0; i < 3; i++) {
      const account = await createProductionAccount(app);
      heavy.push({ account, id: await uploadToProduction(app, account, recording) });
    }
    // Three jobs, two slots: the account left waiting has been served least, so a running job makes way for it.
    expect(await until(() => app.output().includes('"job made way"'), 180_000)).toBe(true);

    const patient = await createProductionAccount(app);
    const transcript = { name: "call.vtt", type: "text/vtt", bytes: oneMinuteTranscript() };
    const took = await timeUntilProcessed(app, patient, await uploadToProduction(app, patient, transcript), 180_000);
    console.log(`one-minute transcript beside three accounts' 40-minute recordings: ${Math.round(took)} ms`);
    for (const { account, id } of heavy) expect((await meetingStatus(app, account, id)).status).toBe("Processing");

    for (const { account, id } of heavy) {
      const deleted = await app.request(`/api/meetings/${id}`, {
        method: "DELETE",
        headers: { cookie: account.cookie },
      });
      expect(deleted.status).toBe(200);
    }
    expect(await until(async () => (await processesNaming(app.dataDir)).length === 0, 15_000)).toBe(true);
  }, 600_000);
});
