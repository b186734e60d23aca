// `bun run bench transcript-find` (issue 27): one account finds words in its own 10 MB transcript in 8 parallel
// loops while another account reads its meeting. Prints the find's latency alone (p50 / p95, a word that is nowhere
// and a word in a quarter of the segments), then the other account's GET /api/meetings/{id} and /api/health alone and
// during the loops, with the finds done and refused meanwhile. The meetings are written straight into the database.
//   bun run api/bench/transcript-find.ts [--db native] [--megabytes 10] [--seconds 10] [--limit 30]
// `--limit` is TRANSCRIPT_FIND_LIMIT_PER_MINUTE (default: none in effect, to measure the finds themselves).

import { loadavg } from "node:os";
import { resetRateLimit } from "@cm/db/queries/rate-limits";
import { buildBigTranscript, seedBigMeeting } from "../test/support/big-meeting";
import { seedClient } from "../test/support/seed-meeting";
import { createSignedInUser } from "../test/support/signed-in-user";
import { startTestServer } from "../test/test-server";
import { percentile } from "./support/load-generator";

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const megabytes = Number(option("--megabytes") ?? 10);
const seconds = Number(option("--seconds") ?? 10);
if (option("--db") === "native") process.env.TEST_DB_TARGET = "native";
const LOOPS = 8;

const server = await startTestServer({ TRANSCRIPT_FIND_LIMIT_PER_MINUTE: option("--limit") ?? "1000000000" });
const sql = server.ctx.db.sql;
const finder = await createSignedInUser(sql, "bench_find_owner");
const other = await createSignedInUser(sql, "bench_find_other");
const transcript = buildBigTranscript(megabytes);
const big = await seedBigMeeting(sql, {
  userId: finder.id,
  clientId: (await seedClient(sql, finder.id, "Bench Holdings")).id,
  transcript,
});
const small = await seedBigMeeting(sql, {
  userId: other.id,
  clientId: (await seedClient(sql, other.id, "Other Client")).id,
  transcript: buildBigTranscript(0.05),
});

/** Time of one request (ms) and its status. */
async function timed(path: string, cookie?: string) {
  const started = performance.now();
  const response = await server.fetch(path, cookie ? { headers: { cookie } } : {});
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

const findPath = (words: string) => `/api/meetings/${big}/transcript/find?q=${encodeURIComponent(words)}`;
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const ms = (value: number) => `${value.toFixed(0)} ms`;
const row = (label: string, times: number[], extra = "") =>
  console.log(`| ${label} | ${times.length} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 95))} |${extra}`);

/** Latencies of `path` asked one after another until `until` resolves (at least `least` times). */
async function probe(path: string, cookie: string | undefined, until: Promise<unknown>, least = 5) {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const times: number[] = [];
  while (!done || times.length < least) {
    times.push((await timed(path, cookie)).ms);
    await Bun.sleep(20);
  }
  return sorted(times);
}

console.log(
  `${megabytes} MB transcript: ${transcript.segments.length} segments (database: ${server.ctx.db.mode}); ` +
    `TRANSCRIPT_FIND_LIMIT_PER_MINUTE ${option("--limit") ?? "not in effect"}; load average ${loadavg()[0]!.toFixed(1)}`,
);
console.log("\n| request | n | p50 | p95 |\n| --- | --- | --- | --- |");
await timed(findPath("zzzqqq"), finder.cookie); // fills nothing (rows carry their text), warms the caches
// Each phase starts with the account's count at zero, so a `--limit` of 30 refuses nothing measured alone.
const resetFindLimit = () => resetRateLimit(sql, { scope: "transcript-find:user", key: String(finder.id) });
for (const words of ["zzzqqq", "countersign"]) {
  await resetFindLimit();
  const times: number[] = [];
  for (let i = 0; i < 12; i++) times.push((await timed(findPath(words), finder.cookie)).ms);
  row(`find "${words}" alone`, sorted(times));
}
await resetFindLimit();
const meetingPath = `/api/meetings/${small}`;
row("other account's GET /api/meetings/{id} alone", await probe(meetingPath, other.cookie, Bun.sleep(2000)));
row("/api/health alone", await probe("/api/health", undefined, Bun.sleep(2000)));

const deadline = performance.now() + seconds * 1000;
const finds: number[] = [];
let refused = 0;
const loops = Promise.all(
  Array.from({ length: LOOPS }, async () => {
    while (performance.now() < deadline) {
      const answer = await timed(findPath("zzzqqq"), finder.cookie);
      if (answer.status === 429) refused++;
      else finds.push(answer.ms);
    }
  }),
);
const [meetingTimes, healthTimes] = await Promise.all([
  probe(meetingPath, other.cookie, loops),
  probe("/api/health", undefined, loops),
]);
row(`find "zzzqqq" in ${LOOPS} loops, ${seconds} s`, sorted(finds), ` (${refused} refused with 429)`);
row(`other account's GET /api/meetings/{id} during the loops`, meetingTimes);
row("/api/health during the loops", healthTimes);
await server.stop();
