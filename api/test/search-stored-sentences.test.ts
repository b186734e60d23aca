// With the in-process sentence encoder, indexing stores the vectors of every sentence the answer path may score
// (migration 043, ai/src/search/fetch/stored-sentences.ts): a question whose words answer nothing is ranked by meaning
// without encoding a single sentence of the meeting again, and its answer is the one encoding them would give.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Embedder } from "@cm/ai";
import { LEADS_WHEN_FOUND } from "@cm/ai/test-support/confidence-models";
import { upsertTranscript } from "@cm/db/queries/meeting-content";
import { json } from "./auth-helpers";
import { seedClient, seedProcessedMeeting } from "./support/seed-meeting";
import { createSignedInUser } from "./support/signed-in-user";
import { startTestServer, type TestServer } from "./test-server";

const LINES = [
  ["Morgan", "Let's look at how the kids' schooling gets paid for."],
  ["Dana", "The older one starts at the state university next fall."],
  ["Morgan", "Tuition and housing come to about thirty-one thousand a year."],
  ["Dana", "We were hoping the grandparents' gift would cover the first year."],
  ["Morgan", "It covers most of it, and the 529 plan takes care of the rest."],
  ["Dana", "Good. What about the roof on the cabin?"],
  ["Morgan", "Get two quotes before we move any money for it."],
] as const;

let server: TestServer;
let user: { id: number; cookie: string };
let meetingId: number;
const embedded: string[] = [];

beforeAll(async () => {
  // The production default's embedder: the sentence encoder, whose sentences are stored.
  server = await startTestServer({ LOCAL_EMBEDDER: "sentence-encoder" }, { answerConfidence: LEADS_WHEN_FOUND });
  user = await createSignedInUser(server.ctx.db.sql, "alice");
  const client = await seedClient(server.ctx.db.sql, user.id, "Hendricks Trust");
  meetingId = await seedProcessedMeeting(server.ctx.db.sql, user.id, client.id, {
    title: "Family planning",
    date: new Date("2026-03-02T10:00:00Z"),
  });
  await upsertTranscript(server.ctx.db.sql, {
    meetingId,
    fullText: LINES.map(([who, text]) => `${who}: ${text}`).join("\n"),
    segments: LINES.map(([speaker, text], i) => ({ start: i * 6, end: i * 6 + 6, speaker, text })),
  });
  await server.ctx.indexer.indexMeeting(meetingId);
  const engine = server.ctx.ai as { embedder: Embedder };
  const inner = engine.embedder;
  engine.embedder = {
    get model() {
      return inner.model;
    },
    dimensions: inner.dimensions,
    embed(texts, signal, options) {
      embedded.push(...texts);
      return inner.embed(texts, signal, options);
    },
  };
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

async function ask(query: string) {
  const response = await server.fetch("/api/search", json({ query }, user.cookie));
  expect(response.status).toBe(200);
  return (await response.json()) as { result: string; sources: { meetingId: number }[]; confidence: string };
}

const saidInMeeting = (text: string) => LINES.some(([, line]) => text.includes(line) || line.includes(text));

test("indexing stores the sentences' vectors, and a question ranked by meaning encodes none of them", async () => {
  const [stored] = await server.ctx.db.sql<{ n: number }[]>`
    select count(*)::int as n from chunk_sentences s join chunks c on c.id = s.chunk_id
    where c.meeting_id = ${meetingId}`;
  expect(stored!.n).toBeGreaterThanOrEqual(LINES.length);

  // No word of the answer's sentence is in the question: its sentences are scored by meaning.
  const question = "How are they covering the costs of college?";
  const first = await ask(question);
  expect(first.sources.map((s) => s.meetingId)).toContain(meetingId);
  expect(embedded).toContain(question);
  expect(embedded.filter(saidInMeeting)).toEqual([]);

  // Without the stored vectors the same sentences are encoded while the advisor waits, and the answer is the same.
  await server.ctx.db.sql`delete from chunk_sentences where user_id = ${user.id}`;
  const count = embedded.length;
  const again = await ask(question);
  expect(embedded.slice(count).filter(saidInMeeting).length).toBeGreaterThan(0);
  expect(again.result).toBe(first.result);
  expect(again.sources).toEqual(first.sources);
  expect(again.confidence).toBe(first.confidence);
}, 120_000);
