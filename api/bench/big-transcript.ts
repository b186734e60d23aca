// How a large transcript file affects everyone else: upload, processing (parse, summary, chunks, embeddings) and
// deletion of one meeting, while a second client asks GET /api/health every 50 ms. Prints the processing and
// deletion times and the worst health latency during each. The worker runs on its own thread (WORKER=on), the
// embedded database on its own; `--db native` uses TEST_DATABASE_URL's server instead. `--kind commitments` uploads
// the worst kind of text (every sentence a different commitment, ai/test-support/commitment-transcript.ts) instead of
// an ordinary conversation. Set EMBEDDED_DB_SLOW_MS=100 to have every statement that held the embedded database
// longer than that named on stderr. The last column is the process's peak resident memory so far (VmHWM).
// `--embedder sentence-encoder` indexes with the production default instead of the hashing embedder. After the table,
// each size's CPU seconds of this process (server, worker and database threads) while processing, the load average,
// and the job's step times from its "meeting processed" / "meeting indexed" log lines.
//   bun run api/bench/big-transcript.ts [--sizes 0.2,2,10] [--db native] [--kind commitments] [--embedder sentence-encoder]

import { readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { buildCommitmentVtt } from "../../ai/test-support/commitment-transcript";
import { json, registerAndSignIn } from "../test/auth-helpers";
import { buildLongTranscriptVtt } from "../test/support/long-transcript";
import { startTestServer, type TestServer, WITH_WORKER } from "../test/test-server";

const args = process.argv.slice(2);
const sizes = (
  args[args.indexOf("--sizes") + 1] && args.includes("--sizes") ? args[args.indexOf("--sizes") + 1]! : "0.2,2,10"
)
  .split(",")
  .map(Number);
if (args.includes("--db") && args[args.indexOf("--db") + 1] === "native") process.env.TEST_DB_TARGET = "native";
const commitments = args.includes("--kind") && args[args.indexOf("--kind") + 1] === "commitments";
const embedder = args.includes("--embedder") ? args[args.indexOf("--embedder") + 1]! : "hashing";

/** This process's peak resident memory in MB (VmHWM), or "?" where /proc is absent. */
function peakRssMegabytes(): string {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "latin1"))?.[1];
    return kb ? `${(Number(kb) / 1024).toFixed(0)} MB` : "?";
  } catch {
    return "?";
  }
}

/** CPU seconds of each of this process's threads so far, by thread id and name (Linux; empty elsewhere). */
function threadCpuSeconds(): Map<string, { name: string; seconds: number }> {
  const threads = new Map<string, { name: string; seconds: number }>();
  try {
    for (const tid of readdirSync("/proc/self/task")) {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, "latin1");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      threads.set(tid, { name, seconds: (Number(fields[11]) + Number(fields[12])) / 100 });
    }
  } catch {
    // no /proc: no breakdown
  }
  return threads;
}

/** The threads that used at least a second between two readings, busiest first: "name 12.3 s". */
function busiestThreads(before: Map<string, { name: string; seconds: number }>): string {
  return [...threadCpuSeconds()]
    .map(([tid, { name, seconds }]) => ({ name, seconds: seconds - (before.get(tid)?.seconds ?? 0) }))
    .filter((t) => t.seconds >= 1)
    .sort((a, b) => b.seconds - a.seconds)
    .map((t) => `${t.name} ${t.seconds.toFixed(1)} s`)
    .join(", ");
}

/** Health latencies while `work` runs: the worst and the 99th percentile, in ms. */
async function whileProbing(server: TestServer, work: () => Promise<void>) {
  const latencies: number[] = [];
  let done = false;
  const probe = (async () => {
    while (!done) {
      const started = performance.now();
      await (await server.fetch("/api/health")).arrayBuffer();
      latencies.push(performance.now() - started);
      await Bun.sleep(50);
    }
  })();
  const started = performance.now();
  await work();
  const elapsed = performance.now() - started;
  done = true;
  await probe;
  latencies.sort((a, b) => a - b);
  return {
    seconds: elapsed / 1000,
    worst: latencies.at(-1) ?? 0,
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
  };
}

function vttOfSize(megabytes: number): string {
  if (commitments) return buildCommitmentVtt(Math.floor(megabytes * 1024 * 1024));
  // About 1 KB of WebVTT a minute of conversation.
  let minutes = Math.max(10, Math.round(megabytes * 1000));
  for (;;) {
    const text = buildLongTranscriptVtt(minutes);
    if (text.length >= megabytes * 1024 * 1024 * 0.97) return text.slice(0, Math.floor(megabytes * 1024 * 1024));
    minutes = Math.ceil(minutes * ((megabytes * 1024 * 1024) / text.length) * 1.02);
  }
}

const server = await startTestServer({
  ...WITH_WORKER,
  MAX_UPLOAD_BYTES: String(600 * 1024 * 1024),
  LOCAL_EMBEDDER: embedder,
});
const notes: string[] = [];
const { cookie } = await registerAndSignIn(server);
const client = await (await server.fetch("/api/clients", json({ name: "Bench", type: "Tax" }, cookie))).json();
console.log(
  "| transcript | processing | health worst / p99 while processing | delete | health worst / p99 while deleting | chunks | peak RSS |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- |");
for (const megabytes of sizes) {
  const text = vttOfSize(megabytes);
  let id = 0;
  const cpuBefore = process.cpuUsage();
  const threadsBefore = threadCpuSeconds();
  const processing = await whileProbing(server, async () => {
    const form = new FormData();
    form.set(
      "meetingData",
      JSON.stringify({ title: `${megabytes} MB`, clientId: client.id, date: new Date().toISOString() }),
    );
    form.set("audioFile", new Blob([text], { type: "text/vtt" }), "big.vtt");
    const response = await server.fetch("/api/meetings/upload", { method: "POST", body: form, headers: { cookie } });
    if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
    id = (await response.json()).id;
    for (;;) {
      const meeting = await (await server.fetch(`/api/meetings/${id}`, { headers: { cookie } })).json();
      if (meeting.status === "Processed" || meeting.status === "Failed") {
        if (meeting.status === "Failed") console.log(`(${megabytes} MB failed: ${meeting.failureReason})`);
        return;
      }
      await Bun.sleep(200);
    }
  });
  const cpu = process.cpuUsage(cpuBefore);
  const steps = server.logger.lines.filter(
    (line) => line.meetingId === id && (line.msg === "meeting processed" || line.msg === "meeting indexed"),
  );
  notes.push(
    `${megabytes} MB: CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s (user ${(cpu.user / 1e6).toFixed(1)} s) in ${processing.seconds.toFixed(1)} s, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}; threads: ${busiestThreads(threadsBefore)}; ${steps.map((line) => JSON.stringify(line)).join(" ")}`,
  );
  const [row] = await server.ctx.db.sql<
    { n: number }[]
  >`select count(*)::int as n from chunks where meeting_id = ${id}`;
  const deletion = await whileProbing(server, async () => {
    const response = await server.fetch(`/api/meetings/${id}`, { method: "DELETE", headers: { cookie } });
    if (!response.ok) throw new Error(`delete answered ${response.status}`);
  });
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  console.log(
    `| ${megabytes} MB | ${processing.seconds.toFixed(1)} s | ${ms(processing.worst)} / ${ms(processing.p99)} | ${deletion.seconds.toFixed(2)} s | ${ms(deletion.worst)} / ${ms(deletion.p99)} | ${row?.n ?? 0} | ${peakRssMegabytes()} |`,
  );
}
for (const note of notes) console.log(note);
await server.stop();
