// DELETE /api/account { password } (issue 39): every row of the account in every table, its recordings, search
// chunks, sessions and jobs gone; a wrong password is 403 and nothing is deleted; refused while a retention schedule
// or a legal hold still keeps records, naming the day; another account untouched.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Sql } from "@cm/db";
import { newKey } from "../src/storage/file-storage";
import { json, registerAndSignIn } from "./auth-helpers";
import { seedClient, seedProcessedMeeting } from "./support/seed-meeting";
import { startTestServer, type TestServer } from "./test-server";

const work = mkdtempSync(join(tmpdir(), "cm-erasure-"));
let server: TestServer;
let sql: Sql;

interface Account {
  cookie: string;
  password: string;
  userId: number;
  meetingId: number;
  clientId: number;
  audioKey: string;
}

/** An account with a client, a processed meeting with a recording, a search chunk, a queued job and trail rows. */
async function fullAccount(): Promise<Account> {
  const { cookie, account } = await registerAndSignIn(server);
  const userId = (await (await server.fetch("/api/auth/user", { headers: { cookie } })).json()).user.id;
  const client = await seedClient(sql, userId, "Lindqvist Partners");
  const meetingId = await seedProcessedMeeting(sql, userId, client.id, { title: "Estate plan", date: new Date() });
  const source = join(work, `${crypto.randomUUID()}.mp3`);
  writeFileSync(source, new Uint8Array(4096).fill(7));
  const key = newKey("mp3");
  await server.ctx.storage.importFile(source, key);
  await sql`update meetings set audio_path = ${key} where id = ${meetingId}`;
  await sql`insert into chunks (user_id, meeting_id, client_id, source, content)
    values (${userId}, ${meetingId}, ${client.id}, 'transcript', 'Shall we start with the allocation?')`;
  await sql`insert into jobs (kind, payload, meeting_id) values ('reindex-meeting', ${sql.json({ meetingId })}, ${meetingId})`;
  await sql`insert into notes (meeting_id, user_id, content) values (${meetingId}, ${userId}, 'Private.')`;
  await server.fetch("/api/account/settings", { ...json({ lawFirmYears: 9 }, cookie), method: "PATCH" });
  return { cookie, password: account.password, userId, meetingId, clientId: client.id, audioKey: key };
}

const erase = (account: Account, password = account.password) =>
  server.fetch("/api/account", { ...json({ password }, account.cookie), method: "DELETE" });

/** Rows of the account in every table that names an owner (user_id, account_id), and its sessions. */
async function rowsOf(userId: number): Promise<Record<string, number>> {
  const columns = await sql<{ table: string; column: string }[]>`
    select c.table_name as table, c.column_name as column from information_schema.columns c
    join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      and c.column_name in ('user_id', 'account_id', 'actor_user_id', 'consent_confirmed_by')
    order by 1, 2`;
  const counts: Record<string, number> = {};
  for (const { table, column } of columns) {
    const [row] = await sql<
      { n: number }[]
    >`select count(*)::int as n from ${sql(table)} where ${sql(column)} = ${userId}`;
    counts[`${table}.${column}`] = row!.n;
  }
  const [sessions] = await sql<{ n: number }[]>`
    select count(*)::int as n from sessions where sess->>'userId' = ${String(userId)}`;
  counts.sessions = sessions!.n;
  const [meetingRows] = await sql<{ n: number }[]>`select count(*)::int as n from meetings where user_id = ${userId}`;
  counts.meetings = meetingRows!.n;
  return counts;
}
const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, n) => sum + n, 0);
const stored = async (key: string) => (await server.ctx.storage.size(key)) !== undefined;

beforeAll(async () => {
  server = await startTestServer();
  sql = server.ctx.db.sql;
}, 180_000);
afterAll(async () => {
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe("DELETE /api/account", () => {
  test("a wrong password is 403 and nothing is deleted", async () => {
    const account = await fullAccount();
    const before = await rowsOf(account.userId);
    const response = await erase(account, "not-the-password");
    expect(response.status).toBe(403);
    expect((await response.json()).message).toContain("permission");
    expect(await rowsOf(account.userId)).toEqual(before);
    expect(await stored(account.audioKey)).toBe(true);
  });

  test("refused while a preset keeps records, naming the day; and while a legal hold is placed", async () => {
    const kept = await fullAccount();
    await server.fetch("/api/account/settings", {
      ...json({ retentionPreset: "sec-204-2" }, kept.cookie),
      method: "PATCH",
    });
    const refused = await erase(kept);
    expect(refused.status).toBe(403);
    const [made] = await sql<{ at: Date }[]>`select created_at as at from meetings where id = ${kept.meetingId}`;
    const until = new Date(made!.at);
    until.setUTCFullYear(until.getUTCFullYear() + 5);
    expect((await refused.json()).message).toContain(until.toISOString().slice(0, 10));
    expect((await rowsOf(kept.userId)).meetings).toBe(1);

    const held = await fullAccount();
    await server.fetch(`/api/clients/${held.clientId}/legal-hold`, { method: "PUT", headers: { cookie: held.cookie } });
    const holdRefused = await erase(held);
    expect(holdRefused.status).toBe(403);
    expect((await holdRefused.json()).message).toContain("legal hold");
    expect(await stored(held.audioKey)).toBe(true);
  });

  test("with the password: every row, the recording, chunks, sessions and jobs are gone; another account stays", async () => {
    const account = await fullAccount();
    const bystander = await fullAccount();
    const bystanderBefore = await rowsOf(bystander.userId);
    expect(total(await rowsOf(account.userId))).toBeGreaterThan(5);
    const response = await erase(account);
    expect(response.status).toBe(200);
    const after = await rowsOf(account.userId);
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    expect(await stored(account.audioKey)).toBe(false);
    const jobs = await sql`select 1 from jobs where meeting_id = ${account.meetingId}`;
    expect(jobs.length).toBe(0);
    const me = await (await server.fetch("/api/auth/user", { headers: { cookie: account.cookie } })).json();
    expect(me.authenticated).toBe(false);
    // The installation's chain says an account was erased.
    const [erased] = await sql`select 1 from audit_log where account_id = 0 and action = 'account.erased'
      and target_id = ${String(account.userId)}`;
    expect(erased).toBeDefined();
    expect(await rowsOf(bystander.userId)).toEqual(bystanderBefore);
    expect(await stored(bystander.audioKey)).toBe(true);
  });
});
