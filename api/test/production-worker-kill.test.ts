// `kill -9` of the process running the job worker (the production process, `bun run start`, worker on its own thread,
// pocketsphinx offline) leaves none of its tools running. The finding: its ffmpeg / pocketsphinx children went on
// for about 25 s, orphaned. They are started through setpriv's parent-death signal (ai/src/audio/die-with-parent.ts),
// so the kernel kills them with the process. This is the production wiring's check; on this tone pocketsphinx also
// dies of SIGPIPE at its next line of output, so the reproduction that fails without the signal is
// api/src/worker/tool-children.test.ts (a child that never writes).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findPocketsphinx } from "@cm/ai/local";
import { ffmpegMissing, makeTone } from "@cm/ai/test-support/tone-recording";
import { createProductionAccount, processesNaming, uploadToProduction } from "./support/production-account";
import { type ProductionProcess, startProductionProcess } from "./support/production-process";

const missing =
  ffmpegMissing() ??
  (findPocketsphinx()
    ? undefined
    : "pocketsphinx is not installed (apt-get install pocketsphinx pocketsphinx-en-us)") ??
  (existsSync("/proc/self/status") ? undefined : "no /proc to read processes from");
if (missing) console.warn(`[production worker kill] skipped: ${missing}`);

/** The process's `/proc` state letter (R, S, Z, …), or "gone". A zombie (Z) is dead: it only waits to be reaped. */
function processState(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0] ?? "gone";
  } catch {
    return "gone";
  }
}
const running = (pid: number) => !["Z", "X", "gone"].includes(processState(pid));
const parentOf = (pid: number) => Number(/^PPid:\s+(\d+)$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
/** The program a `ps -eo pid=,args=` line runs (its first word's last path part). */
const programOf = (line: string) => (line.trim().split(/\s+/)[1] ?? "").split("/").pop() ?? "";

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await Bun.sleep(100);
  }
  return true;
}

describe.skipIf(missing !== undefined)("kill -9 of the worker's process during transcription", () => {
  let app: ProductionProcess;
  let dir: string;
  const tools: number[] = [];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "cm-worker-kill-"));
    app = await startProductionProcess({
      SESSION_SECRET: "worker-kill-suite-secret-".padEnd(64, "x"),
      LOCAL_EMBEDDER: "hashing",
      JOB_AUDIO_STEP_SECONDS: "600",
    });
  }, 320_000);
  afterAll(async () => {
    // Whatever outlived a failed test is ended here, not left to run on.
    for (const pid of tools.filter(running)) process.kill(pid, "SIGKILL");
    await app?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test("leaves no ffmpeg or pocketsphinx running", async () => {
    const path = join(dir, "long.mp3");
    await makeTone(path, { seconds: 20 * 60, bitrateKbps: 32, sampleRate: 16_000, channels: 1 });
    const account = await createProductionAccount(app);
    const bytes = new Uint8Array(await Bun.file(path).arrayBuffer());
    await uploadToProduction(app, account, { name: "long.mp3", type: "audio/mpeg", bytes });
    const isRecogniser = (line: string) => programOf(line).startsWith("pocketsphinx");
    expect(await until(async () => (await processesNaming(app.dataDir)).some(isRecogniser), 120_000)).toBe(true);
    const lines = await processesNaming(app.dataDir);
    tools.push(...lines.map((line) => Number(line.trim().split(/\s+/)[0])));
    const recogniser = Number(lines.find(isRecogniser)!.trim().split(/\s+/)[0]);
    const worker = parentOf(recogniser);

    process.kill(worker, "SIGKILL");
    await until(() => !running(worker), 10_000);
    await until(() => !tools.some(running), 10_000);
    expect(tools.filter(running).map((pid) => `${pid} ${processState(pid)}`)).toEqual([]);
  }, 400_000);
});
