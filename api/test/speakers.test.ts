// Renaming a meeting's speakers (PUT /api/meetings/{id}/speakers): the transcript's segments and text, the action
// items' assignees and, through a durable re-index job, the search index follow, all or nothing.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { upsertSummary } from "@cm/db/queries/summaries";
import type { MeetingDetail } from "../src/models";
import { json, registerAndSignIn } from "./auth-helpers";
import { seedClient, seedProcessedMeeting } from "./support/seed-meeting";
import { startTestServer, type TestServer, WITH_WORKER } from "./test-server";

let server: TestServer;
let cookie: string;
let other: string;
let meetingId: number;

const rename = (body: unknown, as = cookie, id = meetingId) =>
  server.fetch(`/api/meetings/${id}/speakers`, { ...json(body, as), method: "PUT" });
const meeting = async () =>
  (await (await server.fetch(`/api/meetings/${meetingId}`, { headers: { cookie } })).json()) as MeetingDetail;
const transcriptChunks = async () =>
  (
    await server.ctx.db.sql<{ content: string }[]>`
      select content from chunks where meeting_id = ${meetingId} and source = 'transcript' order by id`
  ).map((row) => row.content);

async function waitForReindex() {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [row] = await server.ctx.db.sql<{ open: number }[]>`select count(*)::int as open from jobs
      where kind = 'reindex-meeting' and meeting_id = ${meetingId} and status in ('queued', 'running')`;
    if (row!.open === 0) return;
    if (Date.now() > deadline) throw new Error("re-index job did not finish");
    await Bun.sleep(100);
  }
}

beforeAll(async () => {
  server = await startTestServer(WITH_WORKER);
  ({ cookie } = await registerAndSignIn(server));
  ({ cookie: other } = await registerAndSignIn(server));
  const userId = (await (await server.fetch("/api/auth/user", { headers: { cookie } })).json()).user.id;
  const sql = server.ctx.db.sql;
  const client = await seedClient(sql, userId, "Whitfield Trust");
  meetingId = await seedProcessedMeeting(sql, userId, client.id, { title: "Allocation", date: new Date("2026-03-02") });
  await upsertSummary(sql, meetingId, {
    executiveSummary:
      "The allocation was agreed. Dana asked about the tuition payment; Morgan will check Dana's dates.",
    keyPoints: ["Dana wants the tuition paid in April", "Nothing about Danae here"],
    actionItems: [
      { task: "Confirm the tuition date", assignee: "dana" },
      { task: "Send the trade list", assignee: "Morgan" },
    ],
    nextMeeting: null,
  });
  await server.ctx.indexer.indexMeeting(meetingId);
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

describe("PUT /api/meetings/{id}/speakers", () => {
  test("the meeting page lists the speakers the transcript carried", async () => {
    const segments = (await meeting()).transcript!.segments;
    expect([...new Set(segments.map((s) => s.speaker))]).toEqual(["Morgan", "Dana"]);
    expect((await transcriptChunks()).join("\n")).toContain("Dana: Yes, and the tuition payment");
  });

  test("renames the speaker in the transcript, the summary, the action items and, by a job, the search index", async () => {
    const response = await rename({ from: "Dana", to: "  Dana Whitfield " });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      speakers: ["Morgan", "Dana Whitfield"],
      renamedSegments: 1,
      renamedActionItems: 1,
      renamedInSummary: true,
      reindexQueued: true,
    });
    const detail = await meeting();
    expect(detail.transcript!.segments.map((s) => s.speaker)).toEqual(["Morgan", "Dana Whitfield"]);
    expect(detail.transcript!.fullText).toBe(
      "Morgan: Shall we start with the allocation?\nDana Whitfield: Yes, and the tuition payment in April.",
    );
    expect(detail.summary!.actionItems.map((i) => i.assignee)).toEqual(["Dana Whitfield", "Morgan"]);
    expect(detail.summary!.executiveSummary).toBe(
      "The allocation was agreed. Dana Whitfield asked about the tuition payment; Morgan will check Dana Whitfield's dates.",
    );
    expect(detail.summary!.keyPoints.map((point) => point.text)).toEqual([
      "Dana Whitfield wants the tuition paid in April",
      "Nothing about Danae here",
    ]);
    // The lists show the summary's opening: it follows too.
    const list = await (await server.fetch("/api/meetings", { headers: { cookie } })).json();
    expect(list[0].executive_summary).toContain("Dana Whitfield asked");
    const tasks = await (await server.fetch("/api/action-items", { headers: { cookie } })).json();
    expect(tasks.map((t: { assignee: string }) => t.assignee)).toEqual(["Dana Whitfield", "Morgan"]);
    await waitForReindex();
    const chunks = (await transcriptChunks()).join("\n");
    expect(chunks).toContain("Dana Whitfield: Yes, and the tuition payment");
    expect(chunks).not.toContain("\nDana: ");
  });

  test("bad input answers 400 with a message, and changes nothing", async () => {
    const before = JSON.stringify(await meeting());
    for (const [body, words] of [
      [{ from: "Speaker 9", to: "Ann" }, 'no speaker "Speaker 9" (its speakers: Morgan, Dana Whitfield)'],
      [{ from: "Morgan", to: "   " }, "the new speaker name is empty"],
      [{ from: "Morgan", to: "M".repeat(101) }, "at most 100 characters"],
      [{ from: "Morgan", to: "Mor\ngan" }, "one line"],
      [{ from: "Morgan", to: "Morgan" }, "already"],
      [{ from: "", to: "Ann" }, "name the speaker"],
      [{ to: "Ann" }, "from"],
    ] as const) {
      const response = await rename(body);
      expect(`${JSON.stringify(body)} ${response.status}`).toBe(`${JSON.stringify(body)} 400`);
      expect((await response.json()).message).toContain(words);
    }
    expect(JSON.stringify(await meeting())).toBe(before);
  });

  test("another user's meeting and unknown meetings answer 404; a meeting being processed 409", async () => {
    for (const [as, id] of [
      [other, meetingId],
      [cookie, 999_999_999],
    ] as const) {
      const response = await rename({ from: "Morgan", to: "Ann" }, as, id);
      expect(response.status).toBe(404);
      expect((await response.json()).message).toContain("not found");
    }
    const sql = server.ctx.db.sql;
    await sql`update meetings set status = 'Processing' where id = ${meetingId}`;
    const busy = await rename({ from: "Morgan", to: "Ann" });
    await sql`update meetings set status = 'Processed' where id = ${meetingId}`;
    expect(busy.status).toBe(409);
    expect((await busy.json()).message).toContain("still being processed");
    expect((await meeting()).transcript!.segments[0]!.speaker).toBe("Morgan");
  });

  test("all or nothing: when the re-index job cannot be queued, the transcript and action items stay as they were", async () => {
    const sql = server.ctx.db.sql;
    const before = JSON.stringify(await meeting());
    // A database failure at the last write of the rename (queueing its job).
    await sql.unsafe(`
      create function cm_test_refuse_job() returns trigger language plpgsql as $$
      begin raise exception 'jobs table unavailable'; end $$;
      create trigger cm_test_refuse_job before insert on jobs for each row execute function cm_test_refuse_job();`);
    try {
      const response = await rename({ from: "Morgan", to: "Morgan Reyes" });
      expect(response.status).toBe(503);
      expect((await response.json()).message).toContain("database");
    } finally {
      await sql.unsafe(`drop trigger cm_test_refuse_job on jobs; drop function cm_test_refuse_job();`);
    }
    expect(JSON.stringify(await meeting())).toBe(before);
  });

  test("if the re-index job fails for good, the rename is kept and a later rename re-indexes", async () => {
    const sql = server.ctx.db.sql;
    await sql`update jobs set status = 'failed', last_error = 'simulated' where kind = 'reindex-meeting'
      and meeting_id = ${meetingId}`;
    expect((await meeting()).transcript!.segments[1]!.speaker).toBe("Dana Whitfield");
    expect((await rename({ from: "Morgan", to: "Morgan Reyes" })).status).toBe(200);
    await waitForReindex();
    expect((await transcriptChunks()).join("\n")).toContain("Morgan Reyes: Shall we start");
  });
});
