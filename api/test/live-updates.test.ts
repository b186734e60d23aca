// GET /api/live: a per-user event stream that says "your data changed", whichever process changed it.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { LIVE_DEFAULTS } from "../src/live/live-hub";
import { liveHubOf } from "../src/live/live-routes";
import { json } from "./auth-helpers";
import { type EventStreamReader, readEventStream } from "./support/event-stream-reader";
import { seedClient, seedProcessedMeeting } from "./support/seed-meeting";
import { createSignedInUser } from "./support/signed-in-user";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
const open: EventStreamReader[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await Promise.all(open.map((reader) => reader.cancel()));
  await server?.stop();
});

async function connect(cookie: string) {
  const response = await server.fetch("/api/live", { headers: { cookie, accept: "text/event-stream" } });
  if (response.status !== 200) return { response, reader: undefined };
  const reader = readEventStream(response);
  open.push(reader);
  return { response, reader };
}

const versionOf = async (userId: number) =>
  Number((await server.ctx.db.sql`select data_version from users where id = ${userId}`)[0]!.data_version);

/** Waits until this process holds `count` streams of the user (a closed one is noticed asynchronously). */
async function waitForStreams(userId: number, count: number) {
  const deadline = Date.now() + 10_000;
  while (liveHubOf(server.ctx).count(userId) !== count) {
    if (Date.now() > deadline)
      throw new Error(`expected ${count} live streams, have ${liveHubOf(server.ctx).count(userId)}`);
    await Bun.sleep(50);
  }
}

describe("GET /api/live", () => {
  test("signed out: 401 with the spec's message, no stream", async () => {
    const response = await server.fetch("/api/live");
    expect(response.status).toBe(401);
    expect((await response.json()).message).toBe("Authentication required. Please log in again.");
  });

  test("the first event is the user's data version; a change through the API sends the new one", async () => {
    const user = await createSignedInUser(server.ctx.db.sql, "live-api-user");
    const { response, reader } = await connect(user.cookie);
    expect(response.headers.get("content-type")).toStartWith("text/event-stream");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await reader!.next()).toEqual({ event: "version", data: String(await versionOf(user.id)) });

    const created = await server.fetch(
      "/api/clients",
      json({ name: "Harbourside Dental", type: "Small Business" }, user.cookie),
    );
    expect(created.status).toBe(201);
    expect(await reader!.next()).toEqual({ event: "version", data: String(await versionOf(user.id)) });
  });

  test("a meeting finished by another process (a direct database write) reaches the stream; other users' do not", async () => {
    const sql = server.ctx.db.sql;
    const owner = await createSignedInUser(sql, "live-owner");
    const other = await createSignedInUser(sql, "live-other");
    const client = await seedClient(sql, owner.id, "Quayside Partners");
    const otherClient = await seedClient(sql, other.id, "Elsewhere Ltd");
    const meetingId = await seedProcessedMeeting(sql, owner.id, client.id, { title: "Review", date: new Date() });
    await sql`update meetings set status = 'Processing' where id = ${meetingId}`;
    const { reader } = await connect(owner.cookie);
    expect((await reader!.next())?.event).toBe("version");

    // Another user's change, then the owner's: the owner's stream carries only the owner's version.
    await seedProcessedMeeting(sql, other.id, otherClient.id, { title: "Not yours", date: new Date() });
    await Bun.sleep(LIVE_DEFAULTS.checkMs * 2);
    await sql`update meetings set status = 'Processed' where id = ${meetingId}`;
    const next = await reader!.next();
    expect(next).toEqual({ event: "version", data: String(await versionOf(owner.id)) });
  });

  test("signing out ends the stream with a signed-out event", async () => {
    const user = await createSignedInUser(server.ctx.db.sql, "live-logout");
    const { reader } = await connect(user.cookie);
    expect((await reader!.next())?.event).toBe("version");
    const logout = await server.fetch("/api/logout", { method: "POST", headers: { cookie: user.cookie } });
    expect(logout.status).toBeLessThan(400);
    expect((await reader!.next())?.event).toBe("signed-out");
    expect(await reader!.next(5000)).toBeUndefined();
    expect(reader!.ended()).toBe(true);
    await waitForStreams(user.id, 0);
  });

  test("streams per user are capped with a clear 429, and a closed stream frees its place", async () => {
    const user = await createSignedInUser(server.ctx.db.sql, "live-capped");
    const readers: EventStreamReader[] = [];
    for (let i = 0; i < LIVE_DEFAULTS.maxPerUser; i++) {
      const { response, reader } = await connect(user.cookie);
      expect(response.status).toBe(200);
      readers.push(reader!);
    }
    const refused = await connect(user.cookie);
    expect(refused.response.status).toBe(429);
    expect((await refused.response.json()).message).toContain("rate limited");
    // Another user is not affected by this one's streams.
    const neighbour = await createSignedInUser(server.ctx.db.sql, "live-neighbour");
    expect((await connect(neighbour.cookie)).response.status).toBe(200);

    await readers[0]!.cancel();
    await waitForStreams(user.id, LIVE_DEFAULTS.maxPerUser - 1);
    expect((await connect(user.cookie)).response.status).toBe(200);
  });
});
