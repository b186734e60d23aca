// Upload memory and speed, and processing time of a one-hour transcript.
//
// 1. One 500 MB upload to the real server (`api/src/main.ts`, production mode, embedded database, a temporary
//    DATA_DIR, 127.0.0.1), and the same body to a naive handler (a bare Bun.serve route that does
//    `await request.formData()` then `Bun.write`). Both servers are child processes; their VmRSS is read from
//    /proc/<pid>/status every 20 ms while the upload runs. Peak growth is the peak over the idle median just
//    before the upload; time runs from the first byte sent to the 201 response. The file is a 500 MB WAV: one
//    second of audio, then a RIFF JUNK chunk with the rest (a transcript over 10 MB is refused, and a recording's
//    length check decodes every sample: here one second, so the figure is receiving and storing). A speech service
//    is configured but never reached. The real server runs with WORKER=off so nothing processes the file.
//    The body is generated piece by piece on the client with Content-Length set; it is never built in memory.
//    Both handlers first take one 1 MB warm-up upload. The streamed route fsyncs the file before answering;
//    Bun.write in the naive handler does not.
// 2. Upload-to-"Processed" time of a one-hour WebVTT transcript (~9,000 words, three speakers) with the local
//    AI engine and the in-process worker (one warm-up, then three timed runs).
//
//   bun run bench upload
// 3. Four concurrent 500 MB uploads to one server: its peak RSS (target under 512 MB), each stored copy checked.
//
// In part 1 each round also times `dd` writing the same size to the real server's data folder (1 MiB blocks,
// conv=fsync): the disk's raw sequential write speed in the same run, against which the streamed route is held (target:
// at least 70%). Parts 1 and 3 also run the real server with S3_BUCKET set, on a loopback S3 server (s3rver, from the
// storage tests), for information: the same memory bounds must hold there (--s3 off skips it).
//
//   bun run api/bench/upload.ts --mb 100 --only upload      smaller file, one part only (upload | concurrent | processing)
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "@cm/db";
import { insertClient } from "@cm/db/queries/clients";
import { insertUser } from "@cm/db/queries/users";
import { DEMO_PASSWORD, DEMO_USERNAME } from "../src/seed/demo-account";
import { type BenchStorage, localBenchStorage, rawWriteSeconds, s3BenchStorage } from "./support/bench-storage";
import { buildMeetingVtt } from "./support/one-hour-vtt";
import { signInDemo } from "./support/sign-in-demo";
import {
  type Child,
  expectedFileHash,
  idleRssMb,
  multipartUpload,
  postFileWithCurl,
  ROOT,
  readRssMb,
  sampleRss,
  spawnServer,
  stopServer,
  writeMultipartFile,
} from "./support/upload-harness";

const { values: args } = parseArgs({
  options: {
    mb: { type: "string", default: "500" },
    only: { type: "string" },
    runs: { type: "string", default: "3" },
    concurrent: { type: "string", default: "4" },
    "upload-rounds": { type: "string", default: "3" },
    // embedded | native (a fresh database on TEST_DATABASE_URL's server, dropped afterwards)
    db: { type: "string", default: "embedded" },
    // curl (when installed) sends prepared files; "fetch" streams a JavaScript-generated body (~280 MB/s at most).
    client: { type: "string", default: "curl" },
    // on: also the real server on a bucket (a loopback s3rver), for information; off: the data folder only; only: the
    // bucket only (four concurrent uploads).
    s3: { type: "string", default: "on" },
  },
});
const FILE_BYTES = Number(args.mb) * 1024 * 1024;
const USE_CURL = args.client === "curl" && Bun.which("curl") !== null;
const MEETING = { title: "Annual review", date: "2026-05-04T12:00:00Z", type: "Uploaded" };

async function ensureWebBuild() {
  // The server reads the client build's manifest at start; build it (development) only when missing.
  if (existsSync(join(ROOT, "web", "dist", "manifest.json"))) return;
  const { buildWeb } = await import("@cm/web/build");
  await buildWeb({ production: false });
}

const NATIVE_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
/** Databases created for --db native, dropped at the end. */
const nativeDatabases: string[] = [];

/**
 * The product's server on DATA_DIR: with --db native, on a fresh database of the local PostgreSQL, where the bench
 * creates the demo account itself (the server seeds it only into the embedded database).
 */
async function startRealServer(
  dataDir: string,
  worker: boolean,
  storageEnv: Record<string, string> = {},
): Promise<Child> {
  const env: Record<string, string> = {
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    WORKER: worker ? "on" : "off",
    // Recordings are accepted only with a speech service; none is reached (the worker is off, or gets transcripts).
    SPEECH_BASE_URL: "http://127.0.0.1:9/v1",
    // Production mode seeds the demo account only when asked (it signs in with the published password).
    ...(args.db === "native" ? {} : { DEMO_ACCOUNT: "on" }),
    ...storageEnv,
  };
  if (args.db === "native") {
    const name = `cm_bench_upload_${Date.now()}_${nativeDatabases.length}`;
    const admin = (await openDatabase({ url: NATIVE_URL, max: 1 })).sql;
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    nativeDatabases.push(name);
    const url = new URL(NATIVE_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
  }
  const child = await spawnServer("api/src/main.ts", env, "/api/health");
  if (env.DATABASE_URL) {
    const db = await openDatabase({ url: env.DATABASE_URL, max: 1 });
    const user = await insertUser(db.sql, {
      username: DEMO_USERNAME,
      passwordHash: await Bun.password.hash(DEMO_PASSWORD),
      email: "demo@example.com",
      fullName: "Bench Advisor",
      skipVerification: true,
    });
    await insertClient(db.sql, user.id, { name: "Bench Client", type: "Wealth Management" });
    await db.close();
  }
  return child;
}

async function dropNativeDatabases() {
  if (nativeDatabases.length === 0) return;
  const admin = (await openDatabase({ url: NATIVE_URL, max: 1 })).sql;
  for (const name of nativeDatabases.splice(0)) await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
}

interface UploadResult {
  handler: string;
  baselineMb: number;
  peakMb: number;
  seconds: number;
  samples: number;
}

/** Prepared body files by size and meeting data, so the timed part is only the transfer (see --client). */
const bodyFiles = new Map<string, Promise<{ path: string; headers: Record<string, string> }>>();
const bodyDir = mkdtempSync(join(tmpdir(), "cm-bench-bodies-"));
process.on("exit", () => rmSync(bodyDir, { recursive: true, force: true }));

function bodyFile(meetingData: unknown, bytes: number) {
  const key = `${bytes}:${JSON.stringify(meetingData)}`;
  let file = bodyFiles.get(key);
  if (!file) {
    const path = join(bodyDir, `body-${bodyFiles.size}.bin`);
    file = writeMultipartFile(meetingData, "annual-review.wav", bytes, path).then(({ headers }) => ({ path, headers }));
    bodyFiles.set(key, file);
  }
  return file;
}

/** Prepares the body file before any timing starts (curl client only). */
async function prepareBody(clientId: number, bytes: number) {
  if (USE_CURL) await bodyFile({ ...MEETING, clientId }, bytes);
}

async function postUpload(url: string, cookie: string, clientId: number, bytes: number) {
  if (USE_CURL) {
    const { path, headers } = await bodyFile({ ...MEETING, clientId }, bytes);
    const { status, body } = await postFileWithCurl(url, path, { ...headers, cookie });
    if (status !== 201) throw new Error(`upload answered ${status}: ${body.slice(0, 300)}`);
    return;
  }
  const upload = multipartUpload({ ...MEETING, clientId }, "annual-review.wav", bytes);
  const response = await fetch(url, {
    method: "POST",
    body: upload.body,
    headers: { ...upload.headers, cookie },
    duplex: "half",
  } as RequestInit);
  const text = await response.text();
  if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${text.slice(0, 300)}`);
}

async function measureUpload(handler: string, child: Child, path: string, cookie = "", clientId = 1) {
  await postUpload(child.url + path, cookie, clientId, 1024 * 1024); // warm-up
  await prepareBody(clientId, FILE_BYTES);
  const pid = child.proc.pid;
  const baselineMb = await idleRssMb(pid);
  const sampler = sampleRss(pid);
  const started = performance.now();
  await postUpload(child.url + path, cookie, clientId, FILE_BYTES);
  const seconds = (performance.now() - started) / 1000;
  const { peakMb, samples } = sampler.stop();
  return { handler, baselineMb, peakMb, seconds, samples } satisfies UploadResult;
}

/** The stored copies of the large uploads must be `count` and have the sent bytes exactly. */
async function checkStored(storage: BenchStorage, expectedHash: string, count = 1) {
  const hashes = await storage.hashesOfSize(FILE_BYTES);
  if (hashes.length !== count)
    throw new Error(`stored ${hashes.length} whole files of ${FILE_BYTES} bytes, sent ${count}`);
  if (hashes.some((hash) => hash !== expectedHash)) throw new Error("a stored file differs from the sent file");
}

interface Handler {
  name: string;
  child: Child;
  path: string;
  cookie: string;
  clientId: number;
  /** Where its stored copies land. */
  storage: BenchStorage;
}

/**
 * The streamed route, the naive handler and the naive handler with an fsync (as durable as the route), measured in
 * alternating rounds so the disk's writeback state falls on all of them alike; every stored copy is checked, then
 * removed so the disk holds one at a time.
 */
async function benchUploads(rounds: number): Promise<{ results: Map<string, UploadResult[]>; rawSeconds: number[] }> {
  const expectedHash = expectedFileHash(FILE_BYTES);
  const dirs = [0, 1, 2, 3].map((i) => mkdtempSync(join(tmpdir(), `cm-bench-upload-${i}-`)));
  const handlers: Handler[] = [];
  const rawSeconds: number[] = [];
  const servers: Child[] = [];
  let bucket: BenchStorage | undefined;
  try {
    const route = await startRealServer(dirs[0]!, false);
    servers.push(route);
    handlers.push({
      name: STREAMED,
      child: route,
      path: "/api/meetings/upload",
      ...(await signInDemo(route.url)),
      storage: localBenchStorage(join(dirs[0]!, "recordings")),
    });
    for (const [i, fsync] of [
      [1, "0"],
      [2, "1"],
    ] as const) {
      const child = await spawnServer(
        "api/bench/support/naive-upload-server.ts",
        { UPLOAD_DIR: dirs[i]!, FSYNC: fsync },
        "/",
      );
      const name = fsync === "1" ? "naive + fsync (formData + Bun.write + fsync)" : "naive (formData + Bun.write)";
      handlers.push({ name, child, path: "/upload", cookie: "", clientId: 1, storage: localBenchStorage(dirs[i]!) });
    }
    if (args.s3 !== "off") {
      bucket = await s3BenchStorage();
      const onBucket = await startRealServer(dirs[3]!, false, bucket.env);
      servers.push(onBucket);
      handlers.push({
        name: STREAMED_S3,
        child: onBucket,
        path: "/api/meetings/upload",
        ...(await signInDemo(onBucket.url)),
        storage: bucket,
      });
    }
    const results = new Map<string, UploadResult[]>(handlers.map((h) => [h.name, []]));
    for (let round = 0; round < rounds; round++) {
      // The disk's raw speed in the route's own data folder, once a round, between the uploads.
      rawSeconds.push(rawWriteSeconds(dirs[0]!, FILE_BYTES));
      for (let i = 0; i < handlers.length; i++) {
        const h = handlers[(i + round) % handlers.length]!;
        results.get(h.name)!.push(await measureUpload(h.name, h.child, h.path, h.cookie, h.clientId));
        await checkStored(h.storage, expectedHash);
        await h.storage.clear();
      }
    }
    return { results, rawSeconds };
  } finally {
    // Every server started, signed in or not: a failed sign-in must not leave one running.
    for (const child of new Set([...servers, ...handlers.map((h) => h.child)])) await stopServer(child);
    await bucket?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

const STREAMED = "streamed (POST /api/meetings/upload)";
const STREAMED_S3 = "streamed to S3 (loopback s3rver), for information";

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** `count` uploads of FILE_BYTES at once to one server: its peak RSS, and every stored copy checked. */
async function benchConcurrentUploads(count: number, onBucket: boolean) {
  const expectedHash = expectedFileHash(FILE_BYTES);
  const dataDir = mkdtempSync(join(tmpdir(), "cm-bench-concurrent-"));
  let child: Child | undefined;
  const storage = onBucket ? await s3BenchStorage() : localBenchStorage(join(dataDir, "recordings"));
  try {
    child = await startRealServer(dataDir, false, storage.env);
    const { cookie, clientId } = await signInDemo(child.url);
    const url = `${child.url}/api/meetings/upload`;
    await postUpload(url, cookie, clientId, 1024 * 1024); // warm-up
    await prepareBody(clientId, FILE_BYTES);
    const pid = child.proc.pid;
    const baselineMb = await idleRssMb(pid);
    const sampler = sampleRss(pid);
    const started = performance.now();
    await Promise.all(Array.from({ length: count }, () => postUpload(url, cookie, clientId, FILE_BYTES)));
    const seconds = (performance.now() - started) / 1000;
    const { peakMb, samples } = sampler.stop();
    await checkStored(storage, expectedHash, count);
    return { baselineMb, peakMb, seconds, samples };
  } finally {
    await stopServer(child);
    await storage.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchProcessing(runs: number) {
  const vtt = buildMeetingVtt(60);
  const dataDir = mkdtempSync(join(tmpdir(), "cm-bench-process-"));
  let child: Child | undefined;
  const timings: { uploadMs: number; processedS: number }[] = [];
  try {
    child = await startRealServer(dataDir, true);
    const { url } = child;
    const { cookie, clientId } = await signInDemo(url);
    for (let run = 0; run <= runs; run++) {
      const form = new FormData();
      form.set("meetingData", JSON.stringify({ ...MEETING, title: `Annual review ${run}`, clientId }));
      form.set("audioFile", new Blob([vtt.text], { type: "text/vtt" }), "annual-review.vtt");
      const started = performance.now();
      const response = await fetch(`${url}/api/meetings/upload`, { method: "POST", body: form, headers: { cookie } });
      if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
      const uploadMs = performance.now() - started;
      const { id } = (await response.json()) as { id: number };
      for (;;) {
        const meeting = (await (await fetch(`${url}/api/meetings/${id}`, { headers: { cookie } })).json()) as {
          status: string;
        };
        const status = meeting.status;
        if (status === "Processed") break;
        if (status !== "Processing") throw new Error(`meeting ${id} ended ${status}`);
        if (performance.now() - started > 300_000) throw new Error("not processed in 5 minutes");
        await Bun.sleep(20);
      }
      // Run 0 warms up (and lets the demo account's indexing jobs finish); it is not reported.
      if (run > 0) timings.push({ uploadMs, processedS: (performance.now() - started) / 1000 });
    }
    return { vtt, timings, rssMb: readRssMb(child.proc.pid) };
  } finally {
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await ensureWebBuild();
console.log(
  `database: ${args.db}; machine: ${navigator.hardwareConcurrency} CPUs, Bun ${Bun.version}; client: ${USE_CURL ? "curl, prepared body files" : "Bun fetch, generated body"}`,
);

if (!args.only || args.only === "upload") {
  const rounds = Number(args["upload-rounds"]);
  const { results, rawSeconds } = await benchUploads(rounds);
  const mb = FILE_BYTES / 1024 / 1024;
  console.log(
    `\nOne ${mb} MB upload (WAV: 1 s of audio, the rest a JUNK chunk), ${rounds} alternating rounds, RSS sampled every 20 ms from /proc/<pid>/status\n`,
  );
  console.log("| handler | baseline RSS MB | peak RSS growth MB, median (max) | time s, median (min-max) | MB/s |");
  console.log("|---|---:|---:|---:|---:|");
  const summary = new Map<string, { seconds: number; growth: number; maxGrowth: number }>();
  for (const [name, runs] of results) {
    const growths = runs.map((r) => r.peakMb - r.baselineMb);
    const times = runs.map((r) => r.seconds);
    const s = { seconds: median(times), growth: median(growths), maxGrowth: Math.max(...growths) };
    summary.set(name, s);
    console.log(
      `| ${name} | ${median(runs.map((r) => r.baselineMb)).toFixed(0)} | ${s.growth.toFixed(1)} (${s.maxGrowth.toFixed(1)}) | ` +
        `${s.seconds.toFixed(2)} (${Math.min(...times).toFixed(2)}-${Math.max(...times).toFixed(2)}) | ${(mb / s.seconds).toFixed(0)} |`,
    );
  }
  const raw = median(rawSeconds);
  console.log(
    `| raw disk write (dd bs=1M conv=fsync, the route's data folder) | | | ${raw.toFixed(2)} ` +
      `(${Math.min(...rawSeconds).toFixed(2)}-${Math.max(...rawSeconds).toFixed(2)}) | ${(mb / raw).toFixed(0)} |`,
  );
  const [streamed, naive, durable] = [...summary.values()];
  const share = raw / streamed!.seconds;
  console.log(
    `\nstreamed route at ${(share * 100).toFixed(0)}% of the disk's raw sequential write speed (median times; ` +
      `target >= 70%: ${share >= 0.7 ? "met" : "MISSED"})`,
  );
  const s3 = summary.get(STREAMED_S3);
  if (s3) {
    console.log(
      `S3 (loopback s3rver, for information): ${(mb / s3.seconds).toFixed(0)} MB/s, ${((raw / s3.seconds) * 100).toFixed(0)}% of the raw disk speed; ` +
        `peak RSS growth ${s3.maxGrowth.toFixed(1)} MB at most (<= 64 MB: ${s3.maxGrowth <= 64 ? "met" : "MISSED"})`,
    );
  }
  console.log(
    `\nspeed ratio, median times: naive / streamed ${(naive!.seconds / streamed!.seconds).toFixed(2)}x, ` +
      `naive + fsync / streamed ${(durable!.seconds / streamed!.seconds).toFixed(2)}x`,
  );
  console.log(
    `targets: streamed growth <= 64 MB in every round: ${streamed!.maxGrowth <= 64 ? "met" : "MISSED"}; ` +
      `>= 1.5x faster than naive: ${naive!.seconds / streamed!.seconds >= 1.5 ? "met" : "MISSED"}`,
  );
}

if (!args.only || args.only === "concurrent") {
  const count = Number(args.concurrent);
  const mb = FILE_BYTES / 1024 / 1024;
  console.log(
    `\n${count} concurrent ${mb} MB uploads to one server (WAV: 1 s of audio, the rest a JUNK chunk), RSS sampled every 20 ms\n`,
  );
  console.log(
    "| storage | uploads | baseline RSS MB | peak RSS MB | peak RSS growth MB | time s | total MB/s | samples |",
  );
  console.log("|---|---|---:|---:|---:|---:|---:|---:|");
  const peaks: string[] = [];
  for (const onBucket of args.s3 === "off" ? [false] : args.s3 === "only" ? [true] : [false, true]) {
    const r = await benchConcurrentUploads(count, onBucket);
    const where = onBucket ? "S3 (loopback s3rver)" : "data folder";
    console.log(
      `| ${where} | ${count} x ${mb} MB | ${r.baselineMb.toFixed(0)} | ${r.peakMb.toFixed(0)} | ${(r.peakMb - r.baselineMb).toFixed(1)} | ` +
        `${r.seconds.toFixed(2)} | ${((count * mb) / r.seconds).toFixed(0)} | ${r.samples} |`,
    );
    peaks.push(`${where} ${r.peakMb < 512 ? "met" : "MISSED"}`);
  }
  console.log(`target: peak server RSS under 512 MB: ${peaks.join("; ")}`);
}

if (!args.only || args.only === "processing") {
  const runs = Number(args.runs);
  const { vtt, timings, rssMb } = await benchProcessing(runs);
  const sorted = timings.map((t) => t.processedS).sort((a, b) => a - b);
  console.log(
    `\nOne-hour transcript (.vtt, ${vtt.words} words, ${vtt.cues} cues, 3 speakers, ${(vtt.text.length / 1024).toFixed(0)} KB), ` +
      "local engine, in-process worker\n",
  );
  console.log("| run | upload answered ms | upload to Processed s |");
  console.log("|---|---:|---:|");
  timings.forEach((t, i) => {
    console.log(`| ${i + 1} | ${t.uploadMs.toFixed(0)} | ${t.processedS.toFixed(2)} |`);
  });
  console.log(`| median | | ${sorted[Math.floor(sorted.length / 2)]!.toFixed(2)} |`);
  console.log(`\nserver RSS after processing: ${rssMb.toFixed(0)} MB`);
}

await dropNativeDatabases();
