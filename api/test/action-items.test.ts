// Action items as tasks: stable ids, status, assignee and due date edited through PATCH /api/action-items/{id},
// listed across meetings by GET /api/action-items; a summary made again keeps the status of the items it still has.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { upsertSummary } from "@cm/db/queries/summaries";
import type { ActionItemTask, MeetingDetail } from "../src/models";
import { json, registerAndSignIn } from "./auth-helpers";
import { createClient, uploadTranscript, waitForStatus } from "./hostile-fixtures";
import { seedClient, seedProcessedMeeting } from "./support/seed-meeting";
import { startTestServer, type TestServer, WITH_WORKER } from "./test-server";

let server: TestServer;
let cookie: string;
let other: string;
let userId: number;
let olderId: number;
let newerId: number;
let clientA: number;
let clientB: number;

const get = (path: string, as = cookie) => server.fetch(path, { headers: { cookie: as } });
const patch = (id: number, body: unknown, as = cookie) =>
  server.fetch(`/api/action-items/${id}`, { ...json(body, as), method: "PATCH" });
const tasks = async (query = "") => (await (await get(`/api/action-items${query}`)).json()) as ActionItemTask[];
const meeting = async (id: number) => (await (await get(`/api/meetings/${id}`)).json()) as MeetingDetail;

beforeAll(async () => {
  server = await startTestServer(WITH_WORKER);
  ({ cookie } = await registerAndSignIn(server));
  ({ cookie: other } = await registerAndSignIn(server));
  userId = (await (await get("/api/auth/user")).json()).user.id;
  const sql = server.ctx.db.sql;
  clientA = (await seedClient(sql, userId, "Hendricks Family Trust")).id;
  clientB = (await seedClient(sql, userId, "Okafor Holdings")).id;
  olderId = await seedProcessedMeeting(sql, userId, clientA, { title: "Q1 review", date: new Date("2026-01-10") });
  newerId = await seedProcessedMeeting(sql, userId, clientB, { title: "Estate plan", date: new Date("2026-02-10") });
  await upsertSummary(sql, newerId, {
    executiveSummary: "The estate plan was discussed.",
    keyPoints: ["Trust structure"],
    actionItems: [
      { task: "Draft the trust amendment", assignee: "Dana", dueDate: "2026-02-20" },
      { task: "Book the notary", assignee: "" },
    ],
    nextMeeting: null,
  });
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

describe("GET /api/action-items", () => {
  test("lists every item with its meeting and client, newest meeting first", async () => {
    const all = await tasks();
    expect(all.map((t) => [t.meetingTitle, t.task])).toEqual([
      ["Estate plan", "Draft the trust amendment"],
      ["Estate plan", "Book the notary"],
      ["Q1 review", "Send the trade list for signature"],
    ]);
    const first = all[0]!;
    expect(first).toMatchObject({
      meetingId: newerId,
      clientId: clientB,
      clientName: "Okafor Holdings",
      assignee: "Dana",
      dueDate: "2026-02-20",
      status: "open",
      completedAt: null,
    });
    expect(new Set(all.map((t) => t.id)).size).toBe(3);
  });

  test("filters by client and status; a bad status is a 400 naming the allowed values", async () => {
    expect((await tasks(`?clientId=${clientA}`)).map((t) => t.meetingId)).toEqual([olderId]);
    expect(await tasks("?status=done")).toEqual([]);
    const bad = await get("/api/action-items?status=finished");
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toContain('status must be "open" or "done"');
  });

  test("another user sees none of them, even filtering by this user's client", async () => {
    const response = await get(`/api/action-items?clientId=${clientA}`, other);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });
});

describe("PATCH /api/action-items/{id}", () => {
  test("marks an item done, and the meeting's summary shows it with its id", async () => {
    const [item] = await tasks(`?clientId=${clientA}`);
    const response = await patch(item!.id, { status: "done" });
    expect(response.status).toBe(200);
    const done = (await response.json()) as ActionItemTask;
    expect(done.status).toBe("done");
    expect(Date.parse(done.completedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect((await tasks("?status=done")).map((t) => t.id)).toEqual([item!.id]);
    expect((await tasks("?status=open")).map((t) => t.id)).not.toContain(item!.id);
    const detail = await meeting(olderId);
    expect(detail.summary!.actionItems).toEqual([
      { id: item!.id, task: "Send the trade list for signature", assignee: "Morgan Reyes", status: "done" },
    ]);
    // The meeting lists' copy (the first three items) follows too.
    const list = (await (await get(`/api/meetings?clientId=${clientA}`)).json()) as MeetingDetail[];
    expect(list[0]!.action_items[0]!.status).toBe("done");
    const reopened = (await (await patch(item!.id, { status: "open" })).json()) as ActionItemTask;
    expect(reopened).toMatchObject({ status: "open", completedAt: null });
  });

  test("changes the assignee and due date, and clears the date with null", async () => {
    const [item] = await tasks(`?clientId=${clientB}`);
    const changed = (await (
      await patch(item!.id, { assignee: "  Morgan  ", dueDate: "2026-03-31" })
    ).json()) as ActionItemTask;
    expect(changed).toMatchObject({ assignee: "Morgan", dueDate: "2026-03-31", status: "open" });
    expect((await meeting(newerId)).summary!.actionItems[0]).toMatchObject({
      assignee: "Morgan",
      dueDate: "2026-03-31",
    });
    const cleared = (await (await patch(item!.id, { dueDate: null })).json()) as ActionItemTask;
    expect(cleared.dueDate).toBeNull();
    expect((await meeting(newerId)).summary!.actionItems[0]!.dueDate).toBeUndefined();
  });

  test("bad input answers 400 with a message and changes nothing", async () => {
    const [item] = await tasks(`?clientId=${clientB}`);
    const before = JSON.stringify(await tasks());
    for (const [body, words] of [
      [{ status: "finished" }, 'status must be "open" or "done"'],
      [{ dueDate: "31/03/2026" }, "dueDate must be a date written yyyy-MM-dd"],
      [{ dueDate: "2026-02-30" }, "dueDate must be a date written yyyy-MM-dd"],
      [{ dueDate: "9999-01-01" }, "dueDate must be a date written yyyy-MM-dd"],
      [{}, "nothing to change"],
      [{ assignee: "x".repeat(201) }, "assignee"],
      [{ status: 1 }, "status"],
    ] as const) {
      const response = await patch(item!.id, body);
      expect(`${JSON.stringify(body)} ${response.status}`).toBe(`${JSON.stringify(body)} 400`);
      expect((await response.json()).message).toContain(words);
    }
    expect(JSON.stringify(await tasks())).toBe(before);
  });

  test("unknown ids and another user's ids answer 404 and change nothing", async () => {
    const [item] = await tasks();
    const before = JSON.stringify(await tasks());
    for (const [id, as] of [
      [item!.id, other],
      [999_999_999, cookie],
    ] as const) {
      const response = await patch(id, { status: "done" }, as);
      expect(response.status).toBe(404);
      expect((await response.json()).message).toContain("not found");
    }
    expect(JSON.stringify(await tasks())).toBe(before);
  });
});

describe("a summary made again", () => {
  test("keeps the ids, statuses and the advisor's edits of the items it still lists", async () => {
    const sql = server.ctx.db.sql;
    const [draft, notary] = await tasks(`?clientId=${clientB}`);
    await patch(draft!.id, { status: "done" });
    await patch(notary!.id, { assignee: "Priya" });
    await upsertSummary(sql, newerId, {
      executiveSummary: "The estate plan was discussed again.",
      keyPoints: [],
      actionItems: [
        { task: "Call the bank", assignee: "Dana" },
        { task: "book the Notary.", assignee: "" },
        { task: "draft the trust  amendment", assignee: "morgan", dueDate: "2026-04-01" },
      ],
      nextMeeting: null,
    });
    const after = await tasks(`?clientId=${clientB}`);
    expect(after.map((t) => [t.task, t.assignee, t.status])).toEqual([
      ["Call the bank", "Dana", "open"],
      ["book the Notary.", "Priya", "open"],
      ["draft the trust  amendment", "Morgan", "done"],
    ]);
    expect(after[1]!.id).toBe(notary!.id);
    expect(after[2]!.id).toBe(draft!.id);
    // An item the new summary no longer lists is gone; the summary's copy matches the table.
    const items = (await meeting(newerId)).summary!.actionItems;
    expect(items.map((i) => i.id)).toEqual(after.map((t) => t.id));
  });

  test("through the worker: a meeting processed again keeps the status of its items", async () => {
    const sql = server.ctx.db.sql;
    const client = await createClient(server, cookie, "Reprocess Client");
    const text = "Ann: We reviewed the portfolio.\nBob: I will send the report on Friday.\nAnn: I will call the bank.";
    const uploaded = await uploadTranscript(server, cookie, client.id, "Reprocess", text);
    expect((await waitForStatus(server, cookie, uploaded.id)).status).toBe("Processed");
    const before = await tasks(`?clientId=${client.id}`);
    expect(before.length).toBeGreaterThan(0);
    await patch(before[0]!.id, { status: "done" });
    // As "Transcribe again" does: the summary is dropped and the meeting processed again from its transcript.
    await sql.begin(async (tx) => {
      await tx`delete from summaries where meeting_id = ${uploaded.id}`;
      await tx`update meetings set status = 'Processing' where id = ${uploaded.id}`;
      await tx`insert into jobs (kind, payload, meeting_id)
        values ('process-meeting', ${tx.json({ meetingId: uploaded.id })}, ${uploaded.id})`;
    });
    expect(await tasks(`?clientId=${client.id}`)).toEqual([]); // no summary yet: nothing listed
    server.ctx.jobs.wake();
    expect((await waitForStatus(server, cookie, uploaded.id)).status).toBe("Processed");
    const after = await tasks(`?clientId=${client.id}`);
    expect(after.map((t) => [t.id, t.status])).toEqual(before.map((t, i) => [t.id, i === 0 ? "done" : "open"]));
  }, 60_000);
});
