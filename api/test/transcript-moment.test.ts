// A moment of the recording (a summary item's source, a Meeting Intelligence link's ?t=) is found as the segment it
// falls in, so the transcript tab can load that page. Only the owner reads it.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { seedClient, seedProcessedMeeting } from "./support/seed-meeting";
import { createSignedInUser } from "./support/signed-in-user";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let owner: { id: number; cookie: string };
let stranger: { id: number; cookie: string };
let meetingId: number;

beforeAll(async () => {
  server = await startTestServer();
  owner = await createSignedInUser(server.ctx.db.sql, "moment_owner");
  stranger = await createSignedInUser(server.ctx.db.sql, "moment_stranger");
  const client = await seedClient(server.ctx.db.sql, owner.id, "Lind Household");
  meetingId = await seedProcessedMeeting(server.ctx.db.sql, owner.id, client.id, {
    title: "Budget check-in",
    date: new Date("2027-05-31T09:00:00Z"),
  });
}, 60_000);
afterAll(() => server.stop());

const at = (t: string, cookie = owner.cookie) =>
  server.fetch(`/api/meetings/${meetingId}/transcript/at?t=${t}`, { headers: { cookie } });

test("a moment falls in the last segment starting at or before it; before them all, the first", async () => {
  for (const [t, segment] of [
    ["0", 0],
    ["4.1", 0],
    ["4.2", 1],
    ["3600", 1],
  ] as const) {
    const response = await at(t);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ segment });
  }
});

test("a moment that is not a number of seconds is refused, another user's meeting is not found", async () => {
  const bad = await at("-3");
  expect(bad.status).toBe(400);
  expect(await bad.text()).toContain("validation failed: t:");
  expect((await at("12", stranger.cookie)).status).toBe(404);
});
