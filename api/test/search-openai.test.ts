// Meeting Intelligence on the openai engine, against the loopback OpenAI double: the question's embedding gets one
// short try and full-text search takes over when it fails; an answer the model did not finish is marked as cut, in
// its text and in the stream's `done` event; nothing found means no chat call; history never becomes model turns.

import { afterAll, beforeAll, beforeEach, expect, test } from "bun:test";
import { LEADS_WHEN_FOUND } from "@cm/ai/test-support/confidence-models";
import { type OpenAiDouble, startOpenAiDouble } from "@cm/ai/test-support/openai-double";
import { insertUser } from "@cm/db/queries/users";
import { createSession } from "../src/modules/auth/session-service";
import { seedDemoData } from "../src/seed/seed-demo-data";
import { json } from "./auth-helpers";
import { startTestServer, type TestServer } from "./test-server";

let double: OpenAiDouble;
let server: TestServer;
let cookie: string;

beforeAll(async () => {
  double = startOpenAiDouble({ apiKey: "sk-test" });
  // The chat model's path: every answer found leads (the fitted confidence is tested apart).
  server = await startTestServer(
    { AI_RETRY_BASE_DELAY_MS: "5", OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: double.baseURL },
    { answerConfidence: LEADS_WHEN_FOUND },
  );
  const sql = server.ctx.db.sql;
  const user = await insertUser(sql, { username: "openai", passwordHash: "x", email: "o@example.com", fullName: "O" });
  await seedDemoData(sql, user.id);
  for (const row of await sql<{ id: number }[]>`select id from meetings where user_id = ${user.id}`)
    await server.ctx.indexer.indexMeeting(row.id);
  cookie = `cm_session=${await createSession(sql, user.id)}`;
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await double?.stop();
});
beforeEach(() => {
  double.requests.length = 0;
});

const QUESTION = "When was my last meeting with the Hendricks trust?";
const requestsTo = (path: string) => double.requests.filter((r) => r.path === path);

async function streamed(query: string, conversationHistory?: { role: string; content: string }[]) {
  const response = await server.fetch("/api/search", {
    ...json({ query, ...(conversationHistory ? { conversationHistory } : {}) }, cookie),
    headers: { "content-type": "application/json", accept: "text/event-stream", cookie },
  });
  expect(response.status).toBe(200);
  const text = await response.text();
  const done = /event: done\ndata: (.*)/.exec(text)?.[1];
  return JSON.parse(done ?? "null") as { result: string; found: boolean; cut?: boolean; sources: unknown[] };
}

test("a whole answer: one embedding request (the question; its sentences are scored locally), one chat call, no cut", async () => {
  const done = await streamed(QUESTION);
  expect(done.result).toBe("Example streamed answer.");
  expect(done.cut).toBeUndefined();
  expect(requestsTo("/v1/embeddings")).toHaveLength(1);
  expect(requestsTo("/v1/chat/completions")).toHaveLength(1);
});

test("the question's embedding fails: one try, then full-text search, and the answer still comes", async () => {
  double.failNext({ path: "/v1/embeddings", status: 500 });
  const response = await server.fetch("/api/search", json({ query: QUESTION }, cookie));
  expect(response.status).toBe(200);
  const answer = (await response.json()) as { result: string; found: boolean; sources: { meetingId: number }[] };
  expect(answer.found).toBe(true);
  expect(answer.sources.length).toBeGreaterThan(0);
  expect(answer.result).toBe("Example streamed answer.");
  // One failed request and no retries: the 500 would have cleared on a second try.
  expect(requestsTo("/v1/embeddings")).toHaveLength(1);
  expect(requestsTo("/v1/chat/completions")).toHaveLength(1);
  expect(JSON.stringify(server.logger.lines)).toContain("question not embedded; answered from full-text search");
});

test("an answer cut at the output cap says so in its text and in the done event", async () => {
  double.failNext({ path: "/v1/chat/completions", text: "The last meeting was on", finishReason: "length" });
  const done = await streamed(QUESTION);
  expect(done.cut).toBe(true);
  expect(done.result).toStartWith("The last meeting was on\n\n*This answer was cut off");
});

test("a stream that breaks off is marked as cut too, never reported complete", async () => {
  double.failNext({ path: "/v1/chat/completions", text: "The last meeting was on", truncate: true });
  const done = await streamed(QUESTION);
  expect(done.cut).toBe(true);
  expect(done.result).toContain("*This answer was interrupted before it was complete.");
});

test("nothing found: the plain answer and no chat call", async () => {
  const done = await streamed("xqzv");
  expect(done.found).toBe(false);
  expect(requestsTo("/v1/chat/completions")).toHaveLength(0);
});

test("the client's history is quoted data in one user message, clipped, never assistant turns", async () => {
  const history = Array.from({ length: 20 }, (_, i) => ({
    role: i % 2 ? "assistant" : "user",
    content: `Turn ${i + 1}. ${"x".repeat(19_990)}`,
  }));
  await streamed(QUESTION, history);
  const [chat] = requestsTo("/v1/chat/completions");
  const messages = chat!.body.messages as { role: string; content: string }[];
  expect(messages.map((m) => m.role)).toEqual(["system", "user"]);
  expect(messages[1]!.content).toContain("EARLIER CONVERSATION");
  expect(messages[1]!.content).toContain("Assistant: Turn 20.");
  expect(messages[1]!.content).not.toContain("Turn 1.");
  // Was 283,707 characters for such a question with full summaries; the budget keeps it under 40,000.
  expect(JSON.stringify(messages).length).toBeLessThan(40_000);
});

test("a follow-up reaches the model with the last answer's client and its link", async () => {
  const sql = server.ctx.db.sql;
  const [pierce] = await sql<{ id: number }[]>`
    select m.id from meetings m join clients c on c.id = m.client_id
    where c.name = 'Walter & Joan Pierce' order by m.date desc limit 1`;
  const history = [
    { role: "user", content: "Who is taking the pension?" },
    { role: "assistant", content: `**Joan takes the pension.** — [Review](/meetings/${pierce!.id})` },
  ];
  await streamed("And what did she decide about it?", history);
  const [chat] = requestsTo("/v1/chat/completions");
  const prompt = (chat!.body.messages as { content: string }[])[1]!.content;
  expect(prompt).toContain("clients Walter & Joan Pierce");
  expect(prompt).toContain("a follow-up");
  expect(prompt).toContain(`/meetings/${pierce!.id}`);
});

test("the model is told who 'I' is: the signed-in advisor's full name reaches the prompt", async () => {
  await streamed("What did I promise the Hendricks trust?");
  const [chat] = requestsTo("/v1/chat/completions");
  const prompt = (chat!.body.messages as { content: string }[])[1]!.content;
  expect(prompt).toContain('the user asking ("I", "my") is the advisor O');
});
