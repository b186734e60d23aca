import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { upsertSummary } from "@cm/db/queries/summaries";
import { json } from "./auth-helpers";
import { parseCalendarEvents as parseEvents } from "./support/ical-events";
import { uploadRecording } from "./support/meeting-steps";
import { seedClient, seedProcessedMeeting } from "./support/seed-meeting";
import { createSignedInUser } from "./support/signed-in-user";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let alice: { id: number; cookie: string };
let bob: { id: number; cookie: string };
let clientId: number;
let plannedId: number;
const DAY_MS = 24 * 3600 * 1000;

const createUser = (name: string) => createSignedInUser(server.ctx.db.sql, name);

const send = (who: { cookie: string }, method: string, path: string) =>
  server.fetch(path, { method, headers: { cookie: who.cookie } });

/** The feed's path on this server, from the URL the API answered (its host is APP_URL). */
const feedPath = (url: string) => new URL(url).pathname;

beforeAll(async () => {
  server = await startTestServer();
  alice = await createUser("alice");
  bob = await createUser("bob");
  clientId = (await seedClient(server.ctx.db.sql, alice.id, "Hendricks Family Trust")).id;
  // Its summary promises the next meeting on 2027-02-18.
  await seedProcessedMeeting(server.ctx.db.sql, alice.id, clientId, {
    title: "Summer review",
    date: new Date(Date.now() - 20 * DAY_MS),
  });
}, 120_000);
afterAll(async () => {
  await server.stop();
});

describe("scheduling a meeting", () => {
  test("a planned meeting has status Scheduled, no recording, and shows in the calendar's month", async () => {
    const date = new Date(Date.now() + 3 * DAY_MS);
    date.setUTCHours(14, 30, 0, 0);
    const response = await server.fetch(
      "/api/meetings/schedule",
      json({ clientId, title: "Quarterly review", date: date.toISOString() }, alice.cookie),
    );
    expect(response.status).toBe(201);
    const meeting = (await response.json()) as { id: number; status: string; hasAudio: boolean; date: string };
    expect(meeting).toMatchObject({ status: "Scheduled", hasAudio: false, date: date.toISOString() });
    plannedId = meeting.id;
    const month = date.toISOString().slice(0, 7);
    const list = (await (await send(alice, "GET", `/api/meetings?month=${month}`)).json()) as { id: number }[];
    expect(list.map((m) => m.id)).toContain(plannedId);
    // The dashboard's statistics count processed meetings only: a planned one is not among them.
    const stats = (await (await send(alice, "GET", "/api/stats")).json()) as { processedCount: number };
    expect(stats.processedCount).toBe(1);
  });

  test("bad input answers 400 with a message; another user's client is no client", async () => {
    const cases = [
      { clientId, title: "  ", date: new Date().toISOString() },
      { clientId, title: "Review", date: "next tuesday" },
      { clientId: 999999, title: "Review", date: new Date().toISOString() },
      { clientId: "x", title: "Review", date: new Date().toISOString() },
    ];
    for (const body of cases) {
      const response = await server.fetch("/api/meetings/schedule", json(body, alice.cookie));
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message.length).toBeGreaterThan(0);
    }
    const bobs = await server.fetch(
      "/api/meetings/schedule",
      json({ clientId, title: "Review", date: new Date().toISOString() }, bob.cookie),
    );
    expect(bobs.status).toBe(400);
  });

  test("the next meeting a summary named is offered once, and no longer when planned", async () => {
    const offered = (await (await send(alice, "GET", "/api/meetings/schedule/suggestions")).json()) as {
      clientId: number;
      date: string;
      title: string;
      topics: string[];
    }[];
    expect(offered).toEqual([
      expect.objectContaining({ clientId, date: "2027-02-18", title: "Follow-up: Summer review" }),
    ]);
    expect(offered[0]!.topics).toEqual(["June review", "529 plan"]);
    const planned = await server.fetch(
      "/api/meetings/schedule",
      json({ clientId, title: offered[0]!.title, date: new Date(2027, 1, 18, 10).toISOString() }, alice.cookie),
    );
    expect(planned.status).toBe(201);
    expect(await (await send(alice, "GET", "/api/meetings/schedule/suggestions")).json()).toEqual([]);
    expect(await (await send(bob, "GET", "/api/meetings/schedule/suggestions")).json()).toEqual([]);
  });

  test("a next meeting said with a time is offered at that time", async () => {
    const id = await seedProcessedMeeting(server.ctx.db.sql, alice.id, clientId, {
      title: "Autumn review",
      date: new Date(2026, 9, 2, 10),
    });
    await upsertSummary(server.ctx.db.sql, id, {
      executiveSummary: "Autumn review.",
      keyPoints: [],
      actionItems: [],
      nextMeeting: { date: "2027-03-09", time: "15:30", topics: [] },
    });
    const offered = (await (await send(alice, "GET", "/api/meetings/schedule/suggestions")).json()) as unknown[];
    expect(offered).toEqual([expect.objectContaining({ date: "2027-03-09", time: "15:30" })]);
    await upsertSummary(server.ctx.db.sql, id, {
      executiveSummary: "Autumn review.",
      keyPoints: [],
      actionItems: [],
      nextMeeting: null,
    });
  });

  test("an upload naming the planned meeting takes its place instead of adding another", async () => {
    const before = (
      await server.ctx.db.sql<{ n: number }[]>`
      select count(*)::int as n from meetings where user_id = ${alice.id}`
    )[0]!.n;
    const transcript = {
      bytes: new TextEncoder().encode("Dana: We met.\nMorgan: Yes."),
      filename: "t.txt",
      type: "text/plain",
    };
    // Someone else cannot attach to it.
    const foreign = await uploadRecording(
      server,
      bob.cookie,
      { title: "x", clientId, meetingId: plannedId } as never,
      transcript,
    );
    expect(foreign.status).toBe(400);
    const response = await uploadRecording(
      server,
      alice.cookie,
      { title: "Quarterly review", clientId, meetingId: plannedId } as never,
      transcript,
    );
    expect(response.status).toBe(201);
    const meeting = (await response.json()) as { id: number; status: string; sourceKind: string };
    expect(meeting).toMatchObject({ id: plannedId, status: "Processing", sourceKind: "transcript" });
    const after = (
      await server.ctx.db.sql<{ n: number }[]>`
      select count(*)::int as n from meetings where user_id = ${alice.id}`
    )[0]!.n;
    expect(after).toBe(before);
    const [job] = await server.ctx.db.sql<{ n: number }[]>`
      select count(*)::int as n from jobs where meeting_id = ${plannedId}`;
    expect(job!.n).toBe(1);
    // A second upload to it: it has a recording now.
    const again = await uploadRecording(
      server,
      alice.cookie,
      { title: "x", clientId, meetingId: plannedId } as never,
      transcript,
    );
    expect(again.status).toBe(409);
    const unknown = await uploadRecording(
      server,
      alice.cookie,
      { title: "x", clientId, meetingId: 999999 } as never,
      transcript,
    );
    expect(unknown.status).toBe(404);
  });
});

describe("the iCalendar feed", () => {
  let url: string;

  test("off until made; made, it lists the meetings, parsed back as valid iCalendar, without a session", async () => {
    expect(await (await send(alice, "GET", "/api/calendar/feed")).json()).toEqual({
      active: false,
      createdAt: null,
      includeSummaries: false,
    });
    const created = await send(alice, "POST", "/api/calendar/feed");
    expect(created.status).toBe(201);
    const body = (await created.json()) as { url: string; webcalUrl: string };
    url = body.url;
    expect(url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(body.webcalUrl.startsWith("webcal://")).toBe(true);
    expect(((await (await send(alice, "GET", "/api/calendar/feed")).json()) as { active: boolean }).active).toBe(true);
    const [stored] = await server.ctx.db.sql<{ tokenHash: string }[]>`
      select token_hash as "tokenHash" from calendar_feeds where user_id = ${alice.id}`;
    expect(url).not.toContain(stored!.tokenHash);

    const feed = await server.fetch(feedPath(url));
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toContain("text/calendar");
    const events = parseEvents(await feed.text());
    const planned = events.find((e) => e.summary === "Follow-up: Summer review · Hendricks Family Trust");
    expect(planned).toBeDefined();
    expect(planned!.start.toISOString()).toBe(new Date(2027, 1, 18, 10).toISOString());
    expect(planned!.end.getTime() - planned!.start.getTime()).toBe(3600_000);
    expect(planned!.status).toBe("TENTATIVE");
    const held = events.find((e) => e.summary === "Summer review · Hendricks Family Trust");
    expect(held!.status).toBe("CONFIRMED");
    expect(held!.end.getTime() - held!.start.getTime()).toBe(1860_000);
    // Summaries are in the feed only when the user turns them on (upload-time-and-feed.test.ts).
    expect(held!.description).not.toContain("short-term bonds");
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
  });

  test("regenerated, the old URL answers 404; revoked, the new one too", async () => {
    const renewed = (await (await send(alice, "POST", "/api/calendar/feed")).json()) as { url: string };
    expect(renewed.url).not.toBe(url);
    expect((await server.fetch(feedPath(url))).status).toBe(404);
    expect((await server.fetch(feedPath(renewed.url))).status).toBe(200);
    expect((await send(alice, "DELETE", "/api/calendar/feed")).status).toBe(200);
    expect((await server.fetch(feedPath(renewed.url))).status).toBe(404);
    expect((await send(alice, "DELETE", "/api/calendar/feed")).status).toBe(404);
  });

  test("made-up and malformed tokens answer 404; managing the feed needs a session", async () => {
    for (const file of ["x.ics", `${"A".repeat(43)}.ics`, "A".repeat(43), "..%2f.ics", `${"A".repeat(99)}.ics`]) {
      expect((await server.fetch(`/api/calendar/${file}`)).status).toBe(404);
    }
    expect((await server.fetch("/api/calendar/feed", { method: "POST" })).status).toBe(401);
    expect((await server.fetch("/api/calendar/feed")).status).toBe(401);
  });
});
