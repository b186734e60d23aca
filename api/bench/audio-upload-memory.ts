// Memory of one large real recording upload, counting the server's children (issue 37: "a 300 MB audio upload grows
// the server, its process and its children, by 73-95 MB"; target under 64 MB).
//
// The production server (`api/src/main.ts`, NODE_ENV=production, embedded database, WORKER=off, a temporary DATA_DIR,
// 127.0.0.1, quotas off, a speech service configured and never reached) as a child process. The file is a real WAV of
// `--mb` MB (pink noise, 48 kHz stereo 16-bit, made by ffmpeg beforehand), so the upload's content check probes it and
// decodes every sample (ffprobe and ffmpeg children of the server). RSS of the server and all its descendants is summed
// from /proc every 20 ms; growth is the peak over the idle median just before each upload. Each round sends the file
// once as the upload dialog does for a large file (tus, 16 MB PATCHes, the last one running the check) and once as a
// multipart POST (curl, streamed from disk).
//
//   bun run api/bench/audio-upload-memory.ts [--mb 300] [--rounds 2]
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { signInDemo } from "./support/sign-in-demo";
import {
  type Child,
  idleRssMb,
  ROOT,
  readRssMb,
  readTreeRssMb,
  spawnServer,
  stopServer,
} from "./support/upload-harness";

const { values: args } = parseArgs({
  options: { mb: { type: "string", default: "300" }, rounds: { type: "string", default: "2" } },
});
const FILE_BYTES = Number(args.mb) * 1024 * 1024;
const PATCH_BYTES = 16 * 1024 * 1024;
const TUS = { "tus-resumable": "1.0.0" };
const dir = mkdtempSync(join(tmpdir(), "cm-bench-audio-memory-"));
process.on("exit", () => rmSync(dir, { recursive: true, force: true }));

async function makeWav(path: string) {
  // 48 kHz stereo 16-bit: 192,000 bytes a second.
  const seconds = Math.floor((FILE_BYTES - 44) / 192_000);
  const make = Bun.spawn(
    [
      "ffmpeg",
      "-nostdin",
      "-v",
      "error",
      "-f",
      "lavfi",
      "-i",
      `anoisesrc=d=${seconds}:c=pink:r=48000:a=0.1`,
      "-ac",
      "2",
      "-c:a",
      "pcm_s16le",
      "-y",
      path,
    ],
    { stdout: "ignore", stderr: "inherit" },
  );
  if ((await make.exited) !== 0) throw new Error("ffmpeg could not make the test recording");
}

async function startServer(): Promise<Child> {
  if (!existsSync(join(ROOT, "web", "dist", "manifest.json"))) {
    const { buildWeb } = await import("@cm/web/build");
    await buildWeb({ production: false });
  }
  const off = ["QUEUED_MEETINGS_PER_ACCOUNT", "PROCESSING_HOURS_PER_DAY", "STORAGE_QUOTA_BYTES"];
  const quotas = Object.fromEntries(off.flatMap((name) => [name, `FREE_${name}`]).map((name) => [name, "off"]));
  return spawnServer(
    "api/src/main.ts",
    {
      NODE_ENV: "production",
      DATA_DIR: join(dir, "data"),
      WORKER: "off",
      DEMO_ACCOUNT: "on",
      SPEECH_BASE_URL: "http://127.0.0.1:9/v1",
      ...quotas,
    },
    "/api/health",
  );
}

const meetingData = (clientId: number) =>
  JSON.stringify({ title: "Annual review", clientId, date: "2026-05-04T12:00:00Z", type: "Uploaded" });

async function sendTus(url: string, cookie: string, clientId: number, path: string) {
  const size = Bun.file(path).size;
  const metadata = `filename ${btoa("review.wav")},filetype ${btoa("audio/wav")},meetingData ${btoa(meetingData(clientId))}`;
  const created = await fetch(`${url}/api/uploads`, {
    method: "POST",
    headers: { ...TUS, cookie, "upload-length": String(size), "upload-metadata": metadata },
  });
  if (created.status !== 201) throw new Error(`creation answered ${created.status}: ${await created.text()}`);
  const location = url + created.headers.get("location")!;
  for (let offset = 0; offset < size; offset += PATCH_BYTES) {
    const end = Math.min(size, offset + PATCH_BYTES);
    const response = await fetch(location, {
      method: "PATCH",
      headers: {
        ...TUS,
        cookie,
        "content-type": "application/offset+octet-stream",
        "upload-offset": String(offset),
      },
      body: Bun.file(path).slice(offset, end),
    });
    if (response.status !== 204) throw new Error(`PATCH answered ${response.status}: ${await response.text()}`);
    if (end === size && !response.headers.get("meeting-id")) throw new Error("the last PATCH named no meeting");
  }
}

async function sendMultipart(url: string, cookie: string, clientId: number, path: string) {
  const proc = Bun.spawn(
    [
      "curl",
      "-sS",
      "-o",
      "/dev/null",
      "-w",
      "%{http_code}",
      "-H",
      `cookie: ${cookie}`,
      "-H",
      "Expect:",
      "-F",
      `meetingData=${meetingData(clientId)}`,
      "-F",
      `audioFile=@${path};type=audio/wav`,
      `${url}/api/meetings/upload`,
    ],
    { stdout: "pipe", stderr: "inherit" },
  );
  const status = (await new Response(proc.stdout).text()).trim();
  if (status !== "201") throw new Error(`multipart upload answered ${status}`);
}

/** Samples the server and its children together every 20 ms: the peak of their sum and how it splits. */
function sampleParts(pid: number) {
  const peak = { total: 0, server: 0, children: 0 };
  let serverPeak = 0;
  let childrenPeak = 0;
  const read = () => {
    const server = readRssMb(pid);
    const children = readTreeRssMb(pid) - server;
    serverPeak = Math.max(serverPeak, server);
    childrenPeak = Math.max(childrenPeak, children);
    if (server + children > peak.total) Object.assign(peak, { total: server + children, server, children });
  };
  read();
  const timer = setInterval(read, 20);
  return {
    stop() {
      clearInterval(timer);
      read();
      return { peak, serverPeak, childrenPeak };
    },
  };
}

async function measure(server: Child, send: () => Promise<void>) {
  const pid = server.proc.pid;
  const baseline = await idleRssMb(pid, 3000, readTreeRssMb);
  const sampler = sampleParts(pid);
  const started = performance.now();
  await send();
  const seconds = (performance.now() - started) / 1000;
  const { peak, serverPeak, childrenPeak } = sampler.stop();
  return {
    baseline,
    growth: peak.total - baseline,
    /** The server's own growth at the moment of the peak, and at its own peak. */
    serverAtPeak: peak.server - baseline,
    serverGrowth: serverPeak - baseline,
    childrenAtPeak: peak.children,
    childrenPeak,
    seconds,
  };
}

const wav = join(dir, "review.wav");
await makeWav(wav);
const server = await startServer();
try {
  const { cookie, clientId } = await signInDemo(server.url);
  console.log(
    `\nOne ${(Bun.file(wav).size / 1024 / 1024).toFixed(0)} MB WAV recording (real samples), server and children's RSS\n`,
  );
  // Warm-up: start-up garbage collected, both routes' code loaded.
  const small = join(dir, "warm-up.wav");
  await Bun.write(small, Bun.file(wav).slice(0, 4 * 1024 * 1024));
  await sendTus(server.url, cookie, clientId, small).catch(() => {});
  await sendMultipart(server.url, cookie, clientId, small).catch(() => {});
  // The embedded database's start-up memory is given back within seconds: the first idle baseline waits for it.
  await Bun.sleep(10_000);
  console.log(
    "| round | route | idle MB | peak growth MB (server and children) | at the peak: server, children | server's own peak growth | children's own peak MB | time s |",
  );
  console.log("|---|---|---:|---:|---:|---:|---:|---:|");
  const growths: number[] = [];
  for (let round = 1; round <= Number(args.rounds); round++) {
    for (const [route, send] of [
      ["tus, 16 MB PATCHes", () => sendTus(server.url, cookie, clientId, wav)],
      ["multipart (curl)", () => sendMultipart(server.url, cookie, clientId, wav)],
    ] as const) {
      const r = await measure(server, send);
      growths.push(r.growth);
      console.log(
        `| ${round} | ${route} | ${r.baseline.toFixed(0)} | ${r.growth.toFixed(1)} | ` +
          `${r.serverAtPeak.toFixed(1)}, ${r.childrenAtPeak.toFixed(1)} | ${r.serverGrowth.toFixed(1)} | ` +
          `${r.childrenPeak.toFixed(1)} | ${r.seconds.toFixed(2)} |`,
      );
    }
  }
  const worst = Math.max(...growths);
  console.log(
    `\ntarget: growth under 64 MB counting children: ${worst < 64 ? "met" : "MISSED"} (worst ${worst.toFixed(1)})`,
  );
} finally {
  await stopServer(server);
}
