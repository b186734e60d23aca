// Questions are limited per account (SEARCH_LIMIT_PER_MINUTE), counted in the database so that two servers on one
// database count together; the refusal says when to try again, and other accounts are not affected.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Database } from "@cm/db";
import { createTestDatabase } from "@cm/db/testing";
import { json } from "./auth-helpers";
import { createSignedInUser } from "./support/signed-in-user";
import { startTestServer, type TestServer } from "./test-server";

const LIMIT = 3;
let database: Database;
let first: TestServer;
let second: TestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  // Two servers sharing one database, as two processes of one deployment do.
  first = await startTestServer({ SEARCH_LIMIT_PER_MINUTE: String(LIMIT) }, { database });
  second = await startTestServer({ SEARCH_LIMIT_PER_MINUTE: String(LIMIT) }, { database });
});
afterAll(async () => {
  await second.stop();
  await first.stop();
  await database.close();
});

const ask = (server: TestServer, cookie: string, query: string) => server.fetch("/api/search", json({ query }, cookie));

describe("questions per account", () => {
  test(`the question after ${LIMIT} a minute is refused with 429 and when to try again, on any server`, async () => {
    const advisor = await createSignedInUser(database.sql, "busy-advisor");
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i++) {
      const server = i % 2 === 0 ? first : second;
      statuses.push((await ask(server, advisor.cookie, `What did we agree about the bonds, take ${i}?`)).status);
    }
    expect(statuses).toEqual(Array(LIMIT).fill(200));
    const refused = await ask(second, advisor.cookie, "And what about the pension?");
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const body = (await refused.json()) as { message: string; code: string };
    expect(body.code).toBe("rate_limited");
    expect(body.message).toMatch(/^Too many questions in a short time\. Please wait \d+ seconds? and try again\.$/);
    // The refused question saved nothing: the account's conversations are the ones answered.
    const saved = (await (
      await first.fetch("/api/conversations", { headers: { cookie: advisor.cookie } })
    ).json()) as unknown[];
    expect(saved).toHaveLength(LIMIT);
  });

  test("another account asks on as usual", async () => {
    const heavy = await createSignedInUser(database.sql, "heavy-user");
    for (let i = 0; i <= LIMIT; i++) await ask(first, heavy.cookie, `Question number ${i}?`);
    expect((await ask(first, heavy.cookie, "One more?")).status).toBe(429);
    // The page asks for a stream: the refusal comes before it begins, as JSON with its status.
    const streamed = await first.fetch("/api/search", {
      ...json({ query: "Streamed?" }, heavy.cookie),
      headers: { "content-type": "application/json", accept: "text/event-stream", cookie: heavy.cookie },
    });
    expect(streamed.status).toBe(429);
    expect(streamed.headers.get("retry-after")).toBeTruthy();
    expect(((await streamed.json()) as { message: string }).message).toStartWith("Too many questions");
    const other = await createSignedInUser(database.sql, "quiet-advisor");
    expect((await ask(first, other.cookie, "What did we agree about the bonds?")).status).toBe(200);
  });
});

describe("the history a question may carry", () => {
  const turn = (content: string, i = 0) => ({ role: i % 2 === 0 ? "user" : "assistant", content });

  test("more turns than a conversation holds is refused with 400 naming the field", async () => {
    const advisor = await createSignedInUser(database.sql, "long-memory");
    const conversationHistory = Array.from({ length: 201 }, (_, i) => turn(`Turn ${i}`, i));
    const response = await first.fetch(
      "/api/search",
      json({ query: "And then?", conversationHistory }, advisor.cookie),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain("conversationHistory");
  });

  test("a turn longer than an answer can be is refused with 400 naming the field", async () => {
    const advisor = await createSignedInUser(database.sql, "long-turn");
    const conversationHistory = [turn("x".repeat(20_001))];
    const response = await first.fetch(
      "/api/search",
      json({ query: "And then?", conversationHistory }, advisor.cookie),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain("conversationHistory.0.content");
  });
});
