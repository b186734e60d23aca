// Fairness of the job worker, measured on the production process (`bun run start`, worker on its own thread,
// pocketsphinx offline): one account uploads two long recordings and a 10 MB transcript; another account's one-minute
// transcript is timed from upload to Processed, three times, against its time with the queue empty. Then the long
// meetings are deleted and the time until their pocketsphinx/ffmpeg processes are gone is measured. On the embedded
// database, and on native PostgreSQL when BENCH_DATABASE_URL (a server URL; a scratch database is created and
// dropped) or TEST_DATABASE_URL is set. Bounded: every wait has a deadline; about 11 minutes for two 7.9-hour recordings
// (FAIRNESS_RECORDING_MINUTES=475) on both databases.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findPocketsphinx } from "@cm/ai/local";
import { ffmpegMissing, makeTone } from "@cm/ai/test-support/tone-recording";
import {
  createProductionAccount,
  oneMinuteTranscript,
  processesNaming,
  timeUntilProcessed,
  uploadToProduction,
} from "../test/support/production-account";
import { startProductionProcess } from "../test/support/production-process";
import { buildMeetingVtt } from "./support/one-hour-vtt";
import { scratchDatabase } from "./support/scratch-database";

const RECORDING_MINUTES = Number(process.env.FAIRNESS_RECORDING_MINUTES || 60);
const missing = ffmpegMissing() ?? (findPocketsphinx() ? undefined : "pocketsphinx is not installed");
if (missing) {
  console.log(`fairness bench skipped: ${missing}`);
  process.exit(0);
}

/** A transcript just under the 10 MB limit: a conversation of some hundred hours. */
function tenMegabyteTranscript(): Uint8Array {
  const hourBytes = buildMeetingVtt(60).text.length;
  const minutes = Math.floor(((9.5 * 1024 * 1024) / hourBytes) * 60);
  return new TextEncoder().encode(buildMeetingVtt(minutes).text);
}

interface Row {
  database: string;
  aloneMs: number;
  besideMs: number[];
  /** The heavy account's child processes running as each timing began. */
  toolsBeside: string[];
  childrenGoneMs: number;
}

async function measure(database: string, env: Record<string, string>, recordingPath: string): Promise<Row> {
  const app = await startProductionProcess({
    SESSION_SECRET: "fairness-bench-secret-".padEnd(64, "x"),
    LOCAL_EMBEDDER: "hashing",
    ...env,
  });
  try {
    const transcript = { name: "call.vtt", type: "text/vtt", bytes: oneMinuteTranscript() };
    const patient = await createProductionAccount(app);
    const aloneMs = await timeUntilProcessed(app, patient, await uploadToProduction(app, patient, transcript), 60_000);
    const heavy = await createProductionAccount(app);
    const recording = {
      name: "long.mp3",
      type: "audio/mpeg",
      bytes: new Uint8Array(await Bun.file(recordingPath).arrayBuffer()),
    };
    const long = [
      await uploadToProduction(app, heavy, recording),
      await uploadToProduction(app, heavy, recording),
      await uploadToProduction(app, heavy, { name: "big.vtt", type: "text/vtt", bytes: tenMegabyteTranscript() }),
    ];
    // Long recordings are first measured and decoded (minutes for 8 hours of audio): wait until speech
    // recognition itself runs, so that the timing below is taken beside it, and say which tools were running.
    const deadline = Date.now() + 900_000;
    const running = async () =>
      (await processesNaming(app.dataDir)).map((line) => (line.trim().split(/\s+/)[1] ?? "").split("/").pop() ?? "");
    while (!(await running()).some((tool) => tool.includes("pocketsphinx")) && Date.now() < deadline) {
      await Bun.sleep(500);
    }
    const besideMs: number[] = [];
    const toolsBeside: string[] = [];
    for (let i = 0; i < 3; i++) {
      toolsBeside.push([...new Set(await running())].sort().join("+") || "none");
      besideMs.push(
        await timeUntilProcessed(app, patient, await uploadToProduction(app, patient, transcript), 180_000),
      );
    }
    for (const id of long)
      await app.request(`/api/meetings/${id}`, { method: "DELETE", headers: { cookie: heavy.cookie } });
    const deletedAt = performance.now();
    while ((await processesNaming(app.dataDir)).length > 0 && performance.now() - deletedAt < 30_000)
      await Bun.sleep(50);
    return { database, aloneMs, besideMs, toolsBeside, childrenGoneMs: performance.now() - deletedAt };
  } finally {
    await app.stop();
  }
}

const dir = await mkdtemp(join(tmpdir(), "cm-bench-fairness-"));
const recordingPath = join(dir, "long.mp3");
await makeTone(recordingPath, { seconds: RECORDING_MINUTES * 60, bitrateKbps: 32, sampleRate: 16_000, channels: 1 });
const rows: Row[] = [];
try {
  rows.push(await measure("embedded (PGlite)", {}, recordingPath));
  const server = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (server) {
    const scratch = await scratchDatabase(server);
    try {
      rows.push(await measure("native PostgreSQL", { DATABASE_URL: scratch.url }, recordingPath));
    } finally {
      await scratch.drop();
    }
  } else console.log("native PostgreSQL skipped: set BENCH_DATABASE_URL=postgres://... to measure it");
} finally {
  await rm(dir, { recursive: true, force: true });
}

const ms = (value: number) => `${Math.round(value).toLocaleString("en")} ms`;
console.log(
  `\nAnother account's 1-minute transcript, upload to Processed, while one account has two ${RECORDING_MINUTES}-minute recordings and a 10 MB transcript queued:\n`,
);
console.log(
  "| database | queue empty | beside the long work (3 runs) | running beside | long meetings deleted: children gone after |",
);
console.log("|---|---|---|---|---|");
for (const row of rows) {
  console.log(
    `| ${row.database} | ${ms(row.aloneMs)} | ${row.besideMs.map(ms).join(", ")} | ${row.toolsBeside.join(", ")} | ${ms(row.childrenGoneMs)} |`,
  );
}
