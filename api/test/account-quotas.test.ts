// Quotas per account (issue 27): stored bytes, meetings waiting or in processing, and the plan that sets them. Each
// holds across processes because it is counted in SQL under a per-account lock; a met one answers 413 / 429 with
// what is used, what is left and when more frees up, and GET /api/usage tells the upload dialog beforehand.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { json } from "./auth-helpers";
import { createSignedInUser } from "./support/signed-in-user";
import { startTestServer, type TestServer } from "./test-server";

const KB = 1024;

let users = 0;
async function signedInWithClient(server: TestServer) {
  const user = await createSignedInUser(server.ctx.db.sql, `quota${Date.now()}${++users}`);
  const created = await server.fetch("/api/clients", json({ name: "Okafor Family", type: "Wealth" }, user.cookie));
  return { ...user, clientId: (await created.json()).id as number };
}

/** A transcript file of about `bytes` bytes: transcripts need no ffmpeg and count against storage like audio. */
function transcriptOf(bytes: number) {
  const line = "Advisor: We reviewed the portfolio and the pension transfer.\n";
  return line.repeat(Math.ceil(bytes / line.length));
}

function upload(server: TestServer, user: { cookie: string; clientId: number }, text: string) {
  const form = new FormData();
  form.set(
    "meetingData",
    JSON.stringify({ title: "Review", clientId: user.clientId, date: "2026-05-04T12:00:00Z", type: "Uploaded" }),
  );
  form.set("audioFile", new Blob([text], { type: "text/plain" }), "review.txt");
  return server.fetch("/api/meetings/upload", { method: "POST", body: form, headers: { cookie: user.cookie } });
}

interface Usage {
  plan: string;
  dataBytes: number;
  storage: { used: number; limit: number | null; left: number | null; freesAt: string | null };
  queue: { used: number; limit: number | null; left: number | null };
  processing: { used: number; limit: number | null; left: number | null; freesAt: string | null };
}

async function usageOf(server: TestServer, cookie: string): Promise<Usage> {
  const response = await server.fetch("/api/usage", { headers: { cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as Usage;
}

describe("storage and queue quotas", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ STORAGE_QUOTA_BYTES: "1MB", QUEUED_MEETINGS_PER_ACCOUNT: "3" });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  test("GET /api/usage needs a session", async () => {
    expect((await server.fetch("/api/usage")).status).toBe(401);
  });

  test("stored bytes are counted in SQL: past the quota 413 says what is used and left; deleting frees them", async () => {
    const user = await signedInWithClient(server);
    const file = transcriptOf(400 * KB);
    const first = await upload(server, user, file);
    expect(first.status).toBe(201);
    const { id } = (await first.json()) as { id: number };
    expect((await upload(server, user, file)).status).toBe(201);
    const before = await usageOf(server, user.cookie);
    expect(before.storage.limit).toBe(1024 * KB);
    expect(before.storage.used).toBeGreaterThanOrEqual(800 * KB);

    const refused = await upload(server, user, file);
    expect(refused.status).toBe(413);
    const body = (await refused.json()) as { message: string; code: string; used: number; left: number };
    expect(body.code).toBe("storage_quota");
    expect(body.message).toStartWith("Storage limit reached: your account may keep 1 MB");
    expect(body.message).not.toContain("too large");
    expect(body.used).toBe(before.storage.used);
    expect(body.left).toBe(before.storage.left!);
    // A refused upload is not kept and takes nothing.
    expect((await usageOf(server, user.cookie)).storage.used).toBe(before.storage.used);

    expect((await server.fetch(`/api/meetings/${id}`, { method: "DELETE", headers: { cookie: user.cookie } })).ok).toBe(
      true,
    );
    expect((await usageOf(server, user.cookie)).storage.used).toBeLessThan(before.storage.used);
    expect((await upload(server, user, file)).status).toBe(201);
  });

  test("a body that cannot fit is refused before it is read", async () => {
    const user = await signedInWithClient(server);
    const refused = await upload(server, user, transcriptOf(2500 * KB));
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as { code: string }).code).toBe("storage_quota");
  });

  test("meetings waiting or in processing are capped, parallel uploads included; a finished one frees a place", async () => {
    const user = await signedInWithClient(server);
    const answers = await Promise.all(Array.from({ length: 5 }, () => upload(server, user, transcriptOf(KB))));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    const refused = answers.find((answer) => answer.status === 429)!;
    const body = (await refused.json()) as { message: string; code: string; used: number; left: number };
    expect(body.code).toBe("queue_quota");
    expect(body.message).toContain("may have 3 meetings waiting or in processing at once");
    expect(body.left).toBe(0);
    expect((await usageOf(server, user.cookie)).queue).toMatchObject({ used: 3, limit: 3, left: 0 });

    const { sql } = server.ctx.db;
    await sql`update meetings set status = 'Processed' where id = (
      select min(id) from meetings where user_id = ${user.id})`;
    expect((await upload(server, user, transcriptOf(KB))).status).toBe(201);
  });
});

describe("plans", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      STRIPE_SECRET_KEY: "sk_test_quota",
      STRIPE_WEBHOOK_SECRET: "whsec_quota",
      QUEUED_MEETINGS_PER_ACCOUNT: "4",
      FREE_QUEUED_MEETINGS_PER_ACCOUNT: "1",
    });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  test("with payments on a free-plan account gets the free quotas, a paid one the larger", async () => {
    const user = await signedInWithClient(server);
    const free = await usageOf(server, user.cookie);
    expect(free.plan).toBe("free");
    expect(free.queue.limit).toBe(1);
    expect(free.storage.limit).toBe(2 * 1024 ** 3);
    expect(free.processing.limit).toBe(3 * 3600);
    expect((await upload(server, user, transcriptOf(KB))).status).toBe(201);
    expect((await upload(server, user, transcriptOf(KB))).status).toBe(429);

    await server.ctx.db.sql`update users set subscription_plan = 'premium' where id = ${user.id}`;
    const paid = await usageOf(server, user.cookie);
    expect(paid.plan).toBe("standard");
    expect(paid.storage.limit).toBe(20 * 1024 ** 3);
    expect(paid.queue.limit).toBe(4);
    expect((await upload(server, user, transcriptOf(KB))).status).toBe(201);
  });
});

describe("defaults", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ QUEUED_MEETINGS_PER_ACCOUNT: "" });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  test("without configuration every quota is on; the daily allowance frees up 24 h after the oldest audio counted", async () => {
    const user = await signedInWithClient(server);
    const { sql } = server.ctx.db;
    const recordedAt = new Date(Date.now() - 3 * 3600 * 1000);
    await sql`insert into processing_usage (user_id, seconds, recorded_at) values (${user.id}, 1800, ${recordedAt})`;
    await sql`insert into processing_usage (user_id, seconds) values (${user.id}, 600)`;
    const usage = await usageOf(server, user.cookie);
    expect(usage.plan).toBe("standard");
    // No file yet: what is stored is the account's rows (its client), counted since issue 37.
    expect(usage.storage).toMatchObject({ used: usage.dataBytes, limit: 20 * 1024 ** 3 });
    expect(usage.dataBytes).toBeGreaterThan(0);
    expect(usage.queue).toMatchObject({ used: 0, limit: 20, left: 20 });
    expect(usage.processing).toMatchObject({ used: 2400, limit: 16 * 3600, left: 16 * 3600 - 2400 });
    expect(Date.parse(usage.processing.freesAt!)).toBe(recordedAt.getTime() + 24 * 3600 * 1000);
  });
});
