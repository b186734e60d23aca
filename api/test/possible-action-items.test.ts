// Possible action items (issue 38) reach the meeting's page through GET /api/meetings/{id}, apart from the action
// items; adding one goes through POST /api/action-items like any task (limits apply there), and it is no task before.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { upsertSummary } from "@cm/db/queries/summaries";
import { json } from "./auth-helpers";
import { seedClient, seedProcessedMeeting } from "./support/seed-meeting";
import { createSignedInUser } from "./support/signed-in-user";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let user: { id: number; cookie: string };
let meetingId: number;

const POSSIBLE = { task: "Bring the cheque book", assignee: "Dana Reyes", source: { segment: 1, start: 4.2 } };

beforeAll(async () => {
  server = await startTestServer();
  user = await createSignedInUser(server.ctx.db.sql, "maybe");
  const client = await seedClient(server.ctx.db.sql, user.id, "Reyes Family");
  meetingId = await seedProcessedMeeting(server.ctx.db.sql, user.id, client.id, { title: "Review", date: new Date() });
  await upsertSummary(server.ctx.db.sql, meetingId, {
    executiveSummary: "Reviewed.",
    keyPoints: [],
    actionItems: [{ task: "Send the trade list for signature", assignee: "Morgan Reyes" }],
    nextMeeting: null,
    possibleActionItems: [POSSIBLE],
  });
});
afterAll(async () => {
  await server?.stop();
});

const detail = async () =>
  (await (await server.fetch(`/api/meetings/${meetingId}`, { headers: { cookie: user.cookie } })).json()) as {
    summary: { actionItems: { task: string }[]; possibleActionItems?: unknown[] };
  };

test("the meeting's page gets its possible action items apart from its action items, and they are no tasks", async () => {
  const meeting = await detail();
  expect(meeting.summary.possibleActionItems).toEqual([POSSIBLE]);
  expect(meeting.summary.actionItems.map((item) => item.task)).toEqual(["Send the trade list for signature"]);
  const tasks = await (
    await server.fetch("/api/action-items?status=open", { headers: { cookie: user.cookie } })
  ).json();
  expect(tasks.map((task: { task: string }) => task.task)).toEqual(["Send the trade list for signature"]);
});

test("added with POST /api/action-items, a possible item becomes one of the meeting's action items", async () => {
  const added = await server.fetch("/api/action-items", {
    ...json({ meetingId, task: POSSIBLE.task, assignee: POSSIBLE.assignee, dueDate: null }, user.cookie),
  });
  expect(added.status).toBe(201);
  const meeting = await detail();
  expect(meeting.summary.actionItems.map((item) => item.task)).toEqual([
    "Send the trade list for signature",
    "Bring the cheque book",
  ]);
});
