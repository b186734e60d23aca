// The production default end to end: no LOCAL_EMBEDDER set, so the local engine embeds with the Universal Sentence
// Encoder. A transcript file goes through upload, the worker's summary and indexing (chunks and their windows), search
// answers from it, and a question worded unlike the transcript finds it by its vectors. Other tests ask for the
// hashing embedder to stay quick.

import { afterAll, beforeAll, expect, test } from "bun:test";
import { retrievePassages } from "@cm/ai/search";
import { LEADS_WHEN_FOUND } from "@cm/ai/test-support/confidence-models";
import { json, registerAndSignIn } from "./auth-helpers";
import { createClient, uploadTranscript, waitForStatus } from "./hostile-fixtures";
import { startTestServer, type TestServer, WITH_WORKER } from "./test-server";

let server: TestServer;
let cookie: string;
let collegeId: number;
let unrelatedId: number;

const COLLEGE = [
  "Dana: Let's look at the education savings for the twins.",
  "Elaine: The 529 plan balance is sixty-four thousand dollars after the market dip.",
  "Dana: At your current contributions it covers about three years of in-state tuition.",
  "Elaine: Then I will raise the monthly contribution to eight hundred starting in March.",
].join("\n");
const UNRELATED = [
  "Tom: The roof repair quote came in at twelve thousand.",
  "Maria: We should ask the contractor for a second estimate before signing.",
].join("\n");

beforeAll(async () => {
  // An empty value is an unset one: the configuration's default embedder.
  server = await startTestServer({ ...WITH_WORKER, LOCAL_EMBEDDER: "" }, { answerConfidence: LEADS_WHEN_FOUND });
  ({ cookie } = await registerAndSignIn(server));
  const client = await createClient(server, cookie, "Whitfield Household");
  collegeId = (await uploadTranscript(server, cookie, client.id, "Quarterly review", COLLEGE)).id;
  unrelatedId = (await uploadTranscript(server, cookie, client.id, "House matters", UNRELATED)).id;
  for (const id of [collegeId, unrelatedId]) {
    expect((await waitForStatus(server, cookie, id, 120_000)).status).toBe("Processed");
  }
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

test("the default local embedder is the sentence encoder, and indexing stores each chunk's windows", async () => {
  expect(server.ctx.ai.embedder.model).toBe("use-lite-512");
  const rows = await server.ctx.db.sql<{ model: string; windows: number; dims: number }[]>`
    select c.embedding_model as model, count(w.*)::int as windows, max(vector_dims(w.embedding))::int as dims
    from chunks c left join chunk_windows w on w.chunk_id = c.id
    where c.meeting_id = ${collegeId} group by c.id, c.embedding_model`;
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    expect(row.model).toBe("use-lite-512");
    expect(row.windows).toBeGreaterThan(0);
    expect(row.dims).toBe(512);
  }
});

test("search answers from the meeting, and the vectors alone find it for a question sharing none of its words", async () => {
  const response = await server.fetch(
    "/api/search",
    json({ query: "What is the balance of the college savings plan?" }, cookie),
  );
  expect(response.status).toBe(200);
  const body = (await response.json()) as { sources: { meetingId: number }[]; found?: boolean };
  expect(body.sources[0]?.meetingId).toBe(collegeId);

  const [user] = await server.ctx.db.sql<{ id: number }[]>`select user_id as id from meetings where id = ${collegeId}`;
  const hits = await retrievePassages(
    server.ctx.answerStore,
    server.ctx.ai.embedder,
    user!.id,
    "How much money is put aside for the kids' university?",
    { mode: "vector", k: 3 },
  );
  expect(hits[0]?.meetingId).toBe(collegeId);
}, 60_000);
