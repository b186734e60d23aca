// Fair by work, not by account count (issue 27), measured on the production process (`bun run start`, worker on its
// own thread, pocketsphinx offline, hashing embedder): N free accounts (1, 2, 4, 8) each upload a long recording and a
// large transcript; once their work is under way, another account's one-minute transcript is timed from upload to
// Processed three times, while /api/health is asked every 100 ms. Then the long meetings are deleted. On the embedded
// database, and on native PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a scratch database).
// Bounded: every wait has a deadline. FAIR_RECORDING_MINUTES (default 120), FAIR_TRANSCRIPT_MB (default 2) and
// FAIR_ACCOUNTS (default "1,2,4,8") size it.
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
import { type ProductionProcess, startProductionProcess } from "../test/support/production-process";
import { buildMeetingVtt } from "./support/one-hour-vtt";
import { scratchDatabase } from "./support/scratch-database";

const RECORDING_MINUTES = Number(process.env.FAIR_RECORDING_MINUTES || 120);
const TRANSCRIPT_MB = Number(process.env.FAIR_TRANSCRIPT_MB || 2);
/** How long one short meeting is waited for. */
const WAIT_MS = Number(process.env.FAIR_WAIT_SECONDS || 300) * 1000;
const ACCOUNT_COUNTS = (process.env.FAIR_ACCOUNTS || "1,2,4,8").split(",").map(Number);
const missing = ffmpegMissing() ?? (findPocketsphinx() ? undefined : "pocketsphinx is not installed");
if (missing) {
  console.log(`fair-accounts bench skipped: ${missing}`);
  process.exit(0);
}

function transcriptOf(megabytes: number): Uint8Array {
  const hourBytes = buildMeetingVtt(60).text.length;
  const minutes = Math.max(1, Math.floor(((megabytes * 1024 * 1024) / hourBytes) * 60));
  return new TextEncoder().encode(buildMeetingVtt(minutes).text);
}

interface Row {
  database: string;
  accounts: number;
  aloneMs: number;
  besideMs: number[];
  health: { p50: number; p99: number; worst: number; probes: number };
  madeWay: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** Asks /api/health every 100 ms until stopped; the latencies. */
function probeHealth(app: ProductionProcess) {
  const latencies: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      await app.request("/api/health").catch(() => undefined);
      latencies.push(performance.now() - started);
      await Bun.sleep(100);
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      const sorted = [...latencies].sort((a, b) => a - b);
      return {
        p50: percentile(sorted, 0.5),
        p99: percentile(sorted, 0.99),
        worst: sorted.at(-1) ?? 0,
        probes: sorted.length,
      };
    },
  };
}

const madeWayLines = (app: ProductionProcess) => app.output().split('"job made way"').length - 1;

async function measureRound(app: ProductionProcess, database: string, accounts: number, files: Files): Promise<Row> {
  const transcript = { name: "call.vtt", type: "text/vtt", bytes: oneMinuteTranscript() };
  const patient = await createProductionAccount(app);
  const aloneMs = await timeUntilProcessed(app, patient, await uploadToProduction(app, patient, transcript), 60_000);
  const heavy: { cookie: string; ids: number[] }[] = [];
  for (let i = 0; i < accounts; i++) {
    const account = await createProductionAccount(app);
    heavy.push({
      cookie: account.cookie,
      ids: [
        await uploadToProduction(app, account, files.recording),
        await uploadToProduction(app, account, files.transcript),
      ],
    });
  }
  // Under way: the recordings decoded and recognition running.
  const deadline = Date.now() + 300_000;
  const recognising = async () => (await processesNaming(app.dataDir)).some((line) => line.includes("pocketsphinx"));
  while (!(await recognising()) && Date.now() < deadline) await Bun.sleep(500);
  const madeWayBefore = madeWayLines(app);
  const probe = probeHealth(app);
  const besideMs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const id = await uploadToProduction(app, patient, transcript);
    // Not Processed within the bound (the code before issue 27 kept it queued for hours): reported as such.
    besideMs.push(await timeUntilProcessed(app, patient, id, WAIT_MS).catch(() => Number.POSITIVE_INFINITY));
    if (!Number.isFinite(besideMs.at(-1) ?? 0)) break;
  }
  const health = await probe.stop();
  const madeWay = madeWayLines(app) - madeWayBefore;
  for (const { cookie, ids } of heavy) {
    for (const id of ids) await app.request(`/api/meetings/${id}`, { method: "DELETE", headers: { cookie } });
  }
  const deletedAt = Date.now();
  while ((await processesNaming(app.dataDir)).length > 0 && Date.now() - deletedAt < 30_000) await Bun.sleep(100);
  return { database, accounts, aloneMs, besideMs, health, madeWay };
}

interface Files {
  recording: { name: string; type: string; bytes: Uint8Array };
  transcript: { name: string; type: string; bytes: Uint8Array };
}

async function measureDatabase(database: string, env: Record<string, string>, files: Files): Promise<Row[]> {
  const app = await startProductionProcess({
    SESSION_SECRET: "fair-accounts-bench-secret-".padEnd(64, "x"),
    LOCAL_EMBEDDER: "hashing",
    // Every account here registers from this one address; an attacker would use many.
    REGISTER_LIMIT_PER_IP: "1000",
    ...env,
  });
  const rows: Row[] = [];
  try {
    for (const accounts of ACCOUNT_COUNTS) {
      const row = await measureRound(app, database, accounts, files);
      console.log(JSON.stringify(row));
      rows.push(row);
    }
  } finally {
    await app.stop();
  }
  return rows;
}

const dir = await mkdtemp(join(tmpdir(), "cm-bench-fair-accounts-"));
const recordingPath = join(dir, "long.mp3");
await makeTone(recordingPath, { seconds: RECORDING_MINUTES * 60, bitrateKbps: 32, sampleRate: 16_000, channels: 1 });
const files: Files = {
  recording: {
    name: "long.mp3",
    type: "audio/mpeg",
    bytes: new Uint8Array(await Bun.file(recordingPath).arrayBuffer()),
  },
  transcript: { name: "big.vtt", type: "text/vtt", bytes: transcriptOf(TRANSCRIPT_MB) },
};
const rows: Row[] = [];
try {
  if (process.env.FAIR_DATABASES !== "native") rows.push(...(await measureDatabase("embedded", {}, files)));
  const server = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (server) {
    const scratch = await scratchDatabase(server);
    try {
      rows.push(...(await measureDatabase("native", { DATABASE_URL: scratch.url }, files)));
    } finally {
      await scratch.drop();
    }
  } else console.log("native PostgreSQL skipped: set BENCH_DATABASE_URL=postgres://... to measure it");
} finally {
  await rm(dir, { recursive: true, force: true });
}

const ms = (value: number) =>
  Number.isFinite(value) ? `${Math.round(value).toLocaleString("en")} ms` : `not within ${WAIT_MS / 1000} s`;
console.log(
  `\nAnother account's 1-minute transcript, upload to Processed, while N accounts each have a ${RECORDING_MINUTES}-minute recording and a ${TRANSCRIPT_MB} MB transcript processing:\n`,
);
console.log(
  "| database | heavy accounts | queue empty | beside them (3 runs) | /api/health p50 / p99 / worst (probes) | jobs made way |",
);
console.log("|---|---|---|---|---|---|");
for (const row of rows) {
  const h = row.health;
  console.log(
    `| ${row.database} | ${row.accounts} | ${ms(row.aloneMs)} | ${row.besideMs.map(ms).join(", ")} | ${ms(h.p50)} / ${ms(h.p99)} / ${ms(h.worst)} (${h.probes}) | ${row.madeWay} |`,
  );
}
