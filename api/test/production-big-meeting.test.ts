// A large meeting read by eight clients at once must not stall the production process for everyone else: each read
// carries the transcript's opening (bounded work and size), and /api/health is answered between the reads. Before paging, one read was 20 MB of JSON in 1.1 s and eight of them held
// /api/health for 9.95 s.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { register, signIn } from "./auth-helpers";
import { buildVttOfSize } from "./support/big-meeting";
import { type ProductionProcess, startProductionProcess } from "./support/production-process";
import type { TestServer } from "./test-server";

const ANSWER_BUDGET = 300 * 1024;
const PAGE_BUDGET = 600 * 1024;
const READERS = 8;
const READS_EACH = 3;
/**
 * The meeting's size: 1 MB, whose unpaged answer would be ~2 MB of JSON, seven times the answer budget, so paging is
 * what keeps the reads within it. At the 10 MB limit the processing before the reads took 3 of the suite's minutes; the
 * paging does not depend on the size (api/bench/big-meeting.ts measures 10 MB).
 */
const MEETING_MB = 1;

let app: ProductionProcess;
let cookie: string;
let meetingId: number;

/** What auth-helpers need of a server, over HTTP to the production process. */
const overHttp = () =>
  ({
    fetch: (path: string, init?: RequestInit) => fetch(`${app.url}${path}`, init),
    ctx: { config: { dataDir: app.dataDir } },
  }) as unknown as TestServer;

const get = (path: string) => fetch(`${app.url}${path}`, { headers: { cookie } });

/** Health answer times (ms) while `work` runs, asked one after another. */
/** /api/health latencies (ms) while `work` runs (at least three), and how many were answered before it ended. */
async function probeHealthWhile(work: Promise<unknown>): Promise<number[] & { answeredDuring: number }> {
  const times: number[] = [];
  let done = false;
  let answeredDuring = 0;
  void work.finally(() => {
    done = true;
  });
  while (!done || times.length < 3) {
    const started = performance.now();
    const health = await fetch(`${app.url}/api/health`);
    await health.arrayBuffer();
    expect(health.status).toBe(200);
    times.push(performance.now() - started);
    if (!done) answeredDuring++;
    await Bun.sleep(25);
  }
  await work;
  return Object.assign(times, { answeredDuring });
}

beforeAll(async () => {
  // Hashing embeddings: what is measured is reading the meeting, not indexing it (api/bench/big-transcript.ts).
  app = await startProductionProcess({
    SESSION_SECRET: "big-meeting-suite-secret-".padEnd(64, "x"),
    LOCAL_EMBEDDER: "hashing",
  });
  const account = await register(overHttp());
  cookie = await signIn(overHttp(), account);
  const client = await (
    await fetch(`${app.url}/api/clients`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ name: "Long Day Holdings", type: "Wealth Management" }),
    })
  ).json();
  const form = new FormData();
  form.set(
    "meetingData",
    JSON.stringify({ title: "All-day review", clientId: client.id, date: new Date().toISOString() }),
  );
  form.set("audioFile", new Blob([buildVttOfSize(MEETING_MB)], { type: "text/vtt" }), "all-day.vtt");
  const upload = await fetch(`${app.url}/api/meetings/upload`, { method: "POST", body: form, headers: { cookie } });
  expect(upload.status).toBe(201);
  meetingId = (await upload.json()).id;
  // Processed in full first, so the reads below are measured alone, not against the worker's indexing (about 75 s for
  // 10 MB on two idle cores, api/bench/big-transcript.ts; much longer on a shared machine, hence the generous deadline).
  for (const deadline = Date.now() + 1_500_000; Date.now() < deadline; await Bun.sleep(2000)) {
    const meeting = await (await get(`/api/meetings/${meetingId}`)).json();
    if (meeting.status === "Failed") throw new Error(`processing failed: ${meeting.failureReason}`);
    if (meeting.status === "Processed") return;
  }
  throw new Error(`the ${MEETING_MB} MB meeting was not processed within 25 minutes`);
}, 1_700_000);

afterAll(async () => {
  await app?.stop();
});

test("eight parallel reads of a large meeting are paged, and /api/health is answered while they run", async () => {
  const baseline = await probeHealthWhile(Bun.sleep(1500));
  const sizes: { answer: number; page: number }[] = [];
  const readers = Array.from({ length: READERS }, async () => {
    for (let i = 0; i < READS_EACH; i++) {
      const answer = await (await get(`/api/meetings/${meetingId}`)).text();
      const page = await (await get(`/meetings/${meetingId}`)).text();
      sizes.push({ answer: Buffer.byteLength(answer), page: Buffer.byteLength(page) });
    }
  });
  const during = await probeHealthWhile(Promise.all(readers));

  const worst = (times: number[]) => Math.max(...times);
  // The latency is a benchmark figure, printed, not asserted (a loaded machine stretches any bound). The mechanism
  // checked: each read is paged (the sizes below), and health probes are answered between the reads, not after them
  // all (the unpaged reads held health for ~10 s, the whole run, so none was answered during it).
  console.log(
    `health worst: baseline ${worst(baseline).toFixed(0)} ms, during ${READERS} readers ${worst(during).toFixed(0)} ms; ${during.answeredDuring} probes answered during the reads (load ${readFileSync("/proc/loadavg", "utf8").trim()})`,
  );
  expect(during.answeredDuring).toBeGreaterThanOrEqual(2);
  expect(sizes).toHaveLength(READERS * READS_EACH);
  for (const size of sizes) {
    expect(size.answer).toBeLessThan(ANSWER_BUDGET);
    expect(size.page).toBeLessThan(PAGE_BUDGET);
  }
}, 300_000);

test("the whole meeting is still there: the segment ranges read on to the last one", async () => {
  const meeting = await (await get(`/api/meetings/${meetingId}`)).json();
  expect(meeting.transcript.fullTextLength).toBeGreaterThan(500_000);
  const total = meeting.transcript.segmentCount;
  const tail = await (await get(`/api/meetings/${meetingId}/transcript?from=${total - 2}`)).json();
  expect(tail).toMatchObject({ from: total - 2, to: total, total });
  expect(tail.segments).toHaveLength(2);
  const text = await (
    await get(`/api/meetings/${meetingId}/transcript/text?from=${meeting.transcript.fullTextLength - 50}`)
  ).json();
  expect(text.to).toBe(meeting.transcript.fullTextLength);
  expect(text.text.length).toBeGreaterThan(0);
});
