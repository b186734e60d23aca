// Dates that JavaScript accepts but PostgreSQL does not (years beyond 1 to 9999) are the client's mistake: 400 with
// the field named, never 503 "database is unavailable"; so are dates outside 1970 to 2199 (api/src/http/parse-instant.ts).
// Questions naming odd dates are answered, not failed.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { json, registerAndSignIn } from "./auth-helpers";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await startTestServer();
  ({ cookie } = await registerAndSignIn(server));
});
afterAll(async () => {
  await server?.stop();
});

const get = (path: string) => server.fetch(path, { headers: { cookie } });

test("extreme but valid JavaScript dates in list filters answer 400 naming the field", async () => {
  for (const [query, field] of [
    ["from=-100000-01-01", "from"],
    ["to=%2B275760-09-13T00:00:00Z", "to"],
    ["from=0000-01-01T00:00:00Z", "from"],
    ["recentDays=7&to=-000001-01-01", "to"],
    ["cursor=-100000-01-01T00:00:00.000Z_5", "cursor"],
  ] as const) {
    const response = await get(`/api/meetings?${query}`);
    expect({ query, status: response.status }).toEqual({ query, status: 400 });
    expect(((await response.json()) as { message: string }).message).toContain(field);
  }
});

test("dates outside 1970 to 2199, or not written ISO 8601, answer 400 naming the field", async () => {
  for (const [query, field] of [
    ["from=0001-01-01T00:00:00Z", "from"],
    ["from=1969-12-31T23:59:59Z", "from"],
    ["to=2200-01-01T00:00:00Z", "to"],
    ["date=1900-01-01", "date"],
    ["month=1969-12", "month"],
    ["month=2200-01", "month"],
    // new Date() read these as 1 January 2001 and 2 March 2026.
    ["from=1%09", "from"],
    ["to=2026-02-30", "to"],
  ] as const) {
    const response = await get(`/api/meetings?${query}`);
    expect({ query, status: response.status }).toEqual({ query, status: 400 });
    expect(((await response.json()) as { message: string }).message).toContain(field);
  }
});

test("the edges of the accepted range still work", async () => {
  for (const query of ["from=1970-01-01T00:00:00Z", "to=2199-12-31T23:59:59Z", "date=2199-12-31", "month=1970-01"]) {
    const response = await get(`/api/meetings?${query}`);
    expect({ query, status: response.status }).toEqual({ query, status: 200 });
  }
});

test("questions naming odd dates are answered, never a server error", async () => {
  for (const query of [
    "What did we discuss on 0000-01-01?",
    "Meetings on 9999-12-31",
    "What happened in 275760?",
    "Action items from 31 February 2026",
    "Which clients did I meet in -100000?",
  ]) {
    const response = await server.fetch("/api/search", json({ query }, cookie));
    expect({ query, status: response.status }).toEqual({ query, status: 200 });
  }
});
