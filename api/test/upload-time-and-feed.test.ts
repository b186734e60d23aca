// An upload's start time (issue 21): with one, the meeting's time is known (the API says so, the feed has a timed
// event); without one, the feed has a whole-day event rather than one at a made-up 12:00. The calendar feed's
// summaries are the user's choice, off by default and kept on the account.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { json } from "./auth-helpers";
import { parseCalendarEvents } from "./support/ical-events";
import { seedClient, seedProcessedMeeting } from "./support/seed-meeting";
import { createSignedInUser } from "./support/signed-in-user";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let user: { id: number; cookie: string };
let clientId: number;
let feedPath: string;
const DAY_MS = 24 * 3600 * 1000;

beforeAll(async () => {
  server = await startTestServer();
  user = await createSignedInUser(server.ctx.db.sql, "robin");
  clientId = (await seedClient(server.ctx.db.sql, user.id, "Castellano Partners")).id;
  await seedProcessedMeeting(server.ctx.db.sql, user.id, clientId, {
    title: "Spring check-in",
    date: new Date(Date.now() - 3 * DAY_MS),
  });
  const created = await server.fetch("/api/calendar/feed", { method: "POST", headers: { cookie: user.cookie } });
  feedPath = new URL(((await created.json()) as { url: string }).url).pathname;
}, 120_000);
afterAll(async () => {
  await server.stop();
});

function uploadTranscript(meetingData: Record<string, unknown>) {
  const form = new FormData();
  form.set(
    "meetingData",
    JSON.stringify({ clientId, duration: 0, type: "Uploaded", status: "Processing", ...meetingData }),
  );
  const text = "Robin: Shall we look at the lease renewal?\nSam: Yes, the landlord wrote last week.";
  form.set("audioFile", new Blob([text], { type: "text/plain" }), "call.txt");
  return server.fetch("/api/meetings/upload", { method: "POST", body: form, headers: { cookie: user.cookie } });
}

const feedEvents = async () => parseCalendarEvents(await (await server.fetch(feedPath)).text());

describe("an upload's start time", () => {
  test("given, the meeting's time is known and the feed has the event at that time", async () => {
    const start = new Date(Date.now() - 2 * DAY_MS);
    start.setUTCHours(9, 30, 0, 0);
    const response = await uploadTranscript({ title: "Lease call", date: start.toISOString(), timeKnown: true });
    expect(response.status).toBe(201);
    const meeting = (await response.json()) as { id: number; timeKnown: boolean; date: string };
    expect(meeting).toMatchObject({ timeKnown: true, date: start.toISOString() });
    const event = (await feedEvents()).find((e) => e.summary === "Lease call · Castellano Partners");
    expect(event?.allDay).toBe(false);
    expect(event?.start.toISOString()).toBe(start.toISOString());
  });

  test("left out, the time is not known: list items say so and the feed has a whole-day event", async () => {
    const day = new Date(Date.now() - DAY_MS);
    day.setUTCHours(12, 0, 0, 0);
    const response = await uploadTranscript({ title: "Lease follow-up", date: day.toISOString() });
    expect(response.status).toBe(201);
    const { id, timeKnown } = (await response.json()) as { id: number; timeKnown: boolean };
    expect(timeKnown).toBe(false);
    const list = (await (await server.fetch("/api/meetings", { headers: { cookie: user.cookie } })).json()) as {
      id: number;
      timeKnown: boolean;
    }[];
    expect(list.find((m) => m.id === id)?.timeKnown).toBe(false);
    const event = (await feedEvents()).find((e) => e.summary === "Lease follow-up · Castellano Partners");
    expect(event?.allDay).toBe(true);
    expect(event?.start.getDate()).toBe(day.getUTCDate());
  });

  test("a meeting written without the flag reads as its type says: an Uploaded one has no time, others have", async () => {
    const seeded = (type: string) =>
      seedProcessedMeeting(server.ctx.db.sql, user.id, clientId, { title: `Seeded ${type}`, date: new Date(), type });
    const read = async (id: number) =>
      (
        (await (await server.fetch(`/api/meetings/${id}`, { headers: { cookie: user.cookie } })).json()) as {
          timeKnown: boolean;
        }
      ).timeKnown;
    expect(await read(await seeded("Uploaded"))).toBe(false);
    expect(await read(await seeded("Portfolio Review"))).toBe(true);
  });

  test("a timeKnown that is not true or false answers 400", async () => {
    const response = await uploadTranscript({ title: "Bad", date: new Date().toISOString(), timeKnown: "yes" });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain("timeKnown");
  });
});

describe("summaries in the calendar feed", () => {
  const state = async () =>
    (await (await server.fetch("/api/calendar/feed", { headers: { cookie: user.cookie } })).json()) as {
      includeSummaries: boolean;
    };
  const choose = (includeSummaries: unknown, cookie = user.cookie) =>
    server.fetch("/api/calendar/feed", { ...json({ includeSummaries }, cookie), method: "PATCH" });
  const heldEvent = async () => (await feedEvents()).find((e) => e.summary === "Spring check-in · Castellano Partners");

  test("are off by default: the feed holds title, client, status and link, not the summary", async () => {
    expect((await state()).includeSummaries).toBe(false);
    const event = await heldEvent();
    expect(event?.description).toContain("Client: Castellano Partners");
    expect(event?.description).toContain("/meetings/");
    expect(event?.description).not.toContain("short-term bonds");
  });

  test("turned on, the feed carries them, the choice is kept, and a new link keeps it; turned off, they go", async () => {
    const on = await choose(true);
    expect(on.status).toBe(200);
    expect(((await on.json()) as { includeSummaries: boolean }).includeSummaries).toBe(true);
    expect((await heldEvent())?.description).toContain("short-term bonds");
    const renewed = await server.fetch("/api/calendar/feed", { method: "POST", headers: { cookie: user.cookie } });
    feedPath = new URL(((await renewed.json()) as { url: string }).url).pathname;
    expect((await state()).includeSummaries).toBe(true);
    expect((await heldEvent())?.description).toContain("short-term bonds");
    expect((await choose(false)).status).toBe(200);
    expect((await heldEvent())?.description).not.toContain("short-term bonds");
  });

  test("a choice that is not a boolean is refused; without a session, 401", async () => {
    const bad = await choose("yes");
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
    expect((await choose(true, "")).status).toBe(401);
    expect((await state()).includeSummaries).toBe(false);
  });
});
