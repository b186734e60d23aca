// The advisor corrects the notes and marks them reviewed (PATCH /api/meetings/{id}/summary, issue 21): each part is
// replaced whole, bad input is named, edits survive a new draft, and any edit after review makes the notes a draft.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { resetMeetingTranscript } from "@cm/db/queries/meeting-content";
import { upsertSummary } from "@cm/db/queries/summaries";
import type { MeetingDetail, MeetingListItem } from "../src/models";
import { testJob } from "../src/worker/job-queue-test-database";
import { json, registerAndSignIn } from "./auth-helpers";
import { seedClient, seedProcessedMeeting } from "./support/seed-meeting";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let cookie: string;
let other: string;
let advisorName: string;
let userId: number;
let clientId: number;

const get = (path: string, as = cookie) => server.fetch(path, { headers: { cookie: as } });
const patch = (id: number, body: unknown, as = cookie) =>
  server.fetch(`/api/meetings/${id}/summary`, { ...json(body, as), method: "PATCH" });
const meeting = async (id: number) => (await (await get(`/api/meetings/${id}`)).json()) as MeetingDetail;
const newMeeting = (title: string) =>
  seedProcessedMeeting(server.ctx.db.sql, userId, clientId, { title, date: new Date("2026-04-14T10:00:00Z") });

beforeAll(async () => {
  server = await startTestServer();
  ({ cookie } = await registerAndSignIn(server));
  ({ cookie: other } = await registerAndSignIn(server));
  const me = (await (await get("/api/auth/user")).json()).user;
  userId = me.id;
  advisorName = me.fullName;
  clientId = (await seedClient(server.ctx.db.sql, userId, "Lindqvist Partners")).id;
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

describe("PATCH /api/meetings/{id}/summary", () => {
  test("replaces the parts sent, keeps a key point's moment, and remembers which parts were edited", async () => {
    const id = await newMeeting("Quarterly check-in");
    const before = await meeting(id);
    const response = await patch(id, {
      executiveSummary: "  We agreed to keep the bond ladder as it is.  ",
      keyPoints: [
        { text: "Bond ladder unchanged", source: { segment: 1, start: 4.2 } },
        { text: "School fees due in spring" },
      ],
      decisions: [{ text: "Keep the ladder" }],
      nextMeeting: { date: "2026-07-01", time: "09:30", topics: [" Tax return ", ""] },
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as MeetingDetail;
    expect(answer.summary).toMatchObject({
      executiveSummary: "We agreed to keep the bond ladder as it is.",
      keyPoints: [
        { text: "Bond ladder unchanged", source: { segment: 1, start: 4.2 } },
        { text: "School fees due in spring" },
      ],
      decisions: [{ text: "Keep the ladder" }],
      nextMeeting: { date: "2026-07-01", time: "09:30", topics: ["Tax return"] },
    });
    expect(answer.summary!.actionItems).toEqual(before.summary!.actionItems);
    expect(answer.editedParts).toEqual(["decisions", "executiveSummary", "keyPoints", "nextMeeting"]);
    expect(answer.reviewed).toBe(false);
    const cleared = (await (await patch(id, { nextMeeting: null })).json()) as MeetingDetail;
    expect(cleared.summary!.nextMeeting).toBeNull();
  });

  test("a next-meeting date said in words is kept when sent back unchanged; other words are refused", async () => {
    const id = await newMeeting("Succession talk");
    await upsertSummary(server.ctx.db.sql, id, {
      executiveSummary: "The handover to the daughter was discussed.",
      keyPoints: ["Handover in stages"],
      actionItems: [],
      nextMeeting: { date: "after the harvest festival in the autumn", topics: ["Share transfer"] },
    });
    const kept = await patch(id, {
      nextMeeting: { date: "after the harvest festival in the autumn", topics: ["Share transfer", "Board seat"] },
    });
    expect(kept.status).toBe(200);
    expect(((await kept.json()) as MeetingDetail).summary!.nextMeeting).toEqual({
      date: "after the harvest festival in the autumn",
      topics: ["Share transfer", "Board seat"],
    });
    const invented = await patch(id, { nextMeeting: { date: "some day soon", topics: [] } });
    expect(invented.status).toBe(400);
    expect((await invented.json()).message).toContain("nextMeeting.date");
    const day = await patch(id, { nextMeeting: { date: "2026-10-05", topics: [] } });
    expect(((await day.json()) as MeetingDetail).summary!.nextMeeting!.date).toBe("2026-10-05");
  });

  test("the action items list is the whole list: kept ids edited, new ones added, left-out ones removed", async () => {
    const id = await newMeeting("Estate planning");
    await server.fetch("/api/action-items", json({ meetingId: id, task: "Book the notary" }, cookie));
    const [drafted, byHand] = (await meeting(id)).summary!.actionItems;
    const response = await patch(id, {
      actionItems: [
        { task: "Ask the notary for a date", assignee: "Ines", dueDate: "2026-05-02" },
        { id: drafted!.id, task: "Send the signed trade list", assignee: "Morgan Reyes", dueDate: null },
      ],
    });
    expect(response.status).toBe(200);
    const items = ((await response.json()) as MeetingDetail).summary!.actionItems;
    expect(items.map((item) => [item.task, item.assignee, item.dueDate ?? null])).toEqual([
      ["Ask the notary for a date", "Ines", "2026-05-02"],
      ["Send the signed trade list", "Morgan Reyes", null],
    ]);
    expect(items[1]!.id).toBe(drafted!.id);
    expect(items.map((item) => item.id)).not.toContain(byHand!.id);
    const tasks = (await (await get("/api/action-items")).json()) as { id: number }[];
    expect(tasks.map((task) => task.id)).not.toContain(byHand!.id);
    // A new draft recognises the reworded task by the summary's own wording and keeps the advisor's list.
    await upsertSummary(server.ctx.db.sql, id, {
      executiveSummary: "Drafted again.",
      keyPoints: [],
      actionItems: [{ task: "Send the trade list for signature", assignee: "Morgan Reyes" }],
      nextMeeting: null,
    });
    const again = (await meeting(id)).summary!.actionItems;
    expect(again.map((item) => item.task)).toEqual(["Ask the notary for a date", "Send the signed trade list"]);
  });

  test("reviewed: who and when in the meeting and the list; any later edit makes the notes a draft again", async () => {
    const id = await newMeeting("Pension transfer");
    const reviewed = (await (await patch(id, { reviewed: true })).json()) as MeetingDetail;
    expect(reviewed.reviewed).toBe(true);
    expect(reviewed.reviewedBy).toBe(advisorName);
    expect(Date.parse(reviewed.reviewedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(reviewed.editedParts).toEqual([]);
    const list = (await (await get(`/api/meetings?clientId=${clientId}&limit=100`)).json()) as MeetingListItem[];
    expect(list.find((item) => item.id === id)).toMatchObject({ reviewed: true, reviewedBy: advisorName });

    const edited = (await (await patch(id, { decisions: [{ text: "Transfer in June" }] })).json()) as MeetingDetail;
    expect(edited).toMatchObject({ reviewed: false, reviewedAt: null, reviewedBy: null });
    // An edit sent with the review is reviewed as saved.
    const both = (await (
      await patch(id, { decisions: [{ text: "Transfer in July" }], reviewed: true })
    ).json()) as MeetingDetail;
    expect(both.reviewed).toBe(true);
    const undone = (await (await patch(id, { reviewed: false })).json()) as MeetingDetail;
    expect(undone.reviewed).toBe(false);
  });

  test("a new draft fills only the parts the advisor did not touch and says which it changed", async () => {
    const id = await newMeeting("Mortgage options");
    await patch(id, { executiveSummary: "My own words.", reviewed: true });
    await upsertSummary(server.ctx.db.sql, id, {
      executiveSummary: "A fresh draft.",
      keyPoints: [{ text: "Fixed rate preferred" }, { text: "Tuition payment covered" }],
      decisions: [],
      actionItems: [{ task: "Send the trade list for signature", assignee: "Morgan Reyes" }],
      nextMeeting: { date: "2027-02-18", topics: ["June review", "529 plan"] },
    });
    const after = await meeting(id);
    expect(after.summary!.executiveSummary).toBe("My own words.");
    expect(after.summary!.keyPoints.map((point) => point.text)).toEqual([
      "Fixed rate preferred",
      "Tuition payment covered",
    ]);
    expect(after.redraftedParts).toEqual(["keyPoints"]);
    expect(after.reviewed).toBe(false);
    // Editing a part the draft changed takes it off the list of changed parts.
    const edited = (await (await patch(id, { keyPoints: [{ text: "Fixed rate" }] })).json()) as MeetingDetail;
    expect(edited.redraftedParts).toEqual([]);
  });

  test("'Transcribe again' keeps notes the advisor edited or reviewed, and drops untouched ones", async () => {
    const sql = server.ctx.db.sql;
    const touched = await newMeeting("Touched notes");
    const untouched = await newMeeting("Untouched notes");
    await patch(touched, { reviewed: true });
    for (const meetingId of [touched, untouched]) {
      // The job is dropped at once: only what the reset keeps is under test here.
      expect(
        await resetMeetingTranscript(sql, { meetingId, job: testJob({ kind: "test-reset-only", meetingId }) }),
      ).toBe(true);
      await sql`delete from jobs where kind = 'test-reset-only'`;
    }
    expect((await meeting(touched)).summary?.executiveSummary).toContain("short-term bonds");
    expect((await meeting(untouched)).summary).toBeNull();
  });

  test("bad input answers 400 naming the field", async () => {
    const id = await newMeeting("Validation");
    const cases: [unknown, string][] = [
      [{ executiveSummary: "   " }, "executiveSummary"],
      [{ executiveSummary: "x".repeat(5001) }, "executiveSummary"],
      [{ keyPoints: [{ text: "fine" }, { text: " " }] }, "keyPoints.1"],
      [{ keyPoints: Array.from({ length: 51 }, (_, i) => `Point ${i}`) }, "keyPoints"],
      [{ decisions: [{ text: "y".repeat(1001) }] }, "decisions"],
      [{ actionItems: [{ task: "" }] }, "actionItems.0.task"],
      [{ actionItems: [{ task: "Call", dueDate: "next week" }] }, "actionItems.0.dueDate"],
      [{ actionItems: [{ id: 999_999_999, task: "Call" }] }, "actionItems"],
      [{ nextMeeting: { date: "2026-02-30", topics: [] } }, "nextMeeting.date"],
      [{ nextMeeting: { date: null, time: "25:00", topics: [] } }, "nextMeeting.time"],
      [{ nextMeeting: { date: null, topics: Array.from({ length: 21 }, () => "t") } }, "nextMeeting"],
      [{ reviewed: "yes" }, "reviewed"],
      [{}, "nothing to change"],
    ];
    for (const [body, field] of cases) {
      const response = await patch(id, body);
      expect(`${JSON.stringify(body).slice(0, 60)} ${response.status}`).toEndWith(" 400");
      expect((await response.json()).message).toContain(field);
    }
    expect((await meeting(id)).editedParts).toEqual([]);
  });

  test("another user's meeting is 404 and unchanged; a meeting without notes is 409", async () => {
    const id = await newMeeting("Private");
    const response = await patch(id, { executiveSummary: "Not mine", reviewed: true }, other);
    expect(response.status).toBe(404);
    expect((await meeting(id)).summary!.executiveSummary).toContain("short-term bonds");
    const [row] = await server.ctx.db.sql<{ id: number }[]>`
      insert into meetings (user_id, client_id, title, date, type, status, source_kind)
      values (${userId}, ${clientId}, 'Planned', now(), 'Meeting', 'Scheduled', 'none') returning id`;
    const planned = await patch(Number(row!.id), { reviewed: true });
    expect(planned.status).toBe(409);
    expect((await planned.json()).message).toContain("no notes");
  });
});
