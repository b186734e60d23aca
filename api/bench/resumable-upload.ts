// Server memory of resumable (tus) uploads, issue 29.
//
// The real server (`api/src/main.ts`, embedded database, WORKER=off, a temporary DATA_DIR) as a child process; its
// VmRSS read from /proc every 20 ms. Peak growth is over the idle median just before each part.
// 1. Concurrent recordings: K uploads with a deferred length (as the browser records), each sending `chunks`
//    PATCHes of `chunk-kb` (a MediaRecorder timeslice of 5 s of 64 kbps Opus is ~40 KB) as fast as the server
//    takes them. Growth divided by K is the memory per concurrent recording upload.
// 2. One 500 MB file in one streamed PATCH (`Upload-Length` declared): growth and time.
//    The bytes are not audio: once complete the file is checked and refused (415), as any such upload.
// 3. "Stop" to "Processing" for a one-hour recording: a one-hour 32 kbps Opus WebM (made with ffmpeg, or
//    --hour-file) is sent but for its last 64 KB; the time of the last PATCH (the content check that decodes the
//    hour, then the meeting and its job written) until its 204 with Meeting-Id, three runs.
// Recording uploads of part 1 are terminated (DELETE) afterwards.
//
//   bun run api/bench/resumable-upload.ts [--recordings 1,4,16] [--chunks 120] [--chunk-kb 40] [--mb 500]
//                                         [--hour-file FILE.webm] [--runs 3]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { DEMO_PASSWORD, DEMO_USERNAME } from "../src/seed/demo-account";
import { type Child, idleRssMb, sampleRss, spawnServer, stopServer } from "./support/upload-harness";

const { values: args } = parseArgs({
  options: {
    recordings: { type: "string", default: "1,4,16" },
    chunks: { type: "string", default: "120" },
    "chunk-kb": { type: "string", default: "40" },
    mb: { type: "string", default: "500" },
    "hour-file": { type: "string" },
    runs: { type: "string", default: "3" },
  },
});
const TUS = { "tus-resumable": "1.0.0" };

async function signIn(url: string) {
  const login = await fetch(`${url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: DEMO_USERNAME, password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const cookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
  const clients = (await (await fetch(`${url}/api/clients`, { headers: { cookie } })).json()) as { id: number }[];
  return { cookie, clientId: clients[0]!.id };
}

async function create(url: string, cookie: string, clientId: number, length?: number): Promise<string> {
  const data = JSON.stringify({
    title: "Bench recording",
    clientId,
    date: "2026-05-04T10:00:00Z",
    source: "recording",
    consent: { method: "spoken", confirmedAt: "2026-05-04T09:59:00Z" },
  });
  const size: Record<string, string> =
    length === undefined ? { "upload-defer-length": "1" } : { "upload-length": String(length) };
  const response = await fetch(`${url}/api/uploads`, {
    method: "POST",
    headers: { ...TUS, ...size, cookie, "upload-metadata": `meetingData ${Buffer.from(data).toString("base64")}` },
  });
  if (response.status !== 201) throw new Error(`create: ${response.status} ${await response.text()}`);
  return url + response.headers.get("location")!;
}

const patch = (location: string, cookie: string, offset: number, body: BodyInit, length?: number) =>
  fetch(location, {
    method: "PATCH",
    headers: {
      ...TUS,
      cookie,
      "content-type": "application/offset+octet-stream",
      "upload-offset": String(offset),
      ...(length === undefined ? {} : { "content-length": String(length) }),
    },
    body,
  });

const terminate = (location: string, cookie: string) =>
  fetch(location, { method: "DELETE", headers: { ...TUS, cookie } });

async function recordings(server: Child, count: number) {
  const { cookie, clientId } = await signIn(server.url);
  const chunk = new Uint8Array(Number(args["chunk-kb"]) * 1024).fill(7);
  const chunks = Number(args.chunks);
  const baseline = await idleRssMb(server.proc.pid);
  const sampler = sampleRss(server.proc.pid);
  const started = performance.now();
  const locations = await Promise.all(
    Array.from({ length: count }, async () => {
      const location = await create(server.url, cookie, clientId);
      for (let i = 0; i < chunks; i++) {
        const response = await patch(location, cookie, i * chunk.length, chunk);
        if (response.status !== 204) throw new Error(`patch: ${response.status} ${await response.text()}`);
      }
      return location;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const { peakMb } = sampler.stop();
  for (const location of locations) await terminate(location, cookie);
  const growth = peakMb - baseline;
  const mb = (count * chunks * chunk.length) / 1024 / 1024;
  console.log(
    `| ${count} | ${chunks} x ${args["chunk-kb"]} KB | ${mb.toFixed(0)} MB | ${baseline.toFixed(0)} | ${peakMb.toFixed(0)} | ${growth.toFixed(0)} | ${(growth / count).toFixed(1)} | ${seconds.toFixed(1)} |`,
  );
}

async function oneBigFile(server: Child) {
  const { cookie, clientId } = await signIn(server.url);
  const bytes = Number(args.mb) * 1024 * 1024;
  const location = await create(server.url, cookie, clientId, bytes);
  const piece = new Uint8Array(1024 * 1024).fill(3);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const next = Math.min(piece.length, bytes - sent);
      controller.enqueue(piece.subarray(0, next));
      sent += next;
    },
  });
  const baseline = await idleRssMb(server.proc.pid);
  const sampler = sampleRss(server.proc.pid);
  const started = performance.now();
  const response = await patch(location, cookie, 0, body, bytes);
  const seconds = (performance.now() - started) / 1000;
  const { peakMb } = sampler.stop();
  await terminate(location, cookie);
  console.log(
    `| one ${args.mb} MB PATCH | ${baseline.toFixed(0)} | ${peakMb.toFixed(0)} | ${(peakMb - baseline).toFixed(0)} | ${seconds.toFixed(1)} s | ${response.status} |`,
  );
}

async function makeHourRecording(dir: string): Promise<string> {
  if (args["hour-file"]) return args["hour-file"];
  const path = join(dir, "hour.webm");
  const sine = "sine=frequency=330:sample_rate=48000:duration=3600";
  const cmd = ["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i", sine];
  const proc = Bun.spawn([...cmd, "-c:a", "libopus", "-b:a", "32k", "-f", "webm", path]);
  if ((await proc.exited) !== 0) throw new Error("ffmpeg could not make the one-hour recording");
  return path;
}

async function stopToProcessing(server: Child, dir: string) {
  const { cookie, clientId } = await signIn(server.url);
  const bytes = new Uint8Array(await Bun.file(await makeHourRecording(dir)).arrayBuffer());
  const tail = 64 * 1024;
  for (let run = 1; run <= Number(args.runs); run++) {
    const location = await create(server.url, cookie, clientId);
    const head = await patch(location, cookie, 0, bytes.subarray(0, bytes.length - tail));
    if (head.status !== 204) throw new Error(`patch: ${head.status} ${await head.text()}`);
    const started = performance.now();
    const last = await fetch(location, {
      method: "PATCH",
      headers: {
        ...TUS,
        cookie,
        "content-type": "application/offset+octet-stream",
        "upload-offset": String(bytes.length - tail),
        "upload-length": String(bytes.length),
      },
      body: bytes.subarray(bytes.length - tail),
    });
    const seconds = (performance.now() - started) / 1000;
    const meetingId = last.headers.get("meeting-id");
    console.log(
      `| ${run} | ${(bytes.length / 1024 / 1024).toFixed(1)} MB | ${seconds.toFixed(2)} s | ${last.status} | ${meetingId} |`,
    );
  }
}

const dataDir = mkdtempSync(join(tmpdir(), "cm-bench-tus-"));
let server: Child | undefined;
try {
  server = await spawnServer(
    "api/src/main.ts",
    { NODE_ENV: "development", DATA_DIR: dataDir, WORKER: "off", SPEECH_BASE_URL: "http://127.0.0.1:9/v1" },
    "/api/health",
  );
  console.log("\nConcurrent recording uploads (deferred length, chunked PATCHes)\n");
  console.log("| recordings | each | total | idle RSS MB | peak RSS MB | growth MB | per recording MB | seconds |");
  console.log("|---|---|---|---|---|---|---|---|");
  for (const count of args.recordings.split(",").map(Number)) await recordings(server, count);
  console.log("\nOne large file in one streamed PATCH\n");
  console.log("| upload | idle RSS MB | peak RSS MB | growth MB | time | status |");
  console.log("|---|---|---|---|---|---|");
  await oneBigFile(server);
  if (Bun.which("ffmpeg")) {
    console.log("\nStop to Processing: the last PATCH of a one-hour recording until its Meeting-Id\n");
    console.log("| run | recording | last PATCH | status | meeting |");
    console.log("|---|---|---|---|---|");
    await stopToProcessing(server, dataDir);
  } else console.log("(ffmpeg is not installed: the one-hour part is skipped; apt-get install ffmpeg)");
} finally {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
