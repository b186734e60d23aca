// Issue 27: nothing on the save path of Edit notes cuts a text. A text over its limit answers 400 naming the field
// and the limit, and changes nothing; a text at its limit is stored and read back whole (both databases).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { MeetingDetail } from "../src/models";
import { SUMMARY_LIMITS } from "../src/modules/summary-edits/model";
import { json, registerAndSignIn } from "./auth-helpers";
import { seedClient, seedProcessedMeeting } from "./support/seed-meeting";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let cookie: string;
let userId: number;
let clientId: number;

const patch = (id: number, body: unknown) =>
  server.fetch(`/api/meetings/${id}/summary`, { ...json(body, cookie), method: "PATCH" });
const meeting = async (id: number) =>
  (await (await server.fetch(`/api/meetings/${id}`, { headers: { cookie } })).json()) as MeetingDetail;
const newMeeting = (title: string) =>
  seedProcessedMeeting(server.ctx.db.sql, userId, clientId, { title, date: new Date("2026-05-04T10:00:00Z") });

beforeAll(async () => {
  server = await startTestServer();
  ({ cookie } = await registerAndSignIn(server));
  userId = (await (await server.fetch("/api/auth/user", { headers: { cookie } })).json()).user.id;
  clientId = (await seedClient(server.ctx.db.sql, userId, "Okafor Trust")).id;
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

describe("PATCH /api/meetings/{id}/summary limits", () => {
  test("a text over its limit answers 400 naming the field and the limit, and nothing is stored", async () => {
    const id = await newMeeting("Over the limit");
    const before = await meeting(id);
    const over = (max: number) => "x".repeat(max + 1);
    const cases: [unknown, string, number][] = [
      // The finding: 6,000 characters were saved as 5,000.
      [{ executiveSummary: "x".repeat(6000) }, "executiveSummary", SUMMARY_LIMITS.executiveSummary],
      [
        { keyPoints: [{ text: "fine" }, { text: over(SUMMARY_LIMITS.point) }] },
        "keyPoints.1.text",
        SUMMARY_LIMITS.point,
      ],
      [{ decisions: [{ text: over(SUMMARY_LIMITS.point) }] }, "decisions.0.text", SUMMARY_LIMITS.point],
      [
        { actionItems: [...Array.from({ length: 7 }, () => ({ task: "Call" })), { task: over(SUMMARY_LIMITS.task) }] },
        "actionItems.7.task",
        SUMMARY_LIMITS.task,
      ],
      [{ actionItems: [{ task: "Call", assignee: over(SUMMARY_LIMITS.assignee) }] }, "actionItems.0.assignee", 200],
      [{ nextMeeting: { date: null, topics: ["ok", over(SUMMARY_LIMITS.topic)] } }, "nextMeeting.topics.1", 300],
      [{ nextMeeting: { date: null, topics: Array.from({ length: 21 }, () => "t") } }, "nextMeeting.topics", 20],
      [{ nextMeeting: { date: "y".repeat(301), topics: [] } }, "nextMeeting.date", 0],
    ];
    for (const [body, field, limit] of cases) {
      const response = await patch(id, body);
      const message = (await response.json()).message as string;
      expect(`${field} ${response.status}`).toBe(`${field} 400`);
      expect(message).toContain(field);
      if (limit) expect(message).toContain(String(limit));
    }
    const after = await meeting(id);
    expect(after.summary).toEqual(before.summary);
    expect(after.editedParts).toEqual([]);
  });

  test("texts at their limits are stored and read back whole", async () => {
    const id = await newMeeting("At the limit");
    const summary = `${"Long summary. ".repeat(400)}`.slice(0, SUMMARY_LIMITS.executiveSummary - 1).concat("!");
    const point = "p".repeat(SUMMARY_LIMITS.point);
    const task = "t".repeat(SUMMARY_LIMITS.task);
    const assignee = "a".repeat(SUMMARY_LIMITS.assignee);
    const topic = "o".repeat(SUMMARY_LIMITS.topic);
    const response = await patch(id, {
      executiveSummary: summary,
      keyPoints: [{ text: point }],
      decisions: [{ text: point }],
      actionItems: [{ task, assignee }],
      nextMeeting: { date: null, topics: [topic] },
    });
    expect(response.status).toBe(200);
    const stored = (await meeting(id)).summary!;
    expect(stored.executiveSummary).toHaveLength(SUMMARY_LIMITS.executiveSummary);
    expect(stored.executiveSummary).toBe(summary);
    expect(stored.keyPoints[0]!.text).toBe(point);
    expect(stored.decisions[0]!.text).toBe(point);
    expect(stored.actionItems[0]).toMatchObject({ task, assignee });
    expect(stored.nextMeeting!.topics).toEqual([topic]);
  });
});
