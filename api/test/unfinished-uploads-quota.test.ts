// Issue 37: unfinished resumable uploads count against the account's storage. A declared length is reserved at
// creation (413 with used, limit and left when it does not fit), a deferred one counts its bytes as they come and is
// refused as soon as they would pass what is left, also when many are sent at once; an upload refused at its last
// byte by the queue leaves no file; an upload without progress for an hour is swept.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { createPartialFiles } from "../src/modules/uploads/partial-files";
import { sweepResumableUploads } from "../src/modules/uploads/sweep-resumable-uploads";
import { json } from "./auth-helpers";
import { createSignedInUser } from "./support/signed-in-user";
import { createUpload, headUpload, patchUpload, TUS } from "./support/tus-steps";
import { startTestServer, type TestServer } from "./test-server";

const MB = 1024 * 1024;
/** Each account may keep 3 MB; at most one meeting waiting or in processing. */
const QUOTAS = { STORAGE_QUOTA_BYTES: "3MB", QUEUED_MEETINGS_PER_ACCOUNT: "1" };

let server: TestServer;
let users = 0;

async function signedInWithClient() {
  const user = await createSignedInUser(server.ctx.db.sql, `unfinished${Date.now()}${++users}`);
  const created = await server.fetch("/api/clients", json({ name: "Okafor Family Trust", type: "Trust" }, user.cookie));
  return { ...user, clientId: (await created.json()).id as number };
}

const meeting = (clientId: number) => ({ title: "Quarterly review", clientId, date: "2026-05-04T10:00:00Z" });

/** `bytes` of a plain-text transcript (the upload's kind comes from its first bytes). */
function transcript(bytes: number): Uint8Array<ArrayBuffer> {
  const line = "Advisor: We agreed to keep six months of expenses in savings.\n";
  return new Uint8Array(Buffer.from(line.repeat(Math.ceil(bytes / line.length)).slice(0, bytes)));
}

/**
 * The account's storage as its files use it: the rows it holds in the database (its client, its meetings) count in
 * storage too (migration 032), so `used` here leaves them out to compare with the files' bytes.
 */
async function storageUsage(cookie: string) {
  const usage = await (await server.fetch("/api/usage", { headers: { cookie } })).json();
  const storage = usage.storage as { used: number; limit: number; left: number };
  return { ...storage, used: storage.used - (usage.dataBytes as number) };
}

/** The bytes of the account's rows in the database (its client, its meetings), counted in storage beside files. */
async function rowBytes(cookie: string): Promise<number> {
  return (await (await server.fetch("/api/usage", { headers: { cookie } })).json()).dataBytes as number;
}

function storedFiles(): string[] {
  const dir = join(server.ctx.config.dataDir, "recordings");
  return existsSync(dir) ? readdirSync(dir) : [];
}

describe("unfinished resumable uploads count against storage", () => {
  beforeAll(async () => {
    server = await startTestServer(QUOTAS);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  test("a declared length is reserved at creation: the next one beyond what is left is refused 413 with the figures", async () => {
    const user = await signedInWithClient();
    const first = await createUpload(server, user.cookie, meeting(user.clientId), 2 * MB, "text/plain");
    expect(first.status).toBe(201);
    const usage = await storageUsage(user.cookie);
    expect(usage.used).toBe(2 * MB);

    const second = await createUpload(server, user.cookie, meeting(user.clientId), 2 * MB, "text/plain");
    expect(second.status).toBe(413);
    const body = await second.json();
    // The refusal counts the account's rows too (its client).
    const rows = await rowBytes(user.cookie);
    expect(body).toMatchObject({ code: "storage_quota", quota: "storage", used: 2 * MB + rows, limit: 3 * MB });
    expect(body.left).toBe(MB - rows);
    expect(body.message).toContain("Storage limit reached");

    // Ended (terminated), its reservation is handed back.
    const location = first.headers.get("location")!;
    const deleted = await server.fetch(location, { method: "DELETE", headers: { ...TUS, cookie: user.cookie } });
    expect(deleted.status).toBe(204);
    expect((await storageUsage(user.cookie)).used).toBe(0);
  });

  test("a deferred-length upload is refused as soon as its bytes would pass what is left; what it has stays counted", async () => {
    const user = await signedInWithClient();
    const created = await createUpload(server, user.cookie, meeting(user.clientId), undefined, "text/plain");
    expect(created.status).toBe(201);
    const location = created.headers.get("location")!;
    const bytes = transcript(4 * MB);
    const first = await patchUpload(server, user.cookie, location, 0, bytes.slice(0, 2 * MB));
    expect(first.status).toBe(204);
    expect((await storageUsage(user.cookie)).used).toBe(2 * MB);

    // Content-Length says 2 MB more: refused before a byte is taken.
    const refused = await patchUpload(server, user.cookie, location, 2 * MB, bytes.slice(2 * MB, 4 * MB));
    expect(refused.status).toBe(413);
    const refusal = await refused.json();
    const rows = await rowBytes(user.cookie);
    expect(refusal).toMatchObject({ code: "storage_quota", used: 2 * MB + rows, limit: 3 * MB, left: MB - rows });
    expect(refusal.needed).toBe(4 * MB);
    expect(refusal.message).toContain("this file is 4 MB");
    const head = await headUpload(server, user.cookie, location);
    expect(head.headers.get("upload-offset")).toBe(String(2 * MB));

    // Without a Content-Length (a streamed body) the bytes are taken until the room is used up, then 413.
    const streamed = await server.fetch(location, {
      method: "PATCH",
      headers: {
        ...TUS,
        cookie: user.cookie,
        "content-type": "application/offset+octet-stream",
        "upload-offset": String(2 * MB),
      },
      body: streamOf(bytes.slice(2 * MB, 4 * MB)),
    });
    expect(streamed.status).toBe(413);
    const offset = Number((await headUpload(server, user.cookie, location)).headers.get("upload-offset"));
    expect(offset).toBeGreaterThanOrEqual(2 * MB);
    expect(offset).toBeLessThanOrEqual(3 * MB);
    const usage = await storageUsage(user.cookie);
    expect(usage.used).toBe(offset);
    expect(usage.used).toBeLessThanOrEqual(usage.limit);
  });

  test("twenty deferred-length uploads sent at once hold no more than the storage left", async () => {
    const user = await signedInWithClient();
    const locations: string[] = [];
    for (let i = 0; i < 20; i++) {
      const created = await createUpload(server, user.cookie, meeting(user.clientId), undefined, "text/plain");
      expect(created.status).toBe(201);
      locations.push(created.headers.get("location")!);
    }
    // A kilobyte short of half a megabyte: six fit in 3 MB beside the account's rows (its client), a seventh does not.
    const piece = transcript(MB / 2 - 1024);
    const answers = await Promise.all(locations.map((at) => patchUpload(server, user.cookie, at, 0, piece)));
    const taken = answers.filter((answer) => answer.status === 204).length;
    expect(answers.every((answer) => answer.status === 204 || answer.status === 413)).toBe(true);
    expect(taken).toBe(6);
    const usage = await storageUsage(user.cookie);
    expect(usage.used).toBe(6 * piece.length);
    // A multipart upload finds no room either.
    const form = new FormData();
    form.set("meetingData", JSON.stringify(meeting(user.clientId)));
    form.set("audioFile", new Blob([transcript(MB / 2)], { type: "text/plain" }), "notes.txt");
    const multipart = await server.fetch("/api/meetings/upload", {
      method: "POST",
      body: form,
      headers: { cookie: user.cookie },
    });
    expect(multipart.status).toBe(413);
  });

  test("an upload refused at its last byte by the queue keeps no file anywhere, and answers the same again", async () => {
    const user = await signedInWithClient();
    const bytes = transcript(MB / 4);
    const created = await createUpload(server, user.cookie, meeting(user.clientId), bytes.length, "text/plain");
    expect(created.status).toBe(201);
    const location = created.headers.get("location")!;
    // Meanwhile another meeting takes the account's one queue place (no worker runs here: it stays there).
    const form = new FormData();
    form.set("meetingData", JSON.stringify(meeting(user.clientId)));
    form.set("audioFile", new Blob([transcript(1000)], { type: "text/plain" }), "notes.txt");
    const other = await server.fetch("/api/meetings/upload", {
      method: "POST",
      body: form,
      headers: { cookie: user.cookie },
    });
    expect(other.status).toBe(201);
    const before = storedFiles().length;

    const last = await patchUpload(server, user.cookie, location, 0, bytes);
    expect(last.status).toBe(429);
    expect((await last.json()).code).toBe("queue_quota");
    expect(storedFiles().length).toBe(before);
    const id = location.split("/").pop()!;
    expect(existsSync(join(server.ctx.config.dataDir, "partial-uploads", `${id}.part`))).toBe(false);
    const again = await patchUpload(server, user.cookie, location, bytes.length, new Uint8Array(0));
    expect(again.status).toBe(429);
    // Nothing of it counts any more: only the other meeting's file.
    expect((await storageUsage(user.cookie)).used).toBe(1000);
  });

  test("an upload without progress for an hour is swept, its bytes no longer counted; a newer one stays", async () => {
    const user = await signedInWithClient();
    const idle = await createUpload(server, user.cookie, meeting(user.clientId), undefined, "text/plain");
    const idleAt = idle.headers.get("location")!;
    expect((await patchUpload(server, user.cookie, idleAt, 0, transcript(1000))).status).toBe(204);
    await server.ctx.db.sql`update resumable_uploads set updated_at = now() - interval '61 minutes'
      where id = ${idleAt.split("/").pop()!}`;
    const fresh = await createUpload(server, user.cookie, meeting(user.clientId), 500, "text/plain");
    const freshAt = fresh.headers.get("location")!;
    expect((await storageUsage(user.cookie)).used).toBe(1500);

    const partials = createPartialFiles(server.ctx.config.dataDir);
    const deps = { sql: server.ctx.db.sql, partials, logger: server.ctx.logger, storage: server.ctx.storage };
    await sweepResumableUploads({ ...deps, idleMs: server.ctx.config.unfinishedUploadIdleMs });
    expect((await headUpload(server, user.cookie, idleAt)).status).toBe(404);
    expect((await headUpload(server, user.cookie, freshAt)).status).toBe(200);
    expect(existsSync(partials.pathOf(idleAt.split("/").pop()!))).toBe(false);
    expect((await storageUsage(user.cookie)).used).toBe(500);
  });

  test("the idle time is an hour unless UNFINISHED_UPLOAD_IDLE_MINUTES says otherwise", () => {
    expect(server.ctx.config.unfinishedUploadIdleMs).toBe(60 * 60 * 1000);
  });
});

/** A body without a Content-Length: sent in pieces of 256 KB. */
function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + 256 * 1024));
      at += 256 * 1024;
    },
  });
}
