// A secret in a URL (the calendar feed's token, a checkout session id) never reaches the logs, and the feed keeps
// its Referrer-Policy: no-referrer, so no page opened from it learns the URL either.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { redactPath } from "../src/http/redact-path";
import { createSignedInUser } from "./support/signed-in-user";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

const logged = () => JSON.stringify(server.logger.lines);

test("the feed's token is redacted in the request log, and the feed answers with Referrer-Policy: no-referrer", async () => {
  const alice = await createSignedInUser(server.ctx.db.sql, "alice");
  const created = await server.fetch("/api/calendar/feed", { method: "POST", headers: { cookie: alice.cookie } });
  const { url } = (await created.json()) as { url: string };
  const path = new URL(url).pathname;
  const token = path.slice("/api/calendar/".length, -".ics".length);
  expect(token.length).toBeGreaterThan(20);

  const feed = await server.fetch(path);
  expect(feed.status).toBe(200);
  expect(feed.headers.get("referrer-policy")).toBe("no-referrer");
  // A wrong token is logged redacted too (its 404 goes through the error handler).
  expect((await server.fetch("/api/calendar/not-a-real-token-at-all-0123456789.ics")).status).toBe(404);
  expect((await server.fetch("/api/payments/session/cs_test_secret_session_id")).status).toBeGreaterThanOrEqual(400);

  await Bun.sleep(50); // the request line is written after the response
  const text = logged();
  expect(text).not.toContain(token);
  expect(text).not.toContain("not-a-real-token");
  expect(text).not.toContain("cs_test_secret_session_id");
  const feedLines = server.logger.lines.filter(
    (line) => line.msg === "request" && line.path === "/api/calendar/[redacted].ics",
  );
  expect(feedLines.length).toBeGreaterThanOrEqual(2);
  // Other answers keep the product's default policy.
  expect((await server.fetch("/api/health")).headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
}, 60_000);

test("ordinary paths are logged as they are", () => {
  for (const path of [
    "/api/calendar/feed",
    "/api/meetings/12",
    "/meetings/3",
    "/api/payments/plans",
    "/api/calendar/",
  ]) {
    expect(redactPath(path)).toBe(path);
  }
  expect(redactPath("/api/calendar/abc.ics")).toBe("/api/calendar/[redacted].ics");
  expect(redactPath("/api/payments/session/cs_live_1/x")).toBe("/api/payments/session/[redacted]/x");
});
