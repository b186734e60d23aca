// Bytes an account holds in the database count against its storage with its recordings (issue 37): triggers of
// migration 032 keep a counter per account in the same transaction as every write, whichever path or process makes
// it. The counter must equal a count from scratch after creating, changing and deleting through every route and the
// worker's processing, deleting a meeting or a client gives its bytes back, and a write that would pass the storage
// quota is refused with 413 and leaves nothing.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { json } from "./auth-helpers";
import {
  countedBytes,
  type LimitRefusal,
  type LimitsUser,
  noteText,
  saveNote,
  schedule,
  signedInWithClient,
  usageOf,
} from "./support/account-limits";
import { uploadRecording, waitForMeetingStatus } from "./support/meeting-steps";
import { startTestServer, type TestServer, WITH_WORKER } from "./test-server";

const KB = 1024;

async function scheduledId(server: TestServer, user: LimitsUser) {
  const response = await schedule(server, user);
  expect(response.status).toBe(201);
  return (await response.json()).id as number;
}

function transcriptFile(lines: number) {
  const text = Array.from(
    { length: lines },
    (_, i) => `${i % 2 ? "Client" : "Advisor"}: Point ${i} about the pension transfer and the fees.`,
  ).join("\n");
  return new TextEncoder().encode(text);
}

describe("the counter", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ...WITH_WORKER });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  const expectCounted = async (user: LimitsUser) => {
    const { counter, recount } = await countedBytes(server.ctx.db.sql, user.id);
    expect(counter).toBe(recount);
    return counter;
  };

  test("stays right through creates, changes, processing and deletes; a deleted meeting or client gives its bytes back", async () => {
    const user = await signedInWithClient(server, "counter");
    const afterClient = await expectCounted(user);
    expect(afterClient).toBeGreaterThan(0);

    const planned = await scheduledId(server, user);
    expect((await saveNote(server, user, planned, noteText(20_000))).status).toBe(200);
    const withNote = await expectCounted(user);
    expect(withNote - afterClient).toBeGreaterThan(20_000);
    expect((await saveNote(server, user, planned, noteText(5_000, 7))).status).toBe(200);
    expect(withNote - (await expectCounted(user))).toBeGreaterThan(14_000);

    const task = (target: object) =>
      server.fetch("/api/action-items", json({ ...target, task: "Send the form" }, user.cookie));
    expect((await task({ meetingId: planned })).status).toBe(201);
    expect((await task({ clientId: user.clientId })).status).toBe(201);
    const added = await server.fetch(
      `/api/clients/${user.clientId}/emails`,
      json({ email: "amara@example.com" }, user.cookie),
    );
    expect(added.status).toBe(201);
    await expectCounted(user);

    // The worker writes the transcript, its segments and parts, the summary, tasks and search chunks.
    const uploaded = await uploadRecording(
      server,
      user.cookie,
      { title: "Review", clientId: user.clientId },
      { bytes: transcriptFile(400), filename: "review.txt", type: "text/plain" },
    );
    expect(uploaded.status).toBe(201);
    const { id } = (await uploaded.json()) as { id: number };
    await waitForMeetingStatus(server, user.cookie, id, ["Processed"], 60_000);
    // Indexing (of the meeting and of the note) may still be writing: wait until the worker has nothing left.
    for (let i = 0; i < 300; i++) {
      const [row] = await server.ctx.db.sql`select count(*)::int as n from jobs
        where meeting_id is not null and status in ('queued', 'running')`;
      if (row!.n === 0) break;
      await Bun.sleep(100);
    }
    const processed = await expectCounted(user);
    expect(processed).toBeGreaterThan(transcriptFile(400).length);
    expect((await usageOf(server, user.cookie)).dataBytes).toBe(processed);

    const deleted = await server.fetch(`/api/meetings/${id}`, { method: "DELETE", headers: { cookie: user.cookie } });
    expect(deleted.ok).toBe(true);
    const afterDelete = await expectCounted(user);
    expect(processed - afterDelete).toBeGreaterThan(transcriptFile(400).length);

    const gone = await server.fetch(`/api/clients/${user.clientId}`, {
      method: "DELETE",
      headers: { cookie: user.cookie },
    });
    expect(gone.ok).toBe(true);
    // What is left is the account's audit trail (migration 038), which outlives what it tells of.
    const [trail] = await server.ctx.db.sql<{ bytes: number }[]>`
      select coalesce(sum(octet_length(t::text)), 0)::int as bytes from audit_log t where t.account_id = ${user.id}`;
    expect(trail!.bytes).toBeGreaterThan(0);
    expect(await expectCounted(user)).toBe(trail!.bytes);
  }, 90_000);
});

describe("storage counts the account's rows", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ STORAGE_QUOTA_BYTES: "1MB", NOTE_MAX_CHARACTERS: "400000" });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  test("notes past the quota are refused with 413, in parallel too; nothing is written and a smaller note saves", async () => {
    const user = await signedInWithClient(server, "storage");
    const meetings = [];
    for (let i = 0; i < 4; i++) meetings.push(await scheduledId(server, user));
    // A note counts twice: the note and its version (migration 039).
    const answers = await Promise.all(
      meetings.map((meetingId, i) => saveNote(server, user, meetingId, noteText(150 * KB, i + 1))),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 413]);
    const refused = (await answers.find((answer) => answer.status === 413)!.json()) as LimitRefusal & {
      needed: number;
    };
    expect(refused.code).toBe("storage_quota");
    expect(refused).toMatchObject({ quota: "storage", limit: 1024 * KB });
    expect(refused.left).toBe(refused.limit - refused.used);
    expect(refused.needed).toBeGreaterThan(refused.left);
    expect(refused.message).toStartWith("Storage limit reached: your account may keep 1 MB of recordings, transcripts");

    const [notes] = await server.ctx.db.sql`select count(*)::int as n from notes where user_id = ${user.id}`;
    expect(notes!.n).toBe(3);
    const usage = await usageOf(server, user.cookie);
    expect(usage.storage.used).toBeLessThanOrEqual(1024 * KB);
    const { counter, recount } = await countedBytes(server.ctx.db.sql, user.id);
    expect(counter).toBe(recount);
    expect(usage.dataBytes).toBe(counter);

    // Making a note smaller always saves, and gives bytes back.
    const kept = await server.ctx.db.sql<{ meetingId: number }[]>`
      select meeting_id as "meetingId" from notes where user_id = ${user.id} limit 1`;
    expect((await saveNote(server, user, kept[0]!.meetingId, "Short now.")).status).toBe(200);
    expect((await usageOf(server, user.cookie)).dataBytes).toBeLessThan(counter - 250 * KB);
  });
});
