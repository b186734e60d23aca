// Retry and "Transcribe again" put a meeting back in the queue (issue 27, quotas that hold): a full queue refuses
// them as it refuses an upload, and "Transcribe again" (a new transcription of the whole recording) is charged to
// the day's allowance; a refused requeue hands the charge back.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { json } from "./auth-helpers";
import { createSignedInUser } from "./support/signed-in-user";
import { startTestServer, type TestServer } from "./test-server";

let users = 0;
async function signedInWithClient(server: TestServer) {
  const user = await createSignedInUser(server.ctx.db.sql, `requeue${Date.now()}${++users}`);
  const created = await server.fetch("/api/clients", json({ name: "Okafor Family", type: "Wealth" }, user.cookie));
  return { ...user, clientId: (await created.json()).id as number };
}

/** A meeting row of the user's client in the given status; a recording of `seconds` when given. */
async function meetingIn(server: TestServer, user: { id: number; clientId: number }, status: string, seconds = 0) {
  const [row] = await server.ctx.db.sql<{ id: number }[]>`
    insert into meetings (user_id, client_id, title, date, status, source_kind, audio_path, audio_seconds)
    values (${user.id}, ${user.clientId}, 'Review', now(), ${status}, 'audio', 'stored/x.mp3', ${seconds || null})
    returning id`;
  return Number(row!.id);
}

const post = (server: TestServer, path: string, cookie: string) =>
  server.fetch(path, { method: "POST", headers: { cookie } });

describe("a full queue refuses a retry", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ QUEUED_MEETINGS_PER_ACCOUNT: "1" });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  test("with one meeting processing and a queue of one, Retry answers 429 and the meeting stays Failed", async () => {
    const user = await signedInWithClient(server);
    await meetingIn(server, user, "Processing");
    const failed = await meetingIn(server, user, "Failed");
    const refused = await post(server, `/api/meetings/${failed}/retry`, user.cookie);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: "queue_quota", quota: "queue", used: 1, limit: 1, left: 0 });
    const [row] = await server.ctx.db.sql<{ status: string }[]>`select status from meetings where id = ${failed}`;
    expect(row!.status).toBe("Failed");
    // Once the queue has room, the same retry goes through.
    await server.ctx.db.sql`update meetings set status = 'Processed' where user_id = ${user.id} and id <> ${failed}`;
    expect((await post(server, `/api/meetings/${failed}/retry`, user.cookie)).status).toBe(200);
  });
});

describe("'Transcribe again' is charged to the day's allowance", () => {
  let server: TestServer;
  beforeAll(async () => {
    // A speech service is configured (never reached: no worker runs here), and the day allows 30 minutes of audio.
    server = await startTestServer({
      SPEECH_BASE_URL: "http://127.0.0.1:9/v1",
      SPEECH_API_KEY: "test",
      PROCESSING_HOURS_PER_DAY: "0.5",
    });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  test("a 20-minute recording transcribed again once fits, a second time is refused with what is left", async () => {
    const user = await signedInWithClient(server);
    const meeting = await meetingIn(server, user, "Processed", 1200);
    expect((await post(server, `/api/meetings/${meeting}/transcribe`, user.cookie)).status).toBe(200);
    await server.ctx.db.sql`update meetings set status = 'Processed' where id = ${meeting}`;
    await server.ctx.db.sql`delete from jobs where meeting_id = ${meeting}`;
    const refused = await post(server, `/api/meetings/${meeting}/transcribe`, user.cookie);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: "processing_quota", used: 1200, limit: 1800, left: 600 });
  });

  test("a requeue refused because the meeting is busy hands its charge back", async () => {
    const user = await signedInWithClient(server);
    const meeting = await meetingIn(server, user, "Processing", 600);
    expect((await post(server, `/api/meetings/${meeting}/transcribe`, user.cookie)).status).toBe(409);
    const usage = await (await server.fetch("/api/usage", { headers: { cookie: user.cookie } })).json();
    expect(usage.processing.used).toBe(0);
  });
});
