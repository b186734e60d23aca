// Retention schedules and legal holds (issue 39): the settings' checks, deletion refused under a schedule or a hold
// with the day named and nothing changed, promises kept when a schedule is shortened, and the daily disposal judged
// at a moved clock (`now` injected, never a sleep).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Sql } from "@cm/db";
import { disposeDueRecords } from "../src/modules/retention/dispose-records";
import type { AccountSettings } from "../src/modules/retention/model";
import { json, registerAndSignIn } from "./auth-helpers";
import { seedClient, seedProcessedMeeting } from "./support/seed-meeting";
import { startTestServer, type TestServer } from "./test-server";

const DAY = 24 * 60 * 60 * 1000;
let server: TestServer;
let sql: Sql;
let cookie: string;
let userId: number;
let other: string;

const call = (path: string, method: string, body?: unknown, as = cookie) =>
  server.fetch(path, body === undefined ? { method, headers: { cookie: as } } : { ...json(body, as), method });
const settings = async () => (await (await call("/api/account/settings", "GET")).json()) as AccountSettings;
const patchSettings = (body: unknown) => call("/api/account/settings", "PATCH", body);

let clientCount = 0;
/** A client and a processed meeting made `ageDays` ago (its record's retention counts from then). */
async function meetingMadeAgo(ageDays: number, withRecording = false) {
  clientCount++;
  const client = await seedClient(sql, userId, `Retention Client ${clientCount}`);
  const id = await seedProcessedMeeting(sql, userId, client.id, { title: `Review ${clientCount}`, date: new Date() });
  const createdAt = new Date(Date.now() - ageDays * DAY);
  await sql`update meetings set created_at = ${createdAt}, audio_path = ${withRecording ? `rec-${id}.mp3` : null}
    where id = ${id}`;
  return { id, clientId: client.id, createdAt };
}
const exists = async (id: number) => (await sql`select 1 from meetings where id = ${id}`).length === 1;
const kindsLeft = async (id: number) => {
  const [row] = await sql<{ audio: boolean; transcript: boolean; summary: boolean }[]>`
    select m.audio_path is not null as audio, exists (select 1 from transcripts t where t.meeting_id = m.id) as transcript,
      exists (select 1 from summaries s where s.meeting_id = m.id) as summary from meetings m where m.id = ${id}`;
  return row;
};
const dispose = (now: Date) => disposeDueRecords(server.ctx, { now });
const day = (date: Date) => date.toISOString().slice(0, 10);
const plusYears = (date: Date, years: number) => {
  const next = new Date(date);
  next.setUTCFullYear(next.getUTCFullYear() + years);
  return next;
};

beforeAll(async () => {
  server = await startTestServer();
  sql = server.ctx.db.sql;
  ({ cookie } = await registerAndSignIn(server));
  ({ cookie: other } = await registerAndSignIn(server));
  const me = await (await server.fetch("/api/auth/user", { headers: { cookie } })).json();
  userId = me.user.id;
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

describe("settings", () => {
  test("an account starts with the preset none: nothing kept, nothing disposed of, no holds", async () => {
    const answer = await settings();
    expect(answer.retentionPreset).toBe("none");
    expect(Object.values(answer.retention).every((rule) => rule.mode === "none")).toBe(true);
    expect(answer.planRecordingDays).toBeNull();
    expect(answer.legalHolds).toEqual({ clients: [], meetings: [] });
  });

  test("a value out of range is a 400 naming the field, and nothing changes", async () => {
    const cases: [unknown, string][] = [
      [{ overrides: { recordings: { days: 0 } } }, "overrides.recordings"],
      [{ overrides: { transcripts: { years: 101 } } }, "overrides.transcripts"],
      [{ overrides: { notes: { days: 1.5 } } }, "overrides.notes"],
      [{ lawFirmYears: 0 }, "lawFirmYears"],
      [{ retentionPreset: "gdpr" }, "retentionPreset"],
    ];
    for (const [body, field] of cases) {
      const response = await patchSettings(body);
      expect(response.status).toBe(400);
      expect((await response.json()).message).toContain(field);
    }
    expect((await settings()).retentionPreset).toBe("none");
  });

  test("a preset and overrides are kept and shown per kind", async () => {
    const response = await patchSettings({ retentionPreset: "sec-204-2", overrides: { recordings: { days: 30 } } });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as AccountSettings;
    expect(answer.retention.transcripts).toEqual({ mode: "years", amount: 5, overridden: false });
    expect(answer.retention.recordings).toEqual({ mode: "days", amount: 30, overridden: true });
    expect(answer.retention.auditTrail).toEqual({ mode: "years", amount: 5, overridden: false });
    await patchSettings({ retentionPreset: "none", overrides: { recordings: null } });
    expect((await settings()).overrides).toEqual({});
  });
});

describe("deletion under a schedule", () => {
  test("a meeting kept by the preset is refused with the permission error and its day; nothing changes", async () => {
    await patchSettings({ retentionPreset: "sec-204-2" });
    const meeting = await meetingMadeAgo(10);
    const response = await call(`/api/meetings/${meeting.id}`, "DELETE");
    expect(response.status).toBe(403);
    const body = await response.json();
    expect(body.message).toStartWith("You don't have permission to delete this meeting");
    expect(body.message).toContain(day(plusYears(meeting.createdAt, 5)));
    expect(await kindsLeft(meeting.id)).toEqual({ audio: false, transcript: true, summary: true });

    const clientResponse = await call(`/api/clients/${meeting.clientId}`, "DELETE");
    expect(clientResponse.status).toBe(403);
    expect((await clientResponse.json()).message).toContain(day(plusYears(meeting.createdAt, 5)));
    expect(await exists(meeting.id)).toBe(true);
    await patchSettings({ retentionPreset: "none" });
  });

  test("once the day has passed, the meeting may be deleted", async () => {
    await patchSettings({ retentionPreset: "sec-204-2" });
    const meeting = await meetingMadeAgo(5 * 366 + 1);
    expect((await call(`/api/meetings/${meeting.id}`, "DELETE")).status).toBe(200);
    await patchSettings({ retentionPreset: "none" });
  });

  test("shortening a schedule keeps what the earlier one promised; the disposal waits for that day", async () => {
    await patchSettings({ retentionPreset: "finra-4511" });
    const meeting = await meetingMadeAgo(5 * 366 + 10);
    await patchSettings({ retentionPreset: "sec-204-2" });
    const response = await call(`/api/meetings/${meeting.id}`, "DELETE");
    expect(response.status).toBe(403);
    const promised = plusYears(meeting.createdAt, 6);
    expect((await response.json()).message).toContain(day(promised));
    expect(await dispose(new Date())).toBe(0);
    expect(await exists(meeting.id)).toBe(true);
    await dispose(new Date(promised.getTime() - 1000));
    expect(await exists(meeting.id)).toBe(true);
    await dispose(new Date(promised.getTime() + 1000));
    expect(await exists(meeting.id)).toBe(false);
    await patchSettings({ retentionPreset: "none" });
  });

  test("the preset none keeps earlier promises too: deletion waits for the promised day, nothing is disposed of", async () => {
    await patchSettings({ retentionPreset: "sec-204-2" });
    const meeting = await meetingMadeAgo(3);
    await patchSettings({ retentionPreset: "none" });
    expect((await call(`/api/meetings/${meeting.id}`, "DELETE")).status).toBe(403);
    await dispose(plusYears(new Date(), 10));
    expect(await exists(meeting.id)).toBe(true);
  });
});

describe("the daily disposal", () => {
  test("disposes of a meeting the day after its retention ends, not the day before", async () => {
    await patchSettings({ retentionPreset: "sec-204-2" });
    const meeting = await meetingMadeAgo(100);
    const end = plusYears(meeting.createdAt, 5);
    await dispose(new Date(end.getTime() - DAY));
    expect(await exists(meeting.id)).toBe(true);
    await dispose(new Date(end.getTime() + DAY));
    expect(await exists(meeting.id)).toBe(false);
    await patchSettings({ retentionPreset: "none" });
  });

  test("a kind with a shorter override goes alone: the recording after 30 days, the transcript and notes stay", async () => {
    await patchSettings({ retentionPreset: "sec-204-2", overrides: { recordings: { days: 30 } } });
    const meeting = await meetingMadeAgo(31, true);
    await dispose(new Date());
    expect(await kindsLeft(meeting.id)).toEqual({ audio: false, transcript: true, summary: true });
    await patchSettings({ retentionPreset: "none", overrides: { recordings: null } });
  });

  test("law firm: kept while the client is open, disposed of the years after it is closed", async () => {
    await patchSettings({ retentionPreset: "law-firm", lawFirmYears: 3 });
    const meeting = await meetingMadeAgo(20 * 366);
    const refused = await call(`/api/meetings/${meeting.id}`, "DELETE");
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toContain("3 years after the client is closed");
    await dispose(plusYears(new Date(), 50));
    expect(await exists(meeting.id)).toBe(true);
    expect((await call(`/api/clients/${meeting.clientId}/closed`, "PUT")).status).toBe(200);
    const [closed] = await sql<
      { closedAt: Date }[]
    >`select closed_at as "closedAt" from clients where id = ${meeting.clientId}`;
    await dispose(new Date(plusYears(closed!.closedAt, 3).getTime() - DAY));
    expect(await exists(meeting.id)).toBe(true);
    await dispose(new Date(plusYears(closed!.closedAt, 3).getTime() + DAY));
    expect(await exists(meeting.id)).toBe(false);
    await patchSettings({ retentionPreset: "none" });
  });
});

describe("a law firm's promise after a switch", () => {
  test("kept until the years after the client is closed, then disposed of under the new preset", async () => {
    await patchSettings({ retentionPreset: "law-firm", lawFirmYears: 2 });
    const meeting = await meetingMadeAgo(10 * 366);
    await patchSettings({ retentionPreset: "sec-204-2" });
    const refused = await call(`/api/meetings/${meeting.id}`, "DELETE");
    expect((await refused.json()).message).toContain("2 years after the client is closed");
    await dispose(plusYears(new Date(), 30));
    expect(await exists(meeting.id)).toBe(true);
    await call(`/api/clients/${meeting.clientId}/closed`, "PUT");
    const [closed] = await sql<{ at: Date }[]>`select closed_at as at from clients where id = ${meeting.clientId}`;
    await dispose(new Date(plusYears(closed!.at, 2).getTime() + DAY));
    expect(await exists(meeting.id)).toBe(false);
    await patchSettings({ retentionPreset: "none" });
  });
});

describe("legal hold", () => {
  test("a held meeting or client is neither deleted nor disposed of until released", async () => {
    const meeting = await meetingMadeAgo(3);
    const put = await call(`/api/meetings/${meeting.id}/legal-hold`, "PUT");
    expect(put.status).toBe(200);
    expect((await put.json()).held).toBe(true);
    const refused = await call(`/api/meetings/${meeting.id}`, "DELETE");
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toContain("legal hold");
    expect((await call(`/api/clients/${meeting.clientId}`, "DELETE")).status).toBe(403);
    expect((await call(`/api/meetings/${meeting.id}/legal-hold`, "DELETE")).status).toBe(200);

    expect((await call(`/api/clients/${meeting.clientId}/legal-hold`, "PUT")).status).toBe(200);
    expect((await settings()).legalHolds.clients.map((c) => c.id)).toContain(meeting.clientId);
    await patchSettings({ retentionPreset: "sec-204-2" });
    await dispose(plusYears(new Date(), 6));
    expect(await exists(meeting.id)).toBe(true);
    expect((await call(`/api/meetings/${meeting.id}`, "DELETE")).status).toBe(403);
    await patchSettings({ retentionPreset: "none" });
    expect((await call(`/api/clients/${meeting.clientId}/legal-hold`, "DELETE")).status).toBe(200);
    expect((await settings()).legalHolds.clients).toEqual([]);
    expect((await call(`/api/clients/${meeting.clientId}`, "DELETE")).status).toBe(403); // the SEC promise stays
  });

  test("another user's client or meeting answers 404 on every hold and closing route, and is not held", async () => {
    const meeting = await meetingMadeAgo(1);
    for (const [path, method] of [
      [`/api/meetings/${meeting.id}/legal-hold`, "PUT"],
      [`/api/meetings/${meeting.id}/legal-hold`, "DELETE"],
      [`/api/clients/${meeting.clientId}/legal-hold`, "PUT"],
      [`/api/clients/${meeting.clientId}/legal-hold`, "DELETE"],
      [`/api/clients/${meeting.clientId}/closed`, "PUT"],
      [`/api/clients/${meeting.clientId}/closed`, "DELETE"],
    ] as const) {
      expect((await call(path, method, undefined, other)).status).toBe(404);
    }
    const [row] = await sql`select legal_hold_at, closed_at from clients where id = ${meeting.clientId}`;
    expect(row).toEqual({ legal_hold_at: null, closed_at: null });
  });

  test("a meeting on its way out cannot be held (409)", async () => {
    const meeting = await meetingMadeAgo(1);
    await sql`update meetings set deleting_at = now() where id = ${meeting.id}`;
    expect((await call(`/api/meetings/${meeting.id}/legal-hold`, "PUT")).status).toBe(409);
  });
});

describe("in the trail", () => {
  const actions = async (since: number) =>
    (
      await sql<{ action: string; actor: number | null; meetingId: number | null; clientId: number | null }[]>`
        select action, actor_user_id as actor, meeting_id as "meetingId", client_id as "clientId" from audit_log
        where account_id = ${userId} and seq > ${since} order by seq`
    ).map((row) => ({ ...row, actor: row.actor === null ? null : Number(row.actor) }));
  const lastSeq = async () =>
    Number((await sql`select coalesce(max(seq), 0) as seq from audit_log where account_id = ${userId}`)[0]!.seq);

  test("settings changed, holds placed and released, a deletion refused and a disposal are each one row", async () => {
    // The trail itself kept for ever here: the clock moved past five years would dispose of its rows too.
    await patchSettings({ overrides: { auditTrail: "forever" } });
    const since = await lastSeq();
    await patchSettings({ retentionPreset: "sec-204-2" });
    const meeting = await meetingMadeAgo(2);
    await call(`/api/meetings/${meeting.id}/legal-hold`, "PUT");
    await call(`/api/meetings/${meeting.id}`, "DELETE");
    await call(`/api/meetings/${meeting.id}/legal-hold`, "DELETE");
    await dispose(plusYears(new Date(), 6));
    await patchSettings({ retentionPreset: "none", overrides: { auditTrail: null } });
    const rows = (await actions(since)).filter(
      (row) => row.action === "settings.changed" || row.meetingId === meeting.id,
    );
    expect(rows.map((row) => row.action)).toEqual([
      "settings.changed",
      "hold.placed",
      "deletion.refused",
      "hold.released",
      "record.disposed",
      "settings.changed",
    ]);
    expect(rows[4]).toMatchObject({ actor: null, meetingId: meeting.id, clientId: meeting.clientId });
    expect(rows[1]).toMatchObject({ actor: userId, meetingId: meeting.id });
  });

  test("the trail's own retention disposes of its oldest rows, never those about a held client", async () => {
    // A fresh account: the schedules above promised this one's trail years.
    ({ cookie } = await registerAndSignIn(server));
    userId = (await (await server.fetch("/api/auth/user", { headers: { cookie } })).json()).user.id;
    await patchSettings({ overrides: { auditTrail: { days: 30 } } });
    const held = await meetingMadeAgo(1);
    await call(`/api/clients/${held.clientId}/legal-hold`, "PUT");
    await dispose(new Date(Date.now() + 40 * DAY));
    const kept = await sql<
      { action: string }[]
    >`select action from audit_log where account_id = ${userId} order by seq`;
    // Everything before the hold went; the hold's row and what followed it stay, with the disposal's own row.
    expect(kept[0]!.action).toBe("hold.placed");
    expect(kept.map((row) => row.action)).not.toContain("settings.changed");
    expect(kept.map((row) => row.action)).toContain("audit.disposed");
    await call(`/api/clients/${held.clientId}/legal-hold`, "DELETE");
    await patchSettings({ overrides: { auditTrail: null } });
  });
});
