// Tasks added by hand (POST /api/action-items) to a meeting or to a client alone, their text edited from the Tasks
// page (PATCH /api/action-items/{id} with `task`), and the Tasks list filtered by assignee (mine, the client's).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { upsertSummary } from "@cm/db/queries/summaries";
import type { ActionItemTask, MeetingDetail } from "../src/models";
import { json, registerAndSignIn } from "./auth-helpers";
import { seedClient, seedProcessedMeeting } from "./support/seed-meeting";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let cookie: string;
let other: string;
let userId: number;
let advisorName: string;
let clientId: number;
let meetingId: number;
let theirMeeting: number;
let theirClient: number;

const get = (path: string, as = cookie) => server.fetch(path, { headers: { cookie: as } });
const add = (body: unknown, as = cookie) => server.fetch("/api/action-items", json(body, as));
const patch = (id: number, body: unknown) =>
  server.fetch(`/api/action-items/${id}`, { ...json(body, cookie), method: "PATCH" });
const tasks = async (query = "") => (await (await get(`/api/action-items${query}`)).json()) as ActionItemTask[];
const meeting = async (id: number) => (await (await get(`/api/meetings/${id}`)).json()) as MeetingDetail;
const summaryOf = (actionItems: { task: string; assignee: string }[]) => ({
  executiveSummary: "The portfolio was reviewed.",
  keyPoints: ["Cash reserve"],
  actionItems,
  nextMeeting: null,
});

beforeAll(async () => {
  server = await startTestServer();
  ({ cookie } = await registerAndSignIn(server));
  ({ cookie: other } = await registerAndSignIn(server));
  const me = (await (await get("/api/auth/user")).json()).user;
  userId = me.id;
  advisorName = me.fullName;
  const theirId = (await (await get("/api/auth/user", other)).json()).user.id;
  const sql = server.ctx.db.sql;
  clientId = (await seedClient(sql, userId, "Varga Holdings")).id;
  meetingId = await seedProcessedMeeting(sql, userId, clientId, {
    title: "Annual review",
    date: new Date("2026-05-04"),
  });
  theirClient = (await seedClient(sql, theirId, "Someone Else")).id;
  theirMeeting = await seedProcessedMeeting(sql, theirId, theirClient, {
    title: "Theirs",
    date: new Date("2026-05-04"),
  });
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

describe("POST /api/action-items", () => {
  test("a task added to a meeting is listed and appears in that meeting's action items, after the summary's", async () => {
    const response = await add({
      meetingId,
      task: "  Call the pension provider ",
      assignee: " Eva Varga ",
      dueDate: "2026-06-01",
    });
    expect(response.status).toBe(201);
    const task = (await response.json()) as ActionItemTask;
    expect(task).toMatchObject({
      task: "Call the pension provider",
      assignee: "Eva Varga",
      dueDate: "2026-06-01",
      status: "open",
      byHand: true,
      meetingId,
      meetingTitle: "Annual review",
      clientId,
      clientName: "Varga Holdings",
    });
    const items = (await meeting(meetingId)).summary!.actionItems;
    expect(items.map((i) => i.task)).toEqual(["Send the trade list for signature", "Call the pension provider"]);
    expect(items[1]).toMatchObject({ id: task.id, assignee: "Eva Varga", dueDate: "2026-06-01" });
    expect((await tasks()).map((t) => t.id)).toContain(task.id);
  });

  test("a summary made again keeps the hand-added task and the advisor's rewording of a summary's task", async () => {
    const [summaryTask] = await tasks(`?clientId=${clientId}`).then((all) => all.filter((t) => !t.byHand));
    const reworded = await patch(summaryTask!.id, { task: "Send the signed trade list to the custodian" });
    expect(reworded.status).toBe(200);
    expect((await reworded.json()).task).toBe("Send the signed trade list to the custodian");
    await upsertSummary(
      server.ctx.db.sql,
      meetingId,
      summaryOf([
        { task: "Send the trade list for signature", assignee: "Morgan Reyes" },
        { task: "Review the insurance cover", assignee: "" },
      ]),
    );
    const items = (await meeting(meetingId)).summary!.actionItems;
    expect(items.map((i) => i.task)).toEqual([
      "Send the signed trade list to the custodian",
      "Review the insurance cover",
      "Call the pension provider",
    ]);
    expect(items[0]!.id).toBe(summaryTask!.id);
  });

  test("a task on a client alone has no meeting and is listed under the client", async () => {
    const response = await add({ clientId, task: "Ask for the new tax return" });
    expect(response.status).toBe(201);
    const task = (await response.json()) as ActionItemTask;
    expect(task).toMatchObject({ meetingId: null, meetingTitle: null, meetingDate: null, clientId, assignee: "" });
    expect((await tasks(`?clientId=${clientId}`)).map((t) => t.id)).toContain(task.id);
    const done = await patch(task.id, { status: "done", assignee: "Eva Varga" });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ status: "done", assignee: "Eva Varga" });
    const briefing = await (await get(`/api/clients/${clientId}/briefing`)).json();
    expect(briefing.openActionItems.some((i: { id: number }) => i.id === task.id)).toBe(false);
  });

  test("a hand-added task shows in the Tasks list and on the meeting's page before it has a summary (a planned meeting)", async () => {
    const planned = await server.fetch(
      "/api/meetings/schedule",
      json({ clientId, title: "Planning call", date: new Date(Date.now() + 86_400_000).toISOString() }, cookie),
    );
    expect(planned.status).toBe(201);
    const plannedId = (await planned.json()).id as number;
    const task = (await (await add({ meetingId: plannedId, task: "Prepare the agenda" })).json()) as ActionItemTask;
    expect((await tasks()).find((t) => t.id === task.id)?.meetingId).toBe(plannedId);
    // The planned meeting's own page lists it, though there is no summary to copy it into.
    const page = await meeting(plannedId);
    expect(page.summary).toBeNull();
    expect(page.action_items).toEqual([{ id: task.id, task: "Prepare the agenda", assignee: "", status: "open" }]);
    expect(page.action_item_count).toBe(1);
    // So do the meeting lists (the Clients page's card, the dashboard).
    const answer = await get(`/api/meetings?clientId=${clientId}`);
    expect(answer.status).toBe(200);
    const list = (await answer.json()) as { id: number }[];
    expect(list.find((item) => item.id === plannedId)).toMatchObject({
      action_items: [{ id: task.id, task: "Prepare the agenda", assignee: "", status: "open" }],
      action_item_count: 1,
    });
  });

  test("bad input is a 400 naming the field", async () => {
    const cases: [unknown, string][] = [
      [{ meetingId, task: "   " }, "task"],
      [{ meetingId, task: "x".repeat(1001) }, "task"],
      [{ meetingId, task: "Call", assignee: "y".repeat(201) }, "assignee"],
      [{ meetingId, task: "Call", dueDate: "next Friday" }, "dueDate"],
      [{ task: "Call" }, "meetingId or clientId"],
      [{ meetingId, clientId, task: "Call" }, "meetingId or clientId"],
      [{ meetingId: "seven", task: "Call" }, "meetingId"],
    ];
    for (const [body, field] of cases) {
      const response = await add(body);
      expect(response.status).toBe(400);
      expect((await response.json()).message).toContain(field);
    }
    const emptyText = await patch((await tasks())[0]!.id, { task: " " });
    expect(emptyText.status).toBe(400);
    expect((await emptyText.json()).message).toContain("task");
  });

  test("another user's meeting or client is a 404 and gets no task", async () => {
    expect((await add({ meetingId: theirMeeting, task: "Sneak in" })).status).toBe(404);
    expect((await add({ clientId: theirClient, task: "Sneak in" })).status).toBe(404);
    expect((await add({ meetingId, task: "Sneak in" }, other)).status).toBe(404);
    expect((await tasks()).some((t) => t.task === "Sneak in")).toBe(false);
    const theirs = (await (await get("/api/action-items", other)).json()) as ActionItemTask[];
    expect(theirs.some((t) => t.task === "Sneak in")).toBe(false);
  });
});

describe("GET /api/action-items?assignee=", () => {
  test("mine is the advisor's own name; the client's is one the client's name names; anyone's is all", async () => {
    await add({ clientId, task: "Draft the engagement letter", assignee: advisorName });
    await add({ clientId, task: "Sign the engagement letter", assignee: "Eva Varga and Tom" });
    await add({ clientId, task: "Check the fee schedule", assignee: "Compliance team" });
    const mine = (await tasks("?assignee=mine")).map((t) => t.task);
    expect(mine).toContain("Draft the engagement letter");
    expect(mine).not.toContain("Sign the engagement letter");
    const theirs = (await tasks("?assignee=client")).map((t) => t.task);
    expect(theirs).toContain("Sign the engagement letter");
    expect(theirs).not.toContain("Draft the engagement letter");
    expect(theirs).not.toContain("Check the fee schedule");
    const anyone = (await tasks("?assignee=any")).map((t) => t.task);
    expect(anyone).toEqual((await tasks()).map((t) => t.task));
    expect(anyone).toContain("Check the fee schedule");
    const bad = await get("/api/action-items?assignee=boss");
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toContain("assignee");
  });
});
