// With the in-process encoder, a text an account's earlier question embedded is not embedded again by the process
// (ai/src/search/fetch/embedding-memo.ts): the same question asked again takes nothing from the encoder, and gets the
// same answer. Another account's question embeds its own texts.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Embedder } from "@cm/ai";
import { LEADS_WHEN_FOUND } from "@cm/ai/test-support/confidence-models";
import { json } from "./auth-helpers";
import { seedClient, seedProcessedMeeting } from "./support/seed-meeting";
import { createSignedInUser } from "./support/signed-in-user";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let alice: { id: number; cookie: string };
let bob: { id: number; cookie: string };
const embedded: string[] = [];

beforeAll(async () => {
  server = await startTestServer({}, { answerConfidence: LEADS_WHEN_FOUND });
  alice = await createSignedInUser(server.ctx.db.sql, "alice");
  bob = await createSignedInUser(server.ctx.db.sql, "bob");
  for (const user of [alice, bob]) {
    const client = await seedClient(server.ctx.db.sql, user.id, "Hendricks Trust");
    const id = await seedProcessedMeeting(server.ctx.db.sql, user.id, client.id, {
      title: "Quarterly review",
      date: new Date("2026-03-02T10:00:00Z"),
    });
    await server.ctx.indexer.indexMeeting(id);
  }
  // Every text the search route hands the engine's embedder, counted.
  const engine = server.ctx.ai as { embedder: Embedder };
  const inner = engine.embedder;
  engine.embedder = {
    model: inner.model,
    dimensions: inner.dimensions,
    embed(texts, signal, options) {
      embedded.push(...texts);
      return inner.embed(texts, signal, options);
    },
  };
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

async function ask(who: { cookie: string }, query: string) {
  const response = await server.fetch("/api/search", json({ query }, who.cookie));
  expect(response.status).toBe(200);
  return (await response.json()) as { result: string; sources: { meetingId: number }[] };
}

test("a question asked again embeds nothing and answers the same; another account's embeds its own", async () => {
  const question = "What did the trustees approve about short-term bonds?";
  const first = await ask(alice, question);
  expect(embedded).toContain(question);
  const count = embedded.length;
  const again = await ask(alice, question);
  expect(embedded).toHaveLength(count);
  expect(again.result).toBe(first.result);
  expect(again.sources).toEqual(first.sources);
  await ask(bob, question);
  expect(embedded.slice(count)).toContain(question);
});
