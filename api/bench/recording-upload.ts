// Browser recordings sent over tus (issue 29), against the production server (`api/src/main.ts`, NODE_ENV=production,
// embedded database, a temporary DATA_DIR, 127.0.0.1, worker off so nothing transcribes meanwhile):
//
// 1. Server memory per concurrent recording upload: 1, 4 and 16 uploads at once, each a 10-minute Opus/WebM
//    recording (flite speech in Opus at the recorder's 48 kbps, no duration in its header, as MediaRecorder writes)
//    sent as a recording is: creation with a deferred length, PATCHes of 24 KB (a 4 s MediaRecorder slice at 48 kbps),
//    the last one with Upload-Length; a busy answer (503) or "being checked" (409) asked again as the browser does. Peak RSS of the server process (/proc/<pid>/status every 20 ms) over its idle median just
//    before; the last PATCH of each upload includes the content check (decoding in ffmpeg child processes, not counted).
// 2. "Stop" to "Processing" for a one-hour recording: all but the last slice sent beforehand (1 MB PATCHes), then
//    timed from the last PATCH (with Upload-Length) to its answer naming the meeting, and to GET /api/meetings/{id}
//    saying Processing. That is what the advisor waits for after Stop, the browser's last slice aside.
//
//   bun run bench recording-upload [--concurrency 1,4,16] [--minutes 10] [--hour-minutes 60] [--runs 3] [--only memory|stop]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { makeOpusRecording } from "./support/opus-recording";
import { signInDemo } from "./support/sign-in-demo";
import { createDeferredUpload, sendRange, type TusTarget } from "./support/tus-client";
import { type Child, idleRssMb, ROOT, sampleRss, spawnServer, stopServer } from "./support/upload-harness";

const { values: args } = parseArgs({
  options: {
    concurrency: { type: "string", default: "1,4,16" },
    minutes: { type: "string", default: "10" },
    "hour-minutes": { type: "string", default: "60" },
    runs: { type: "string", default: "3" },
    only: { type: "string" },
  },
});
const SLICE_BYTES = 24 * 1024;
const dir = mkdtempSync(join(tmpdir(), "cm-bench-recording-"));
process.on("exit", () => rmSync(dir, { recursive: true, force: true }));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

async function startServer(): Promise<Child> {
  const { existsSync } = await import("node:fs");
  if (!existsSync(join(ROOT, "web", "dist", "manifest.json"))) {
    const { buildWeb } = await import("@cm/web/build");
    await buildWeb({ production: false });
  }
  const off = ["QUEUED_MEETINGS_PER_ACCOUNT", "PROCESSING_HOURS_PER_DAY", "STORAGE_QUOTA_BYTES"];
  const quotas = Object.fromEntries(off.flatMap((name) => [name, `FREE_${name}`]).map((name) => [name, "off"]));
  return spawnServer(
    "api/src/main.ts",
    { NODE_ENV: "production", DATA_DIR: join(dir, "data"), WORKER: "off", DEMO_ACCOUNT: "on", ...quotas },
    "/api/health",
  );
}

function meetingData(clientId: number, title: string) {
  return {
    title,
    clientId,
    date: new Date().toISOString(),
    duration: 0,
    type: "Recorded",
    status: "Processing",
    timeKnown: true,
    source: "recording",
    consent: { method: "spoken", confirmedAt: new Date().toISOString() },
  };
}

async function recordingUpload(
  target: TusTarget,
  clientId: number,
  file: Uint8Array<ArrayBuffer>,
  title: string,
  retries = { count: 0 },
) {
  const uploadUrl = await createDeferredUpload(target, {
    filename: "recording.webm",
    filetype: "audio/webm",
    meetingData: meetingData(clientId, title),
  });
  const meetingId = await sendRange(target, uploadUrl, file, 0, file.length, SLICE_BYTES, retries);
  if (!meetingId) throw new Error("the last PATCH named no meeting");
  return meetingId;
}

async function memory(server: Child, target: TusTarget, clientId: number) {
  const minutes = Number(args.minutes);
  const path = join(dir, `recording-${minutes}m.webm`);
  await makeOpusRecording(path, minutes * 60);
  const file = new Uint8Array(await Bun.file(path).arrayBuffer());
  console.log(`\n${minutes}-minute recording: ${mb(file.length)} MB, PATCHes of ${SLICE_BYTES / 1024} KB`);
  await recordingUpload(target, clientId, file, "Warm-up"); // warm-up
  console.log(
    "| concurrent uploads | idle RSS | peak RSS | growth | growth per upload | time | PATCHes/s | asked again |",
  );
  console.log(
    "| ------------------ | -------- | -------- | ------ | ----------------- | ---- | --------- | ----------- |",
  );
  for (const n of args.concurrency.split(",").map(Number)) {
    const idle = await idleRssMb(server.proc.pid);
    const sampler = sampleRss(server.proc.pid);
    const started = performance.now();
    const retries = { count: 0 };
    const ids = await Promise.all(
      Array.from({ length: n }, (_, i) => recordingUpload(target, clientId, file, `Concurrent ${n}-${i}`, retries)),
    );
    const seconds = (performance.now() - started) / 1000;
    const { peakMb } = sampler.stop();
    if (new Set(ids).size !== n) throw new Error(`${n} uploads made ${new Set(ids).size} meetings`);
    const growth = peakMb - idle;
    const patches = (n * Math.ceil(file.length / SLICE_BYTES)) / seconds;
    console.log(
      `| ${n} | ${idle.toFixed(0)} MB | ${peakMb.toFixed(0)} MB | ${growth.toFixed(1)} MB | ` +
        `${(growth / n).toFixed(1)} MB | ${seconds.toFixed(1)} s | ${patches.toFixed(0)} | ${retries.count} |`,
    );
  }
}

async function stopToProcessing(target: TusTarget, clientId: number) {
  const minutes = Number(args["hour-minutes"]);
  const path = join(dir, `recording-${minutes}m.webm`);
  const made = performance.now();
  await makeOpusRecording(path, minutes * 60);
  const file = new Uint8Array(await Bun.file(path).arrayBuffer());
  console.log(
    `\n${minutes}-minute recording: ${mb(file.length)} MB (made in ${((performance.now() - made) / 1000).toFixed(0)} s)`,
  );
  const lastSlice = file.length - SLICE_BYTES;
  const toAnswer: number[] = [];
  const toProcessing: number[] = [];
  for (let run = 0; run < Number(args.runs); run++) {
    const uploadUrl = await createDeferredUpload(target, {
      filename: "recording.webm",
      filetype: "audio/webm",
      meetingData: meetingData(clientId, `One hour ${run}`),
    });
    await sendRange(target, uploadUrl, file, 0, lastSlice, 1024 * 1024);
    const stop = performance.now();
    const meetingId = await sendRange(target, uploadUrl, file, lastSlice, file.length, SLICE_BYTES);
    const answered = performance.now();
    const meeting = (await (
      await fetch(`${target.url}/api/meetings/${meetingId}`, { headers: { cookie: target.cookie } })
    ).json()) as {
      status: string;
      duration: number | null;
    };
    const processing = performance.now();
    if (meeting.status !== "Processing") throw new Error(`meeting ${meetingId} is ${meeting.status}`);
    toAnswer.push((answered - stop) / 1000);
    toProcessing.push((processing - stop) / 1000);
    console.log(
      `run ${run + 1}: last PATCH answered in ${((answered - stop) / 1000).toFixed(2)} s (meeting ${meetingId}), ` +
        `Processing shown after ${((processing - stop) / 1000).toFixed(2)} s`,
    );
  }
  const range = (values: number[]) => `${Math.min(...values).toFixed(2)}-${Math.max(...values).toFixed(2)}`;
  console.log(
    `Stop -> Processing, ${minutes} min: median ${median(toProcessing).toFixed(2)} s (${range(toProcessing)}); ` +
      `last PATCH alone ${median(toAnswer).toFixed(2)} s`,
  );
}

const server = await startServer();
try {
  const { cookie, clientId } = await signInDemo(server.url);
  const target = { url: server.url, cookie };
  console.log(`load average: ${(await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ")}`);
  if (!args.only || args.only === "memory") await memory(server, target, clientId);
  if (!args.only || args.only === "stop") await stopToProcessing(target, clientId);
  console.log(`load average: ${(await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ")}`);
} catch (error) {
  console.error(error, server.stderrTail());
  process.exitCode = 1;
} finally {
  await stopServer(server);
}
