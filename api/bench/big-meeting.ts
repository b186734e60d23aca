// Reading a big meeting: the size and time of GET /api/meetings/{id} and of the page /meetings/{id}, of a segment
// and a text range, and /api/health's latency (p50 / p99 / worst) alone and while 8 clients read the meeting in
// parallel (3 times each: answer then page). The meeting is written straight into the database (processing a 10 MB
// upload is api/bench/big-transcript.ts). `--db native` uses TEST_DATABASE_URL's server instead of the embedded one.
//   bun run api/bench/big-meeting.ts [--megabytes 10] [--db native]

import { buildBigTranscript, seedBigMeeting } from "../test/support/big-meeting";
import { seedClient } from "../test/support/seed-meeting";
import { createSignedInUser } from "../test/support/signed-in-user";
import { startTestServer } from "../test/test-server";
import { percentile } from "./support/load-generator";

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const megabytes = Number(option("--megabytes") ?? 10);
if (option("--db") === "native") process.env.TEST_DB_TARGET = "native";
const READERS = 8;
const READS_EACH = 3;

const server = await startTestServer();
const user = await createSignedInUser(server.ctx.db.sql, "bench_big_meeting");
const client = await seedClient(server.ctx.db.sql, user.id, "Bench Holdings");
const transcript = buildBigTranscript(megabytes);
let started = performance.now();
const meetingId = await seedBigMeeting(server.ctx.db.sql, { userId: user.id, clientId: client.id, transcript });
const seedSeconds = (performance.now() - started) / 1000;
const get = (path: string) => server.fetch(path, { headers: { cookie: user.cookie } });

/** Size and median time of `runs` reads of a path. */
async function measure(path: string, runs = 5) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const response = await get(path);
    bytes = (await response.arrayBuffer()).byteLength;
    // A route this version does not have (the bench run on the code before paging).
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { bytes, ms: percentile(times, 50) };
}

/** Health latencies (sorted) while `work` runs, asked one after another every 25 ms. */
async function probeHealthWhile(work: Promise<unknown>) {
  const times: number[] = [];
  let done = false;
  void work.finally(() => {
    done = true;
  });
  while (!done || times.length < 5) {
    const t0 = performance.now();
    await (await server.fetch("/api/health")).arrayBuffer();
    times.push(performance.now() - t0);
    await Bun.sleep(25);
  }
  started = performance.now();
  await work;
  return times.sort((a, b) => a - b);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;
console.log(
  `${megabytes} MB transcript: ${transcript.segments.length} segments, ${transcript.fullText.length} characters; written in ${seedSeconds.toFixed(1)} s (database: ${server.ctx.db.mode})`,
);
console.log("| read | size | median time |");
console.log("| --- | --- | --- |");
const total = transcript.segments.length;
for (const path of [
  `/api/meetings/${meetingId}`,
  `/meetings/${meetingId}`,
  `/api/meetings/${meetingId}/transcript?from=${Math.floor(total / 2)}`,
  `/api/meetings/${meetingId}/transcript/text?from=${Math.floor(transcript.fullText.length / 2)}`,
  `/api/meetings/${meetingId}/transcript/find?q=countersign`,
]) {
  const result = await measure(path);
  const shown = result ? `${kb(result.bytes)} | ${ms(result.ms)}` : "(no such route) | -";
  console.log(`| GET ${path.replace(String(meetingId), "{id}")} | ${shown} |`);
}

const alone = await probeHealthWhile(Bun.sleep(2000));
const readsStarted = performance.now();
const readers = Array.from({ length: READERS }, async () => {
  for (let i = 0; i < READS_EACH; i++) {
    await (await get(`/api/meetings/${meetingId}`)).arrayBuffer();
    await (await get(`/meetings/${meetingId}`)).arrayBuffer();
  }
});
const during = await probeHealthWhile(Promise.all(readers));
const readSeconds = (performance.now() - readsStarted) / 1000;
console.log("\n| /api/health | p50 | p99 | worst |");
console.log("| --- | --- | --- | --- |");
for (const [label, times] of [
  ["alone", alone],
  [`during ${READERS} readers x ${READS_EACH} (answer + page), ${readSeconds.toFixed(1)} s`, during],
] as const) {
  console.log(`| ${label} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 99))} | ${ms(times.at(-1)!)} |`);
}
await server.stop();
