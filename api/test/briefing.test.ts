import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Briefing } from "../src/modules/briefing/model";
import { json } from "./auth-helpers";
import { seedClient, seedProcessedMeeting } from "./support/seed-meeting";
import { createSignedInUser } from "./support/signed-in-user";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let alice: { id: number; cookie: string };
let bob: { id: number; cookie: string };
let clientId: number;
let latestId: number;

const createUser = (name: string) => createSignedInUser(server.ctx.db.sql, name);

const briefing = (who: { cookie: string }, id: number | string) =>
  server.fetch(`/api/clients/${id}/briefing`, { headers: { cookie: who.cookie } });

beforeAll(async () => {
  server = await startTestServer();
  alice = await createUser("alice");
  bob = await createUser("bob");
  clientId = (await seedClient(server.ctx.db.sql, alice.id, "Hendricks Family Trust")).id;
  await seedProcessedMeeting(server.ctx.db.sql, alice.id, clientId, {
    title: "Spring review",
    date: new Date("2026-03-02T10:00:00Z"),
  });
  latestId = await seedProcessedMeeting(server.ctx.db.sql, alice.id, clientId, {
    title: "Summer review",
    date: new Date("2026-06-02T10:00:00Z"),
    keyPoints: ["Bond ladder", "Tuition"],
  });
}, 120_000);
afterAll(async () => {
  await server.stop();
});

describe("GET /api/clients/{id}/briefing", () => {
  test("the last meeting's summary, open items across meetings, the promised topics and date", async () => {
    const response = await briefing(alice, clientId);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Briefing;
    expect(body.client).toMatchObject({ id: clientId, name: "Hendricks Family Trust" });
    expect(body.lastMeeting).toMatchObject({
      id: latestId,
      title: "Summer review",
      keyPoints: ["Bond ladder", "Tuition"],
    });
    expect(body.lastMeeting!.executiveSummary).toContain("short-term bonds");
    expect(body.openActionItems.map((i) => i.meetingTitle)).toEqual(["Summer review", "Spring review"]);
    expect(body.openActionItems[0]).toMatchObject({ task: "Send the trade list for signature", meetingId: latestId });
    expect(body.topics).toEqual(["June review", "529 plan"]);
    expect(body.nextMeetingDate).toBe("2027-02-18");
    expect(body.plannedMeeting).toBeNull();
  });

  test("a done item leaves the list; a planned meeting gives the date", async () => {
    const first = ((await (await briefing(alice, clientId)).json()) as Briefing).openActionItems[0]!;
    await server.ctx.db.sql`update action_items set status = 'done' where id = ${first.id}`;
    const date = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
    const planned = await server.fetch(
      "/api/meetings/schedule",
      json({ clientId, title: "Autumn review", date }, alice.cookie),
    );
    expect(planned.status).toBe(201);
    const body = (await (await briefing(alice, clientId)).json()) as Briefing;
    expect(body.openActionItems.map((i) => i.meetingTitle)).toEqual(["Spring review"]);
    expect(body.plannedMeeting).toMatchObject({ title: "Autumn review", date });
    expect(body.nextMeetingDate).toBe(date);
    // The planned meeting has no summary: the last meeting is still the last one held.
    expect(body.lastMeeting?.id).toBe(latestId);
  });

  test("a recording uploaded this morning without a time (stored at midday) is the last meeting already", async () => {
    const today = (await seedClient(server.ctx.db.sql, alice.id, "Same Day Client")).id;
    const laterToday = new Date(Date.now() + 2 * 3600 * 1000);
    const uploadedId = await seedProcessedMeeting(server.ctx.db.sql, alice.id, today, {
      title: "Morning upload",
      date: laterToday,
    });
    const body = (await (await briefing(alice, today)).json()) as Briefing;
    expect(body.lastMeeting?.id).toBe(uploadedId);
  });

  test("a client without meetings has an empty briefing", async () => {
    const empty = (await seedClient(server.ctx.db.sql, alice.id, "New Prospect")).id;
    const body = (await (await briefing(alice, empty)).json()) as Briefing;
    expect(body).toMatchObject({ lastMeeting: null, openActionItems: [], topics: [], nextMeetingDate: null });
  });

  test("another user's client and unknown ids answer 404; a bad id 400; signed out 401", async () => {
    expect((await briefing(bob, clientId)).status).toBe(404);
    expect((await briefing(alice, 999999)).status).toBe(404);
    expect((await briefing(alice, "x")).status).toBe(400);
    expect((await server.fetch(`/api/clients/${clientId}/briefing`)).status).toBe(401);
  });
});
