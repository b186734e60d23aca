import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { seedDemoData } from "../src/seed/seed-demo-data";
import { json } from "./auth-helpers";
import { createSignedInUser } from "./support/signed-in-user";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let alice: { id: number; cookie: string };
let bob: { id: number; cookie: string };

const createUser = (name: string) => createSignedInUser(server.ctx.db.sql, name);

interface Answer {
  result: string;
  sources: { meetingId: number }[];
  found?: boolean;
  conversationId?: number;
}

async function ask(who: { cookie: string }, body: Record<string, unknown>) {
  const response = await server.fetch("/api/search", json(body, who.cookie));
  expect(response.status).toBe(200);
  return (await response.json()) as Answer;
}

/** The streamed answer's `done` event. */
async function askStreamed(who: { cookie: string }, body: Record<string, unknown>) {
  const init = json(body, who.cookie);
  const response = await server.fetch("/api/search", {
    ...init,
    headers: { ...(init.headers as Record<string, string>), accept: "text/event-stream" },
  });
  expect(response.status).toBe(200);
  const text = await response.text();
  const done = /event: done\ndata: (.*)\n/.exec(text)?.[1];
  expect(done).toBeDefined();
  return JSON.parse(done!) as Answer;
}

const get = (who: { cookie: string }, path: string) => server.fetch(path, { headers: { cookie: who.cookie } });

beforeAll(async () => {
  server = await startTestServer();
  alice = await createUser("alice");
  bob = await createUser("bob");
  await seedDemoData(server.ctx.db.sql, alice.id);
  const rows = await server.ctx.db.sql<{ id: number }[]>`select id from meetings where user_id = ${alice.id}`;
  for (const row of rows) await server.ctx.indexer.indexMeeting(row.id);
  // The shared machine is slow at times: starting, seeding and indexing may take longer than a test.
}, 120_000);
afterAll(async () => {
  await server.stop();
});

describe("saved conversations", () => {
  let conversationId: number;

  test("a question without a conversation id starts one, titled by the question", async () => {
    const answer = await ask(alice, { query: "When was my last meeting with the Hendricks trust?" });
    expect(answer.result.length).toBeGreaterThan(0);
    expect(typeof answer.conversationId).toBe("number");
    conversationId = answer.conversationId!;
    const list = (await (await get(alice, "/api/conversations")).json()) as { id: number; title: string }[];
    expect(list[0]).toMatchObject({ id: conversationId, title: "When was my last meeting with the Hendricks trust?" });
  });

  test("a follow-up with the id is stored in the same conversation, streamed too, with its sources", async () => {
    const answer = await askStreamed(alice, { query: "What action items came out of it?", conversationId });
    expect(answer.conversationId).toBe(conversationId);
    const detail = (await (await get(alice, `/api/conversations/${conversationId}`)).json()) as {
      title: string;
      messageCount: number;
      messages: { role: string; content: string; sources: { meetingId: number }[] }[];
    };
    expect(detail.messageCount).toBe(4);
    expect(detail.messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(detail.messages[2]!.content).toBe("What action items came out of it?");
    expect(detail.messages[3]!.content).toBe(answer.result);
    expect(detail.messages[1]!.sources.length).toBeGreaterThan(0);
  });

  test("a streamed question without an id starts a new conversation, listed first (newest activity)", async () => {
    const answer = await askStreamed(alice, { query: "Which clients did I meet with in the last month?" });
    expect(answer.conversationId).toBeDefined();
    expect(answer.conversationId).not.toBe(conversationId);
    const list = (await (await get(alice, "/api/conversations")).json()) as { id: number; updatedAt: string }[];
    expect(list.map((c) => c.id)).toEqual([answer.conversationId!, conversationId]);
    expect(Date.parse(list[0]!.updatedAt)).toBeGreaterThanOrEqual(Date.parse(list[1]!.updatedAt));
  });

  test("a cited meeting deleted since is no longer linked from the saved answer", async () => {
    const answer = await ask(alice, { query: "When was my last meeting with the Hendricks trust?" });
    const cited = answer.sources[0]!.meetingId;
    const deleted = await server.fetch(`/api/meetings/${cited}`, {
      method: "DELETE",
      headers: { cookie: alice.cookie },
    });
    expect(deleted.status).toBe(200);
    const detail = (await (await get(alice, `/api/conversations/${answer.conversationId}`)).json()) as {
      messages: { sources: { meetingId: number }[] }[];
    };
    expect(detail.messages[1]!.sources.map((s) => s.meetingId)).not.toContain(cited);
  });

  test("another user's conversation is not found: not listed, read, continued or deleted", async () => {
    expect(await (await get(bob, "/api/conversations")).json()).toEqual([]);
    expect((await get(bob, `/api/conversations/${conversationId}`)).status).toBe(404);
    const continued = await server.fetch("/api/search", json({ query: "anything", conversationId }, bob.cookie));
    expect(continued.status).toBe(404);
    const removed = await server.fetch(`/api/conversations/${conversationId}`, {
      method: "DELETE",
      headers: { cookie: bob.cookie },
    });
    expect(removed.status).toBe(404);
    expect((await get(alice, `/api/conversations/${conversationId}`)).status).toBe(200);
  });

  test("bad ids answer 400, unknown ones 404, signed out 401", async () => {
    expect((await get(alice, "/api/conversations/abc")).status).toBe(400);
    expect((await get(alice, "/api/conversations/999999")).status).toBe(404);
    const bad = await server.fetch("/api/search", json({ query: "x", conversationId: -1 }, alice.cookie));
    expect(bad.status).toBe(400);
    expect((await server.fetch("/api/conversations")).status).toBe(401);
  });

  test("deleting a conversation removes it and its messages", async () => {
    const removed = await server.fetch(`/api/conversations/${conversationId}`, {
      method: "DELETE",
      headers: { cookie: alice.cookie },
    });
    expect(removed.status).toBe(200);
    expect((await get(alice, `/api/conversations/${conversationId}`)).status).toBe(404);
    const [left] = await server.ctx.db.sql<{ n: number }[]>`
      select count(*)::int as n from conversation_messages where conversation_id = ${conversationId}`;
    expect(left!.n).toBe(0);
  });
});
