// Work counts too (issue 37): transcript files, a note's indexing and a meeting's re-indexing use the daily
// processing allowance at 1 second per 1,000 characters (api/src/modules/usage/text-work.ts). Before, three 2 MB
// transcripts made about 97 MB of chunks and counted nothing. A transcript that does not fit is refused like a
// recording (429, nothing stored); indexing that does not fit waits, and runs once the allowance frees up.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type LimitsUser, noteText, saveNote, schedule, signedInWithClient, usageOf } from "./support/account-limits";
import { uploadRecording, waitForMeetingStatus } from "./support/meeting-steps";
import { startTestServer, type TestServer, WITH_WORKER } from "./test-server";

function uploadTranscript(server: TestServer, user: LimitsUser, bytes: number) {
  const line = "Advisor: We reviewed the pension transfer and the fees.\n";
  const text = line.repeat(Math.ceil(bytes / line.length)).slice(0, bytes);
  return uploadRecording(
    server,
    user.cookie,
    { title: "Review", clientId: user.clientId },
    { bytes: new TextEncoder().encode(text), filename: "review.txt", type: "text/plain" },
  );
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(100);
  }
}

describe("transcript files", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PROCESSING_HOURS_PER_DAY: "0.01" }); // 36 s a day
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  test("are charged by size; one that does not fit is refused with 429 and not stored", async () => {
    const user = await signedInWithClient(server, "textwork");
    expect((await uploadTranscript(server, user, 20_000)).status).toBe(201);
    expect((await usageOf(server, user.cookie)).processing).toMatchObject({ used: 20, left: 16 });
    const refused = await uploadTranscript(server, user, 20_000);
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { code: string; message: string; needed: number; left: number };
    expect(body.code).toBe("processing_quota");
    expect(body).toMatchObject({ needed: 20, left: 16 });
    expect(body.message).toContain("this transcript counts as 20 s (1 second for every 1,000 characters).");
    expect(body.message).toMatch(/Enough frees up at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\.$/);
    const [meetings] = await server.ctx.db.sql`select count(*)::int as n from meetings where user_id = ${user.id}`;
    expect(meetings!.n).toBe(1);
  });
});

describe("a note's indexing", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ...WITH_WORKER, PROCESSING_HOURS_PER_DAY: "0.01" });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  test("waits while the allowance is spent, then runs and is charged", async () => {
    const { sql } = server.ctx.db;
    const user = await signedInWithClient(server, "indexwait");
    const planned = await schedule(server, user);
    const { id } = (await planned.json()) as { id: number };
    await sql`insert into processing_usage (user_id, seconds) values (${user.id}, 36)`;
    expect((await saveNote(server, user, id, noteText(10_000))).status).toBe(200);

    const job = async () => {
      const [row] = await sql<{ status: string; lastError: string | null }[]>`
        select status, last_error as "lastError" from jobs where kind = 'index-note' and meeting_id = ${id}`;
      return row;
    };
    await until(async () => (await job())?.lastError?.includes("allowance") ?? false, "the job to be postponed");
    expect((await job())!.status).toBe("queued");
    const noteChunks = async () =>
      (await sql`select count(*)::int as n from chunks where meeting_id = ${id} and source = 'note'`)[0]!.n;
    expect(await noteChunks()).toBe(0);

    // The allowance frees up (the day's audio leaves the window): the note is indexed and charged 10 s.
    await sql`delete from processing_usage where user_id = ${user.id}`;
    await until(async () => (await noteChunks()) > 0, "the note's chunks");
    const charged = await sql<{ seconds: number }[]>`select seconds from processing_usage where user_id = ${user.id}`;
    expect(charged.map((row) => row.seconds)).toEqual([10]);
  }, 60_000);
});

describe("a meeting's re-indexing after a speaker is renamed", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ...WITH_WORKER });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  test("is charged its transcript's characters, once", async () => {
    const { sql } = server.ctx.db;
    const user = await signedInWithClient(server, "reindexcharge");
    const uploaded = await uploadTranscript(server, user, 30_000);
    const { id } = (await uploaded.json()) as { id: number };
    await waitForMeetingStatus(server, user.cookie, id, ["Processed"], 60_000);
    const charged = async () =>
      (
        await sql<{ seconds: number }[]>`select seconds from processing_usage where user_id = ${user.id} order by id`
      ).map((row) => row.seconds);
    expect(await charged()).toEqual([30]); // the file, at upload

    const renamed = await server.fetch(`/api/meetings/${id}/speakers`, {
      method: "PUT",
      headers: { "content-type": "application/json", cookie: user.cookie },
      body: JSON.stringify({ from: "Advisor", to: "Ines Moreau" }),
    });
    expect(renamed.status).toBe(200);
    await until(async () => (await charged()).length === 2, "the re-indexing's charge");
    const [transcript] = await sql<{ characters: number }[]>`
      select full_text_length as characters from transcripts where meeting_id = ${id}`;
    expect((await charged())[1]).toBe(transcript!.characters / 1000);
  }, 90_000);
});
