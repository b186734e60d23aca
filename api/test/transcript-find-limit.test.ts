// Finds in transcripts are limited per account (issue 27: one account's loop of finds on its own 10 MB transcript
// slowed every other account): past TRANSCRIPT_FIND_LIMIT_PER_MINUTE a find answers 429 with Retry-After, and
// another account still finds.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { buildBigTranscript, seedBigMeeting } from "./support/big-meeting";
import { seedClient } from "./support/seed-meeting";
import { createSignedInUser } from "./support/signed-in-user";
import { startTestServer, type TestServer } from "./test-server";

const LIMIT = 3;
let server: TestServer;
const accounts: { cookie: string; meetingId: number }[] = [];

beforeAll(async () => {
  server = await startTestServer({ TRANSCRIPT_FIND_LIMIT_PER_MINUTE: String(LIMIT) });
  for (const name of ["find_limit_a", "find_limit_b"]) {
    const user = await createSignedInUser(server.ctx.db.sql, name);
    const client = await seedClient(server.ctx.db.sql, user.id, "Harbor Family Trust");
    const transcript = buildBigTranscript(0.05);
    const meetingId = await seedBigMeeting(server.ctx.db.sql, { userId: user.id, clientId: client.id, transcript });
    accounts.push({ cookie: user.cookie, meetingId });
  }
}, 60_000);
afterAll(() => server.stop());

const find = ({ cookie, meetingId }: { cookie: string; meetingId: number }, words: string) =>
  server.fetch(`/api/meetings/${meetingId}/transcript/find?q=${encodeURIComponent(words)}`, { headers: { cookie } });

test("past the limit a find answers 429 with Retry-After; another account still finds", async () => {
  const [a, b] = accounts as [(typeof accounts)[0], (typeof accounts)[0]];
  for (let i = 0; i < LIMIT; i++) {
    const answer = await find(a, "zzzqqq");
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ matches: [], total: 0 });
  }
  const refused = await find(a, "countersign");
  expect(refused.status).toBe(429);
  const retryAfter = Number(refused.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  const body = await refused.json();
  expect(body.code).toBe("rate_limited");
  expect(body.message).toContain("rate limited");
  expect(body.message).toContain(`${retryAfter} second`);

  const other = await find(b, "countersign");
  expect(other.status).toBe(200);
  expect((await other.json()).total).toBeGreaterThan(0);
});

test("the configured limit is checked at start", async () => {
  const { loadConfig } = await import("../src/config");
  expect(loadConfig({ NODE_ENV: "test" }).transcriptFindLimits.perMinute).toBe(30);
  expect(() => loadConfig({ NODE_ENV: "test", TRANSCRIPT_FIND_LIMIT_PER_MINUTE: "0" })).toThrow(
    "TRANSCRIPT_FIND_LIMIT_PER_MINUTE",
  );
});
