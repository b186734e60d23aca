// A saved note reaches Meeting Intelligence once typing settles (autosave sends it every second or so): one durable
// index-note job, moved back by each save, indexes it once, as last saved; an emptied note leaves no passages behind.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { json, registerAndSignIn } from "./auth-helpers";
import { createClient, uploadTranscript, waitForStatus } from "./hostile-fixtures";
import { startTestServer, type TestServer, WITH_WORKER } from "./test-server";

let server: TestServer;
let cookie: string;
let meetingId: number;

beforeAll(async () => {
  server = await startTestServer(WITH_WORKER);
  ({ cookie } = await registerAndSignIn(server));
  const client = await createClient(server, cookie, "Note Indexing Client");
  meetingId = (await uploadTranscript(server, cookie, client.id, "Estate review")).id;
  expect((await waitForStatus(server, cookie, meetingId)).status).toBe("Processed");
});
afterAll(async () => {
  await server?.stop();
});

const noteChunks = async () =>
  (
    await server.ctx.db.sql<{ content: string }[]>`
      select content from chunks where meeting_id = ${meetingId} and source = 'note' order by id`
  ).map((r) => r.content);
/** The note's passages once `done` holds of them; a loaded machine runs the delayed job late, so no fixed wait. */
async function noteChunksOnce(done: (chunks: string[]) => boolean): Promise<string[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const chunks = await noteChunks();
    if (done(chunks) || Date.now() > deadline) return chunks;
    await Bun.sleep(100);
  }
}
/** The note's index jobs' statuses once `done` holds of them (a 30 s limit): the job is delayed, and runs late under load. */
async function indexJobsOnce(done: (statuses: string[]) => boolean): Promise<string[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const jobs = await server.ctx.db.sql<{ status: string }[]>`
      select status from jobs where kind = 'index-note' and meeting_id = ${meetingId} order by id`;
    const statuses = jobs.map((j) => j.status);
    if (done(statuses) || Date.now() > deadline) return statuses;
    await Bun.sleep(100);
  }
}
const saveNote = async (content: string) => {
  const response = await server.fetch("/api/notes", json({ meetingId, content }, cookie));
  expect(response.status).toBe(200);
};

test("autosaves while typing are indexed once, as last saved, about two seconds after the last one", async () => {
  for (const draft of [
    "Client wants",
    "Client wants the beach house",
    "Client wants the beach house in the QTIP trust",
  ]) {
    await saveNote(draft);
    await Bun.sleep(300);
  }
  expect(await noteChunks()).toEqual([]); // still typing
  // A durable job, not a timer: the three saves queued one job, moved back by each save, which has run.
  const jobs = await indexJobsOnce((statuses) => statuses.length > 0 && statuses.every((s) => s === "done"));
  expect(jobs).toEqual(["done"]);
  const chunks = await noteChunks();
  expect(chunks).toHaveLength(1);
  expect(chunks[0]).toContain("Client wants the beach house in the QTIP trust");

  const search = await server.fetch("/api/search", json({ query: "Where does the beach house go?" }, cookie));
  const body = (await search.json()) as { sources: { meetingId: number; snippet: string }[] };
  expect(body.sources.some((s) => s.meetingId === meetingId && /QTIP/.test(s.snippet))).toBe(true);
});

test("an emptied note takes its passages out of search", async () => {
  await saveNote("");
  expect(await noteChunksOnce((c) => c.length === 0)).toEqual([]);
  // The transcript and summary passages are untouched.
  const [row] = await server.ctx.db.sql<{ n: number }[]>`
    select count(*)::int as n from chunks where meeting_id = ${meetingId} and source <> 'note'`;
  expect(row!.n).toBeGreaterThan(0);
});
