// When the AI service fails (a rejected API key, say), /api/search says so in words the page matches on,
// for both the JSON answer and the streamed one, instead of a generic 500.

import { afterAll, beforeAll, expect, test } from "bun:test";
import { LEADS_WHEN_FOUND } from "@cm/ai/test-support/confidence-models";
import { type OpenAiDouble, startOpenAiDouble } from "@cm/ai/test-support/openai-double";
import { insertUser } from "@cm/db/queries/users";
import { createSession } from "../src/modules/auth/session-service";
import { seedDemoData } from "../src/seed/seed-demo-data";
import { json } from "./auth-helpers";
import { startTestServer, type TestServer } from "./test-server";

// The server is configured with a key the OpenAI-compatible double does not accept, as an operator with a revoked
// key would be; a second server points at a port where nothing listens.
let double: OpenAiDouble;
let server: TestServer;
let unreachable: TestServer;
let cookie: string;
let unreachableCookie: string;

async function seededUser(target: TestServer) {
  const user = await insertUser(target.ctx.db.sql, {
    username: "keyless",
    passwordHash: "x",
    email: "keyless@example.com",
    fullName: "Keyless",
  });
  await seedDemoData(target.ctx.db.sql, user.id);
  return `cm_session=${await createSession(target.ctx.db.sql, user.id)}`;
}

beforeAll(async () => {
  double = startOpenAiDouble({ apiKey: "sk-the-right-key" });
  const settings = { AI_RETRY_BASE_DELAY_MS: "5" };
  // The chat model's failures: every answer found leads, so the model is asked (the fitted confidence is tested apart).
  const leads = { answerConfidence: LEADS_WHEN_FOUND };
  server = await startTestServer(
    { ...settings, OPENAI_API_KEY: "sk-revoked-key", OPENAI_BASE_URL: double.baseURL },
    leads,
  );
  cookie = await seededUser(server);
  const closed = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const closedPort = closed.port;
  closed.stop(true);
  unreachable = await startTestServer(
    { ...settings, OPENAI_API_KEY: "sk-anything", OPENAI_BASE_URL: `http://127.0.0.1:${closedPort}/v1` },
    leads,
  );
  unreachableCookie = await seededUser(unreachable);
});
afterAll(async () => {
  await server?.stop();
  await unreachable?.stop();
  await double?.stop();
});

test("a rejected API key answers 502 with a message naming the API key", async () => {
  const response = await server.fetch("/api/search", json({ query: "What did we discuss last week?" }, cookie));
  expect(response.status).toBe(502);
  expect(((await response.json()) as { message: string }).message).toContain("API key");
  expect(server.logger.lines.map((l) => JSON.stringify(l)).join("\n")).not.toContain("sk-");
});

test("a streamed request that fails before its first word answers 502 naming the API key", async () => {
  const response = await server.fetch("/api/search", {
    ...json({ query: "What did we discuss last week?" }, cookie),
    headers: { "content-type": "application/json", accept: "text/event-stream", cookie },
  });
  expect(response.status).toBe(502);
  expect(((await response.json()) as { message: string }).message).toContain("API key");
});

test("an AI service that cannot be reached gives the generic text, never its address", async () => {
  const response = await unreachable.fetch("/api/search", {
    ...json({ query: "What did we discuss last week?" }, unreachableCookie),
    headers: { "content-type": "application/json", accept: "text/event-stream", cookie: unreachableCookie },
  });
  expect(response.status).toBe(502);
  const body = await response.text();
  expect(body).toContain("could not be reached");
  expect(body).not.toContain("127.0.0.1");
});
