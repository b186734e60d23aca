// When the AI service fails (a rejected API key, say), /api/search says so in words the page matches on,
// for both the JSON answer and the streamed one, instead of a generic 500.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { AnswerComposer } from "@cm/ai/src/search/answer-types";
import { AiServiceError } from "@cm/ai/src/types";
import { insertUser } from "@cm/db/src/queries/users";
import { createSession } from "../src/modules/auth/session-service";
import { seedDemoData } from "../src/seed/seed-demo-data";
import { json } from "./auth-helpers";
import { startTestServer, type TestServer } from "./test-server";

const REJECTED = "The AI service rejected the API key (check OPENAI_API_KEY)";
let failWith: Error = new AiServiceError(REJECTED);
const failingComposer: AnswerComposer = {
  // biome-ignore lint/correctness/useYield: it fails before its first word, as a rejected key does
  async *compose() {
    throw failWith;
  },
};

let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await startTestServer({}, { composer: failingComposer });
  const user = await insertUser(server.ctx.db.sql, {
    username: "keyless",
    passwordHash: "x",
    email: "keyless@example.com",
    fullName: "Keyless",
  });
  await seedDemoData(server.ctx.db.sql, user.id);
  cookie = `cm_session=${await createSession(server.ctx.db.sql, user.id)}`;
});
afterAll(async () => {
  await server?.stop();
});

test("a rejected API key answers 502 with a message naming the API key", async () => {
  failWith = new AiServiceError(REJECTED);
  const response = await server.fetch("/api/search", json({ query: "What did we discuss last week?" }, cookie));
  expect(response.status).toBe(502);
  expect(((await response.json()) as { message: string }).message).toContain("API key");
  expect(server.logger.lines.map((l) => JSON.stringify(l)).join("\n")).not.toContain("sk-");
});

test("a streamed answer ends with an error event that names the API key", async () => {
  failWith = new AiServiceError(REJECTED);
  const response = await server.fetch("/api/search", {
    ...json({ query: "What did we discuss last week?" }, cookie),
    headers: { "content-type": "application/json", accept: "text/event-stream", cookie },
  });
  const body = await response.text();
  expect(body).toContain("event: error");
  expect(body).toContain("API key");
});

test("any other failure mid-stream gives the generic text, never internals", async () => {
  failWith = new Error("socket hang up at 10.0.0.7:443");
  const response = await server.fetch("/api/search", {
    ...json({ query: "What did we discuss last week?" }, cookie),
    headers: { "content-type": "application/json", accept: "text/event-stream", cookie },
  });
  const body = await response.text();
  expect(body).toContain("There was a problem processing your search. Please try again.");
  expect(body).not.toContain("10.0.0.7");
});
