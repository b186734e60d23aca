// The worst transcript a user can upload, end to end in the production process (`bun run start`): WebVTT in which
// every sentence is a different commitment with a date and an amount, 0.5 MB by default (BIG_TRANSCRIPT_MB=10 for the
// upload limit; on a loaded 2-core machine that run takes longer than a test should, so it is the bench's:
// `bun run bench big-transcript --kind commitments`). It must end Processed within a bounded
// wait, another user's one-line transcript uploaded after it must be Processed too, and /api/health must keep
// answering every probe: its latency during the work is printed beside a baseline taken in the same run (a figure
// for the reader, never asserted: a time bound a loaded machine can break belongs to the bench).
// Runs on the embedded database, and on native PostgreSQL when TEST_DB_TARGET=native and TEST_DATABASE_URL are set.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { SQL } from "bun";
import { buildCommitmentVtt } from "../../ai/test-support/commitment-transcript";
import { testTarget } from "../../db/src/testing";
import { latestCodeFor } from "../src/mail/mailer";
import { mergeSetCookies, newAccount } from "./auth-helpers";
import { type ProductionProcess, startProductionProcess } from "./support/production-process";

/**
 * The transcript's size: 0.5 MB (about 850 chunks, each written in the same sized statements as at 10 MB) unless
 * BIG_TRANSCRIPT_MB says otherwise (at most just under the 10 MB limit); 1 MB took close to a minute of the suite.
 */
const BIG_BYTES = Math.min(
  10 * 1024 * 1024 - 64 * 1024,
  Math.round(Number(process.env.BIG_TRANSCRIPT_MB ?? "0.5") * 1024 * 1024),
);
/** How long the meeting may take on a loaded 2-core machine: 8 minutes a megabyte, at least 8 minutes. */
const PROCESSING_WAIT_MS = Math.max(480_000, (BIG_BYTES / 1024 / 1024) * 480_000);

let app: ProductionProcess;
let nativeDatabase: { admin: string; name: string } | null = null;

beforeAll(async () => {
  const env: Record<string, string> = {
    SESSION_SECRET: "big-transcript-suite-secret-".padEnd(64, "x"),
    // Indexing 15,000 chunks through the sentence encoder takes about an hour of one core (4.3 chunks a second):
    // the hashing embedder keeps this test about the text steps and the database writes.
    LOCAL_EMBEDDER: "hashing",
    // A measuring aid: names every statement that held the embedded database this long (summarised below).
    ...(process.env.EMBEDDED_DB_SLOW_MS ? { EMBEDDED_DB_SLOW_MS: process.env.EMBEDDED_DB_SLOW_MS } : {}),
  };
  const url = process.env.TEST_DATABASE_URL;
  if (testTarget() === "native" && url) {
    const name = `cm_big_${randomBytes(6).toString("hex")}`;
    const admin = new SQL(url);
    await admin.unsafe(`create database ${name}`);
    await admin.close();
    nativeDatabase = { admin: url, name };
    const target = new URL(url);
    target.pathname = `/${name}`;
    env.DATABASE_URL = target.toString();
  }
  app = await startProductionProcess(env);
}, 360_000);

afterAll(async () => {
  await app?.stop();
  if (nativeDatabase) {
    const admin = new SQL(nativeDatabase.admin);
    await admin.unsafe(`drop database if exists ${nativeDatabase.name} with (force)`);
    await admin.close();
  }
});

async function signUp(): Promise<string> {
  const account = newAccount();
  const post = (path: string, body: unknown, cookie = "") =>
    app.request(path, {
      method: "POST",
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  expect((await post("/api/register", { ...account, role: "user", subscriptionPlan: "free" })).status).toBe(201);
  const login = await post("/api/login", { username: account.username, password: account.password });
  const { userId } = login.json<{ userId: number }>();
  const loginCookie = mergeSetCookies("", login.headers["set-cookie"] ?? []);
  const verify = await post(
    "/api/verify-login",
    { userId, code: await latestCodeFor(app.dataDir, account.email) },
    loginCookie,
  );
  expect(verify.status).toBe(200);
  return mergeSetCookies(loginCookie, verify.headers["set-cookie"] ?? []);
}

async function uploadTranscript(cookie: string, name: string, text: string): Promise<number> {
  const client = (
    await app.request("/api/clients", {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ name: `Client of ${name}`, type: "Tax" }),
    })
  ).json<{ id: number }>();
  const boundary = "----bigTranscriptSuite";
  const meetingData = JSON.stringify({ title: name, clientId: client.id, date: "2026-05-04T12:00:00Z" });
  const body =
    `--${boundary}\r\nContent-Disposition: form-data; name="meetingData"\r\n\r\n${meetingData}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="audioFile"; filename="${name}"\r\n` +
    `Content-Type: text/vtt\r\n\r\n${text}\r\n--${boundary}--\r\n`;
  const uploaded = await app.request("/api/meetings/upload", {
    method: "POST",
    headers: { cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
    body,
  });
  expect({ name, status: uploaded.status }).toEqual({ name, status: 201 });
  return uploaded.json<{ id: number }>().id;
}

/** Polls the meeting list (the meeting's own page carries its whole transcript: 10 MB a request). */
async function waitForProcessed(cookie: string, id: number, deadline: number): Promise<string> {
  for (;;) {
    const list = (await app.request("/api/meetings", { headers: { cookie } })).json<
      { id: number; status: string; failureReason?: string }[]
    >();
    const meeting = list.find((m) => m.id === id);
    if (meeting?.status === "Processed") return meeting.status;
    if (meeting?.status === "Failed") return `Failed: ${meeting.failureReason}`;
    if (Date.now() > deadline) return `still ${meeting?.status} at the deadline`;
    await Bun.sleep(1000);
  }
}

/** /api/health latencies (ms) while `during` runs, one probe every 100 ms; each probe's wall-clock start too. */
async function probeHealth<T>(
  during: () => Promise<T>,
): Promise<{ result: T; latencies: number[]; probes: { at: string; ms: number }[] }> {
  const latencies: number[] = [];
  const probes: { at: string; ms: number }[] = [];
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const at = new Date().toISOString().slice(11, 23);
      const started = performance.now();
      const health = await app.request("/api/health");
      const ms = performance.now() - started;
      latencies.push(ms);
      probes.push({ at, ms });
      expect(health.status).toBe(200);
      await Bun.sleep(100);
    }
  })();
  try {
    return { result: await during(), latencies, probes };
  } finally {
    probing = false;
    await probe;
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
};

/** Peak resident memory of the server process (VmHWM), found by its data directory; null where /proc is absent. */
function readPeakRssMegabytes(dataDir: string): number | null {
  let peak: number | null = null;
  for (const pid of readdirSync("/proc").filter((entry) => /^\d+$/.test(entry))) {
    try {
      if (!readFileSync(`/proc/${pid}/environ`, "latin1").includes(`DATA_DIR=${dataDir}\0`)) continue;
      const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "latin1"))?.[1];
      if (hwm) peak = Math.max(peak ?? 0, Number(hwm) / 1024);
    } catch {
      // a process that ended or is not ours
    }
  }
  return peak;
}

/** What EMBEDDED_DB_SLOW_MS logged: how many units held the embedded database that long, and the five longest. */
function slowestUnits(output: string): string | null {
  const units = output
    .split("\n")
    .filter((line) => line.startsWith("[embedded db] held "))
    .map((line) => ({ ms: Number.parseInt(line.slice("[embedded db] held ".length), 10), line }));
  if (units.length === 0) return null;
  const longest = units.sort((a, b) => b.ms - a.ms).slice(0, 5);
  return [
    `${units.length} units held the embedded database past EMBEDDED_DB_SLOW_MS; the longest:`,
    ...longest.map((unit) => `  ${unit.line.slice(0, 220)}`),
  ].join("\n");
}

describe(`a large transcript of commitments (${testTarget()} database)`, () => {
  test(
    "is processed while /api/health keeps answering and another user's meeting is processed",
    async () => {
      const owner = await signUp();
      const other = await signUp();
      const baseline = await probeHealth(() => Bun.sleep(3_000));
      const vtt = buildCommitmentVtt(BIG_BYTES);
      expect(vtt.length).toBeLessThan(10 * 1024 * 1024);
      const started = performance.now();
      const { result, latencies, probes } = await probeHealth(async () => {
        const bigId = await uploadTranscript(owner, "commitments.vtt", vtt);
        const smallId = await uploadTranscript(
          other,
          "one-line.vtt",
          "WEBVTT\n\n00:00:00.000 --> 00:00:04.000\n<v Ada Lind>I will send the signed trust deed by Friday.\n",
        );
        const deadline = Date.now() + PROCESSING_WAIT_MS;
        const small = await waitForProcessed(other, smallId, deadline);
        const big = await waitForProcessed(owner, bigId, deadline);
        return { big, small, seconds: (performance.now() - started) / 1000 };
      });
      const base99 = percentile(baseline.latencies, 0.99);
      const work99 = percentile(latencies, 0.99);
      console.log(
        `[big transcript, ${testTarget()}] ${(vtt.length / 1024 / 1024).toFixed(1)} MB processed in ${result.seconds.toFixed(1)} s; ` +
          `/api/health p99 ${work99.toFixed(0)} ms, worst ${Math.max(...latencies).toFixed(0)} ms over ${latencies.length} probes ` +
          `(baseline p99 ${base99.toFixed(0)} ms); peak RSS ${readPeakRssMegabytes(app.dataDir)?.toFixed(0) ?? "?"} MB`,
      );
      const slowest = [...probes].sort((a, b) => b.ms - a.ms).slice(0, 3);
      console.log(`slowest probes: ${slowest.map((p) => `${p.ms.toFixed(0)} ms from ${p.at}`).join(", ")}`);
      const slow = slowestUnits(app.output());
      if (slow) console.log(slow);
      // Where the job's time went: its steps, and the indexing's reading, cutting, embedding and writing.
      const stepLines = app.output().split("\n");
      for (const line of stepLines)
        if (line.includes('"meeting processed"') || line.includes('"meeting indexed"')) console.log(line);
      // The health latencies above are a benchmark figure, printed, not asserted: a loaded machine once stretched one
      // probe to 1,008 ms and turned a good run red. The mechanism checked: every probe answered (probeHealth expects
      // 200 each time) all through the work, and both meetings end Processed.
      expect(latencies.length).toBeGreaterThan(0);
      expect(result).toMatchObject({ big: "Processed", small: "Processed" });
    },
    PROCESSING_WAIT_MS + 180_000,
  );
});
