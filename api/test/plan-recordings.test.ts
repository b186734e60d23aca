// With payments on, the Basic and Premium plans delete recordings after 30 and 90 days, as /checkout says; the
// transcript, notes and summary stay (issue 39). A schedule that keeps recordings longer wins over the plan.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Sql } from "@cm/db";
import { disposeDueRecords } from "../src/modules/retention/dispose-records";
import { json, registerAndSignIn } from "./auth-helpers";
import { seedClient, seedProcessedMeeting } from "./support/seed-meeting";
import { startTestServer, type TestServer } from "./test-server";

const DAY = 24 * 60 * 60 * 1000;
let server: TestServer;
let sql: Sql;

beforeAll(async () => {
  server = await startTestServer({
    STRIPE_SECRET_KEY: "sk_test_x",
    STRIPE_WEBHOOK_SECRET: "whsec_test",
    STRIPE_PRICE_REGISTRATION: "price_reg",
    STRIPE_PRICE_BASIC: "price_basic",
    STRIPE_PRICE_PREMIUM: "price_premium",
    STRIPE_PRICE_ENTERPRISE: "price_enterprise",
  });
  sql = server.ctx.db.sql;
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

async function accountOn(plan: string) {
  const { cookie } = await registerAndSignIn(server);
  const userId = (await (await server.fetch("/api/auth/user", { headers: { cookie } })).json()).user.id as number;
  await sql`update users set subscription_plan = ${plan}, subscription_status = 'active' where id = ${userId}`;
  const client = await seedClient(sql, userId, `Client of ${plan}`);
  /** A meeting with a recording made `days` ago. */
  const meeting = async (days: number) => {
    const id = await seedProcessedMeeting(sql, userId, client.id, { title: `${days} days`, date: new Date() });
    await sql`update meetings set audio_path = ${`plan-${id}.mp3`}, created_at = ${new Date(Date.now() - days * DAY)}
      where id = ${id}`;
    return id;
  };
  return { cookie, userId, meeting };
}
const left = async (id: number) => {
  const [row] = await sql<{ audio: boolean; transcript: boolean; summary: boolean }[]>`
    select m.audio_path is not null as audio, exists (select 1 from transcripts t where t.meeting_id = m.id) as transcript,
      exists (select 1 from summaries s where s.meeting_id = m.id) as summary from meetings m where m.id = ${id}`;
  return row;
};

test("Basic deletes recordings after 30 days and Premium after 90; transcripts, notes and summaries stay", async () => {
  const basic = await accountOn("basic");
  const premium = await accountOn("premium");
  const enterprise = await accountOn("enterprise");
  const [b29, b31, p89, p91, e400] = [
    await basic.meeting(29),
    await basic.meeting(31),
    await premium.meeting(89),
    await premium.meeting(91),
    await enterprise.meeting(400),
  ];
  const settings = await (await server.fetch("/api/account/settings", { headers: { cookie: basic.cookie } })).json();
  expect(settings.planRecordingDays).toBe(30);
  await disposeDueRecords(server.ctx, { now: new Date() });
  expect(await left(b29)).toEqual({ audio: true, transcript: true, summary: true });
  expect(await left(b31)).toEqual({ audio: false, transcript: true, summary: true });
  expect(await left(p89)).toEqual({ audio: true, transcript: true, summary: true });
  expect(await left(p91)).toEqual({ audio: false, transcript: true, summary: true });
  expect(await left(e400)).toEqual({ audio: true, transcript: true, summary: true });
  const [row] = await sql<{ details: { reason: string; kinds: string[] } }[]>`
    select details from audit_log where meeting_id = ${b31} and action = 'record.disposed'`;
  expect(row!.details).toMatchObject({ reason: "plan", kinds: ["recordings"] });
});

test("a schedule that keeps recordings, or a legal hold, wins over the plan's days", async () => {
  const basic = await accountOn("basic");
  const kept = await basic.meeting(40);
  const held = await basic.meeting(40);
  await server.fetch(`/api/meetings/${held}/legal-hold`, { method: "PUT", headers: { cookie: basic.cookie } });
  await server.fetch("/api/account/settings", {
    ...json({ overrides: { recordings: { years: 1 } } }, basic.cookie),
    method: "PATCH",
  });
  await disposeDueRecords(server.ctx, { now: new Date() });
  expect((await left(kept))!.audio).toBe(true);
  expect((await left(held))!.audio).toBe(true);
});
