// Issue 39 through the routes: who did what, when and from where goes into the audit trail; changes to a meeting's
// summary, notes and transcript keep every earlier version (the AI's draft first); a follow-up e-mail is kept as
// sent; the trail pages, downloads as CSV and verifies, and names the row edited behind the database's back; another
// user's ids answer 404; what is kept counts in the account's stored data.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describeVerification, verifyAudit } from "../src/modules/audit/verify-report";
import { newKey } from "../src/storage/file-storage";
import { json, register, signIn } from "./auth-helpers";
import { countedBytes, type LimitsUser, signedInWithClient } from "./support/account-limits";
import { seedProcessedMeeting } from "./support/seed-meeting";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const BROWSER = "Mozilla/5.0 (audit test) Firefox/140.0";
const as = (user: { cookie: string }, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { ...(init.headers as Record<string, string>), cookie: user.cookie, "user-agent": BROWSER },
});
const send = (user: { cookie: string }, method: string, body: unknown): RequestInit =>
  as(user, { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

interface Entry {
  seq: number;
  action: string;
  actor: { id: number } | null;
  meetingId: number | null;
  clientId: number | null;
  ip: string | null;
  userAgent: string | null;
  details: Record<string, unknown>;
}

async function trail(user: { cookie: string }, query = ""): Promise<{ entries: Entry[]; nextCursor: string | null }> {
  const response = await server.fetch(`/api/audit-log${query}`, as(user));
  expect(response.status).toBe(200);
  return response.json();
}

const actionsOf = async (user: { cookie: string }) => (await trail(user, "?limit=200")).entries.map((e) => e.action);

async function meetingOf(user: LimitsUser, title = "Annual review") {
  return seedProcessedMeeting(server.ctx.db.sql, user.id, user.clientId, {
    title,
    date: new Date("2026-05-04T10:00:00Z"),
  });
}

describe("signing in", () => {
  test("code sent, sign-in and a wrong password are in the account's trail, with where from", async () => {
    const account = await register(server);
    const cookie = await signIn(server, account);
    const wrong = await server.fetch("/api/login", json({ username: account.username, password: "not-the-password" }));
    expect(wrong.status).toBe(401);
    // The failure is written beside the answer, not before it (a known username must not answer slower).
    let actions: string[] = [];
    for (let i = 0; i < 100 && !actions.includes("auth.sign-in-failed"); i++) {
      actions = await actionsOf({ cookie });
      await Bun.sleep(20);
    }
    expect(actions).toContain("auth.sign-in-failed");
    expect(actions).toContain("auth.code-sent");
    expect(actions).toContain("auth.sign-in");
    const { entries } = await trail({ cookie }, "?action=auth.sign-in");
    expect(entries[0]?.ip).toBeTruthy();
    expect(entries[0]?.details).toEqual({ step: "code" });
  });
});

describe("reads and changes", () => {
  let a: LimitsUser;
  let b: LimitsUser;
  let meetingId: number;
  beforeAll(async () => {
    a = await signedInWithClient(server, "audita");
    b = await signedInWithClient(server, "auditb");
    meetingId = await meetingOf(a);
  });

  test("a meeting viewed twice in a minute is one row, with who, the meeting, its client and the browser", async () => {
    expect((await server.fetch(`/api/meetings/${meetingId}`, as(a))).status).toBe(200);
    expect((await server.fetch(`/api/meetings/${meetingId}`, as(a))).status).toBe(200);
    expect((await server.fetch(`/api/meetings/${meetingId}/transcript?from=0&to=10`, as(a))).status).toBe(200);
    const { entries } = await trail(a, "?action=meeting.viewed");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor: { id: a.id }, meetingId, clientId: a.clientId, userAgent: BROWSER });
    expect(await actionsOf(a)).toContain("transcript.viewed");
    // B reading A's meeting is refused and writes nothing into A's trail.
    expect((await server.fetch(`/api/meetings/${meetingId}`, as(b))).status).toBe(404);
  });

  test("a meeting page rendered on the server is viewed from the visitor's address and browser", async () => {
    const page = await meetingOf(a, "Page review");
    const html = await server.fetch(`/meetings/${page}`, as(a));
    expect(html.status).toBe(200);
    await html.text();
    const viewed = (await trail(a, "?action=meeting.viewed")).entries.find((e) => e.meetingId === page);
    expect(viewed).toMatchObject({ ip: "127.0.0.1", userAgent: BROWSER });
  });

  test("a recording played (a range) and downloaded (whole), and a question asked, are each in the trail", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "cm-audit-")), "recording.mp3");
    writeFileSync(file, new Uint8Array(4096).fill(7));
    const key = newKey("mp3");
    const localCopy = await server.ctx.storage.importFile(file, key);
    await localCopy.release();
    await server.ctx.db.sql`update meetings set audio_path = ${key}, source_kind = 'audio' where id = ${meetingId}`;
    const played = await server.fetch(`/api/meetings/${meetingId}/audio`, as(a, { headers: { range: "bytes=0-99" } }));
    expect(played.status).toBe(206);
    await played.arrayBuffer();
    const whole = await server.fetch(`/api/meetings/${meetingId}/audio`, as(a));
    expect(whole.status).toBe(200);
    await whole.arrayBuffer();
    expect((await server.fetch(`/api/meetings/${meetingId}/audio`, as(b))).status).toBe(404);
    const asked = await server.fetch("/api/search", send(a, "POST", { query: "What did the trustees approve?" }));
    expect(asked.status).toBe(200);
    await asked.json();
    const actions = await actionsOf(a);
    expect(actions).toContain("recording.played");
    expect(actions).toContain("recording.downloaded");
    const [question] = (await trail(a, "?action=search.asked")).entries;
    expect(question?.details).toMatchObject({ question: "What did the trustees approve?" });
    expect(await actionsOf(b)).not.toContain("recording.played");
  });

  test("an edit keeps the AI's draft: versions list who, when, the whole content and what changed", async () => {
    const edited = await server.fetch(
      `/api/meetings/${meetingId}/summary`,
      send(a, "PATCH", { executiveSummary: "The trustees agreed a smaller move into bonds." }),
    );
    expect(edited.status).toBe(200);
    const response = await server.fetch(`/api/meetings/${meetingId}/versions`, as(a));
    expect(response.status).toBe(200);
    const { versions } = await response.json();
    const summary = versions.filter((v: { kind: string }) => v.kind === "summary");
    expect(summary[0]).toMatchObject({ version: 1, author: null, source: "ai", label: "The AI's first draft" });
    expect(summary[0].content.executiveSummary).toContain("approved moving 5%");
    expect(summary[1]).toMatchObject({
      version: 2,
      author: { id: a.id },
      source: "person",
      changed: ["executiveSummary"],
    });
    expect(summary[1].content.executiveSummary).toBe("The trustees agreed a smaller move into bonds.");
    const [row] = (await trail(a, "?action=summary.edited")).entries;
    expect(row?.details).toMatchObject({ parts: ["executiveSummary"], version: 2 });
    expect((await server.fetch(`/api/meetings/${meetingId}/versions`, as(b))).status).toBe(404);
  });

  test("notes typed in one sitting are one version; a speaker renamed keeps the transcript as transcribed", async () => {
    for (const content of ["Call the", "Call the trustees on Monday"]) {
      expect((await server.fetch("/api/notes", send(a, "POST", { meetingId, content }))).status).toBe(200);
    }
    const renamed = await server.fetch(
      `/api/meetings/${meetingId}/speakers`,
      send(a, "PUT", { from: "Morgan", to: "Morgan Reyes" }),
    );
    expect(renamed.status).toBe(200);
    const { versions } = await (await server.fetch(`/api/meetings/${meetingId}/versions`, as(a))).json();
    const notes = versions.filter((v: { kind: string }) => v.kind === "notes");
    expect(notes).toHaveLength(1);
    expect(notes[0].content).toEqual({ content: "Call the trustees on Monday" });
    const transcript = versions.filter((v: { kind: string }) => v.kind === "transcript");
    expect(transcript.map((v: { label: string }) => v.label)).toEqual([
      "As transcribed",
      expect.stringContaining("Edited by"),
    ]);
    expect(transcript[0].content.text).toStartWith("Morgan: Shall we");
    expect(transcript[1].content.text).toStartWith("Morgan Reyes: Shall we");
    const actions = await actionsOf(a);
    expect(actions.filter((x) => x === "notes.edited")).toHaveLength(1);
    expect(actions).toContain("transcript.edited");
  });

  test("a follow-up e-mail is kept as sent with the summary version it came from; an export says what it held", async () => {
    await server.ctx.db.sql`update clients set emails = array['dana@example.com'] where id = ${a.clientId}`;
    const sent = await server.fetch(
      `/api/meetings/${meetingId}/follow-up`,
      send(a, "POST", { to: ["dana@example.com"], subject: "Our review", body: "Dear Dana,\n\nThank you." }),
    );
    expect(sent.status).toBe(201);
    const emails = await (await server.fetch(`/api/meetings/${meetingId}/emails`, as(a))).json();
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ to: ["dana@example.com"], subject: "Our review", summaryVersion: 2 });
    expect(emails[0].text).toContain("Thank you.");
    expect(emails[0].html).toContain("Thank you.");
    expect((await server.fetch(`/api/meetings/${meetingId}/emails`, as(b))).status).toBe(404);
    const exported = await server.fetch(`/api/meetings/${meetingId}/export?format=md&transcript=1`, as(a));
    expect(exported.status).toBe(200);
    await exported.text();
    const [row] = (await trail(a, "?action=meeting.exported")).entries;
    expect(row?.details).toMatchObject({
      format: "md",
      parts: ["summary", "transcript"],
      summaryVersion: 2,
      transcriptVersion: 2,
    });
    const [mail] = (await trail(a, "?action=email.sent")).entries;
    expect(mail?.details).toMatchObject({ to: ["dana@example.com"], subject: "Our review", summaryVersion: 2 });
  });

  test("a record at its most versions refuses a change with 429 and changes nothing", async () => {
    const full = await meetingOf(a, "Much edited review");
    // Versions 2 to 500 written straight into the table: the bound, not 499 edits, is what is tested.
    await server.ctx.db
      .sql`insert into record_versions (meeting_id, user_id, kind, version, actor_user_id, source, content)
      select ${full}, ${a.id}, 'summary', n, ${a.id}, 'person', jsonb_build_object('n', n) from generate_series(2, 500) n`;
    const refused = await server.fetch(
      `/api/meetings/${full}/summary`,
      send(a, "PATCH", { executiveSummary: "One change too many." }),
    );
    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toStartWith("too many versions");
    const [summary] = await server.ctx.db.sql`select executive_summary from summaries where meeting_id = ${full}`;
    expect(summary?.executive_summary).toContain("approved moving 5%");
    expect((await trail(a, "?action=summary.edited&limit=200")).entries.every((e) => e.meetingId !== full)).toBe(true);
  });

  test("what is kept counts in the account's stored data", async () => {
    const { counter, recount } = await countedBytes(server.ctx.db.sql, a.id);
    expect(counter).toBe(recount);
    const [kept] = await server.ctx.db.sql`select
      (select coalesce(sum(octet_length(v::text)), 0) from record_versions v where v.user_id = ${a.id})::int as versions,
      (select coalesce(sum(octet_length(t::text)), 0) from audit_log t where t.account_id = ${a.id})::int as trail`;
    expect(kept?.versions).toBeGreaterThan(0);
    expect(kept?.trail).toBeGreaterThan(0);
  });

  test("a meeting and a client deleted are in the trail, which outlives them", async () => {
    const other = await meetingOf(a, "Second review");
    expect((await server.fetch(`/api/meetings/${other}`, as(a, { method: "DELETE" }))).status).toBe(200);
    expect((await server.fetch(`/api/clients/${a.clientId}`, as(a, { method: "DELETE" }))).status).toBe(200);
    const byClient = await trail(a, `?clientId=${a.clientId}&limit=200`);
    expect(byClient.entries.map((e) => e.action)).toContain("client.deleted");
    expect(byClient.entries.every((e) => e.clientId === a.clientId)).toBe(true);
    expect(await actionsOf(a)).toContain("meeting.deleted");
    // B asking A's trail about A's client: 404, as for any id not B's.
    expect((await server.fetch(`/api/audit-log?clientId=${a.clientId}`, as(b))).status).toBe(404);
  });

  test("pages by cursor, filters by time, downloads whole as CSV and verifies", async () => {
    const first = await trail(a, "?limit=3");
    expect(first.entries).toHaveLength(3);
    const second = await trail(a, `?limit=3&cursor=${first.nextCursor}`);
    expect(second.entries[0]!.seq).toBe(first.entries[2]!.seq - 1);
    expect((await trail(a, "?from=2100-01-01T00:00:00Z")).entries).toHaveLength(0);
    expect((await server.fetch("/api/audit-log?action=made.up", as(a))).status).toBe(400);
    expect((await server.fetch("/api/audit-log?cursor=abc", as(a))).status).toBe(400);
    const csv = await server.fetch("/api/audit-log.csv", as(a));
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toStartWith("seq,at,action,label");
    const [head] = await server.ctx.db.sql`select seq from audit_heads where account_id = ${a.id}`;
    expect(lines.length - 1).toBe(head?.seq);
    const verified = await (await server.fetch("/api/audit-log/verify", as(a))).json();
    expect(verified).toEqual({ ok: true, rows: head?.seq, firstBadRow: null });
  });

  test("a row edited behind the database's back is named by the route and by audit:verify", async () => {
    const [target] = await server.ctx.db.sql<{ id: number; seq: number }[]>`
      select id, seq from audit_log where account_id = ${a.id} and action = 'meeting.viewed'`;
    await server.ctx.db.sql.begin(async (tx) => {
      await tx`set local session_replication_role = replica`;
      await tx`update audit_log set ip = '203.0.113.9' where id = ${target!.id}`;
    });
    const verified = await (await server.fetch("/api/audit-log/verify", as(a))).json();
    expect(verified).toMatchObject({
      ok: false,
      rows: target!.seq - 1,
      firstBadRow: { id: target!.id, seq: target!.seq },
    });
    const report = await verifyAudit(server.ctx.db.sql);
    expect(report.ok).toBe(false);
    expect(describeVerification(report)).toContain(`row id ${target!.id}`);
    // B's chain is untouched.
    expect((await (await server.fetch("/api/audit-log/verify", as(b))).json()).ok).toBe(true);
  });
});
