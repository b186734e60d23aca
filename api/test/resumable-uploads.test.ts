// Resumable uploads (tus 1.0.0) under /api/uploads, issue 29: creation, HEAD, PATCH and resume at an offset, the
// protocol's refusals (409, 413, 404, 400 naming the field), consent for recordings, a finished upload sent again,
// deferred length, termination, the content check at the end, and the sweep of abandoned partial uploads.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { mkdtemp, rm, truncate } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { speak } from "@cm/ai/test-support/speak";
import { hasSystemTools } from "@cm/ai/test-support/system-tools";
import { createPartialFiles } from "../src/modules/uploads/partial-files";
import { sweepResumableUploads } from "../src/modules/uploads/sweep-resumable-uploads";
import { json } from "./auth-helpers";
import { createSignedInUser } from "./support/signed-in-user";
import { isStored, readStored } from "./support/stored-files";
import { createUpload, headUpload, patchUpload, recordingData, TUS } from "./support/tus-steps";
import { startTestServer, type TestServer } from "./test-server";

const tools = hasSystemTools(["flite", "ffmpeg", "ffprobe"]);
/** A speech service on a closed port: audio is accepted; no worker runs here to call it. */
const SPEECH = { SPEECH_BASE_URL: "http://127.0.0.1:9/v1" };

let server: TestServer;
let dir: string;
let wav: Uint8Array<ArrayBuffer>;
let users = 0;

async function signedInWithClient() {
  const user = await createSignedInUser(server.ctx.db.sql, `tus${Date.now()}${++users}`);
  const created = await server.fetch("/api/clients", json({ name: "Okafor Family Trust", type: "Trust" }, user.cookie));
  return { ...user, clientId: (await created.json()).id as number };
}

async function meetingsOf(cookie: string) {
  return (await (await server.fetch("/api/meetings", { headers: { cookie } })).json()) as { id: number }[];
}

describe.skipIf(!tools)("resumable uploads (tus)", () => {
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "cm-tus-"));
    const path = join(dir, "speech.wav");
    await speak(path, ["We agreed to rebalance the portfolio.", "The next review is in June."]);
    wav = new Uint8Array(await Bun.file(path).arrayBuffer());
    server = await startTestServer(SPEECH);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test("OPTIONS states the version, extensions and the 500 MB limit", async () => {
    const response = await server.fetch("/api/uploads", { method: "OPTIONS" });
    expect(response.status).toBe(204);
    expect(response.headers.get("tus-version")).toBe("1.0.0");
    expect(response.headers.get("tus-extension")).toBe("creation,creation-defer-length,termination");
    expect(response.headers.get("tus-max-size")).toBe("524288000");
  });

  test("created, sent in three PATCHes with a resume from HEAD's offset, it becomes the meeting with its consent", async () => {
    const user = await signedInWithClient();
    const created = await createUpload(server, user.cookie, recordingData(user.clientId), wav.length);
    expect(created.status).toBe(201);
    const location = created.headers.get("location")!;
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);
    expect(created.headers.get("tus-resumable")).toBe("1.0.0");

    const head0 = await headUpload(server, user.cookie, location);
    expect(head0.status).toBe(200);
    expect(head0.headers.get("upload-offset")).toBe("0");
    expect(head0.headers.get("upload-length")).toBe(String(wav.length));
    expect(head0.headers.get("cache-control")).toBe("no-store");
    // Answered before routing (see uploads-routes.ts), and still in the request log.
    await Bun.sleep(50);
    expect(server.logger.lines.some((l) => l.msg === "request" && l.method === "HEAD" && l.status === 200)).toBe(true);

    const third = Math.floor(wav.length / 3);
    const first = await patchUpload(server, user.cookie, location, 0, wav.subarray(0, third));
    expect(first.status).toBe(204);
    expect(first.headers.get("upload-offset")).toBe(String(third));
    // The browser lost the answer: it asks where to go on.
    const head1 = await headUpload(server, user.cookie, location);
    expect(head1.headers.get("upload-offset")).toBe(String(third));
    const second = await patchUpload(server, user.cookie, location, third, wav.subarray(third, 2 * third));
    expect(second.headers.get("upload-offset")).toBe(String(2 * third));
    const last = await patchUpload(server, user.cookie, location, 2 * third, wav.subarray(2 * third));
    expect(last.status).toBe(204);
    expect(last.headers.get("upload-offset")).toBe(String(wav.length));
    const meetingId = Number(last.headers.get("meeting-id"));
    expect(meetingId).toBeGreaterThan(0);

    const meeting = await (
      await server.fetch(`/api/meetings/${meetingId}`, { headers: { cookie: user.cookie } })
    ).json();
    expect(meeting.status).toBe("Processing");
    expect(meeting.source).toBe("recording");
    expect(meeting.consent.method).toBe("spoken");
    expect(meeting.consent.confirmedAt).toBe("2026-05-04T09:59:00.000Z");
    expect(meeting.consent.confirmedBy).toBe(`tus${meeting.consent.confirmedBy.slice(3)}`);
    expect(meeting.hasAudio).toBe(true);
    const [stored] = await server.ctx.db.sql<{ audio_path: string }[]>`select audio_path from meetings
      where id = ${meetingId}`;
    expect(await readStored(server.ctx.storage, stored!.audio_path)).toEqual(wav);

    // Sent again (HEAD, then an empty PATCH at the end): the same meeting, never a second one.
    const again = await headUpload(server, user.cookie, location);
    expect(again.headers.get("meeting-id")).toBe(String(meetingId));
    expect(again.headers.get("upload-offset")).toBe(String(wav.length));
    const empty = await patchUpload(server, user.cookie, location, wav.length, new Uint8Array(0));
    expect(empty.status).toBe(204);
    expect(empty.headers.get("meeting-id")).toBe(String(meetingId));
    expect(await meetingsOf(user.cookie)).toHaveLength(1);
  });

  test("a PATCH at the wrong offset answers 409 with the current offset", async () => {
    const user = await signedInWithClient();
    const location = (await createUpload(server, user.cookie, recordingData(user.clientId), wav.length)).headers.get(
      "location",
    )!;
    await patchUpload(server, user.cookie, location, 0, wav.subarray(0, 1000));
    const wrong = await patchUpload(server, user.cookie, location, 500, wav.subarray(500, 2000));
    expect(wrong.status).toBe(409);
    expect(wrong.headers.get("upload-offset")).toBe("1000");
    expect((await wrong.json()).message).toContain("offset");
    // Counted bytes no longer on disk are asked for again, never padded.
    await truncate(createPartialFiles(server.ctx.config.dataDir).pathOf(location.split("/").pop()!), 600);
    const shorter = await patchUpload(server, user.cookie, location, 1000, wav.subarray(1000, 2000));
    expect(shorter.status).toBe(409);
    expect(shorter.headers.get("upload-offset")).toBe("600");
    expect((await headUpload(server, user.cookie, location)).headers.get("upload-offset")).toBe("600");
  });

  test("a new PATCH stops one still being received (a client resuming after a drop), whose bytes count: 409, then on", async () => {
    const user = await signedInWithClient();
    const location = (await createUpload(server, user.cookie, recordingData(user.clientId), wav.length)).headers.get(
      "location",
    )!;
    // The first PATCH sends 1000 bytes, then stalls, as a connection that dropped without the server noticing.
    let stall: () => void = () => {};
    const stalled = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(wav.slice(0, 1000));
        stall = () => {
          try {
            controller.close();
          } catch {
            // Already ended: the server stopped reading it.
          }
        };
      },
    });
    const first = server.fetch(location, {
      method: "PATCH",
      headers: { ...TUS, cookie: user.cookie, "content-type": "application/offset+octet-stream", "upload-offset": "0" },
      body: stalled,
    });
    const deadline = Date.now() + 5000;
    const partial = createPartialFiles(server.ctx.config.dataDir).pathOf(location.split("/").pop()!);
    while (Bun.file(partial).size < 1000 && Date.now() < deadline) await Bun.sleep(20);
    // HEAD still says 0 (the first PATCH has not ended); the client resumes from there.
    expect((await headUpload(server, user.cookie, location)).headers.get("upload-offset")).toBe("0");
    const second = await patchUpload(server, user.cookie, location, 0, wav.subarray(0, 2000));
    expect(second.status).toBe(409);
    expect(second.headers.get("upload-offset")).toBe("1000");
    stall();
    await first.catch(() => undefined);
    const third = await patchUpload(server, user.cookie, location, 1000, wav.subarray(1000));
    expect(third.status).toBe(204);
    const meetingId = Number(third.headers.get("meeting-id"));
    const [stored] = await server.ctx.db.sql<{ audio_path: string }[]>`select audio_path from meetings
      where id = ${meetingId}`;
    expect(await readStored(server.ctx.storage, stored!.audio_path)).toEqual(wav);
  });

  test("over 500 MB declared, or bytes past the declared length, answer 413", async () => {
    const user = await signedInWithClient();
    const huge = await createUpload(server, user.cookie, recordingData(user.clientId), 500 * 1024 * 1024 + 1);
    expect(huge.status).toBe(413);
    expect((await huge.json()).message).toContain("too large");
    const location = (await createUpload(server, user.cookie, recordingData(user.clientId), 100)).headers.get(
      "location",
    )!;
    const past = await patchUpload(server, user.cookie, location, 0, wav.subarray(0, 150));
    expect(past.status).toBe(413);
    expect((await past.json()).message).toContain("too large");
    // Sent without a length, the excess is found while streaming; the bytes before it count.
    const chunked = await server.fetch(location, {
      method: "PATCH",
      headers: { ...TUS, cookie: user.cookie, "content-type": "application/offset+octet-stream", "upload-offset": "0" },
      body: new Blob([wav.subarray(0, 150)]).stream(),
    });
    expect(chunked.status).toBe(413);
  });

  test("another user's upload, or an unknown id, is not found (404) for HEAD, PATCH and DELETE", async () => {
    const owner = await signedInWithClient();
    const other = await signedInWithClient();
    const location = (await createUpload(server, owner.cookie, recordingData(owner.clientId), wav.length)).headers.get(
      "location",
    )!;
    expect((await headUpload(server, other.cookie, location)).status).toBe(404);
    const patch = await patchUpload(server, other.cookie, location, 0, wav.subarray(0, 100));
    expect(patch.status).toBe(404);
    expect((await patch.json()).message).toContain("not found");
    const del = await server.fetch(location, { method: "DELETE", headers: { ...TUS, cookie: other.cookie } });
    expect(del.status).toBe(404);
    expect((await headUpload(server, owner.cookie, location)).headers.get("upload-offset")).toBe("0");
    expect((await headUpload(server, owner.cookie, "/api/uploads/0123456789abcdef0123456789abcdef")).status).toBe(404);
    expect((await headUpload(server, owner.cookie, "/api/uploads/not-an-id")).status).toBe(404);
    // Without a session: 401, as every /api route.
    expect((await server.fetch(location, { method: "HEAD", headers: TUS })).status).toBe(401);
  });

  test("metadata that is not valid meeting data answers 400 naming the field; another user's client too", async () => {
    const user = await signedInWithClient();
    const other = await signedInWithClient();
    const cases: [unknown, string][] = [
      [
        recordingData(user.clientId, { consent: { method: "nodded", confirmedAt: "2026-05-04T09:59:00Z" } }),
        "consent.method must be spoken, written or note",
      ],
      [
        recordingData(user.clientId, {
          consent: { method: "note", note: "x".repeat(1001), confirmedAt: "2026-05-04T09:59:00Z" },
        }),
        "consent.note",
      ],
      [recordingData(user.clientId, { consent: { method: "written" } }), "consent.confirmedAt"],
      [recordingData(user.clientId, { title: "" }), "title is required"],
      [recordingData(user.clientId, { source: "phone" }), "source must be recording or upload"],
      ["{not json", "meetingData is not valid JSON"],
      [recordingData(other.clientId), "clientId: no such client"],
    ];
    for (const [data, field] of cases) {
      const response = await createUpload(server, user.cookie, data, 1000);
      expect(response.status).toBe(400);
      expect((await response.json()).message).toContain(field);
    }
    const noLength = await server.fetch("/api/uploads", {
      method: "POST",
      headers: { ...TUS, cookie: user.cookie, "upload-metadata": "" },
    });
    expect(noLength.status).toBe(400);
  });

  test("a recording without the consent confirmation is refused with the contract's message", async () => {
    const user = await signedInWithClient();
    const response = await createUpload(
      server,
      user.cookie,
      recordingData(user.clientId, { consent: undefined }),
      1000,
    );
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe(
      "validation failed: consent: confirm that everyone present agreed to be recorded",
    );
    // An upload (no source) does not need it: the spec's payload.
    const upload = await createUpload(
      server,
      user.cookie,
      { title: "Call", clientId: user.clientId, date: "2026-05-04T12:00:00Z" },
      1000,
    );
    expect(upload.status).toBe(201);
  });

  test("a deferred length (a live recording) learns its length on the last PATCH and becomes a planned meeting", async () => {
    const user = await signedInWithClient();
    const planned = await server.fetch(
      "/api/schedule",
      json({ clientId: user.clientId, title: "Quarterly review", date: "2026-05-04T10:00:00Z" }, user.cookie),
    );
    const plannedId = planned.status === 201 ? ((await planned.json()).id as number) : undefined;
    const data = recordingData(user.clientId, plannedId ? { meetingId: plannedId } : {});
    const created = await createUpload(server, user.cookie, data, undefined);
    expect(created.status).toBe(201);
    const location = created.headers.get("location")!;
    const head = await headUpload(server, user.cookie, location);
    expect(head.headers.get("upload-defer-length")).toBe("1");
    expect(head.headers.has("upload-length")).toBe(false);
    const cut = Math.floor(wav.length / 2);
    const first = await patchUpload(server, user.cookie, location, 0, wav.subarray(0, cut));
    expect(first.status).toBe(204);
    expect(first.headers.has("meeting-id")).toBe(false);
    const last = await patchUpload(server, user.cookie, location, cut, wav.subarray(cut), {
      "upload-length": String(wav.length),
    });
    expect(last.status).toBe(204);
    const meetingId = Number(last.headers.get("meeting-id"));
    if (plannedId) expect(meetingId).toBe(plannedId);
    expect(await meetingsOf(user.cookie)).toHaveLength(1);
    const headAfter = await headUpload(server, user.cookie, location);
    expect(headAfter.headers.get("upload-length")).toBe(String(wav.length));
  });

  test("DELETE terminates: the partial file goes and the upload is gone", async () => {
    const user = await signedInWithClient();
    const location = (await createUpload(server, user.cookie, recordingData(user.clientId), wav.length)).headers.get(
      "location",
    )!;
    await patchUpload(server, user.cookie, location, 0, wav.subarray(0, 1000));
    const partials = createPartialFiles(server.ctx.config.dataDir);
    const id = location.split("/").pop()!;
    expect(existsSync(partials.pathOf(id))).toBe(true);
    const del = await server.fetch(location, { method: "DELETE", headers: { ...TUS, cookie: user.cookie } });
    expect(del.status).toBe(204);
    expect(existsSync(partials.pathOf(id))).toBe(false);
    expect((await headUpload(server, user.cookie, location)).status).toBe(404);
  });

  test("a check cut off right after the file moved into storage loses nothing: the next PATCH at the end finishes it", async () => {
    const user = await signedInWithClient();
    const location = (await createUpload(server, user.cookie, recordingData(user.clientId), wav.length)).headers.get(
      "location",
    )!;
    const id = location.split("/").pop()!;
    // The process stops (here: throws) between the move into storage and anything after it.
    const storage = server.ctx.storage;
    const importFile = storage.importFile;
    storage.importFile = async (path, key) => {
      await importFile(path, key);
      throw new Error("the process stopped here");
    };
    try {
      expect((await patchUpload(server, user.cookie, location, 0, wav)).status).toBe(500);
    } finally {
      storage.importFile = importFile;
    }
    expect(existsSync(createPartialFiles(server.ctx.config.dataDir).pathOf(id))).toBe(false);
    const [row] = await server.ctx.db.sql<{ key: string }[]>`select storage_key as key from resumable_uploads
      where id = ${id}`;
    expect(await isStored(storage, row!.key)).toBe(true);
    // What a tus client does next: every byte is there, so an empty PATCH at the end.
    const finished = await patchUpload(server, user.cookie, location, wav.length, new Uint8Array(0));
    expect(finished.status).toBe(204);
    const meetingId = Number(finished.headers.get("meeting-id"));
    const [meeting] = await server.ctx.db.sql<{ audioPath: string }[]>`select audio_path as "audioPath" from meetings
      where id = ${meetingId}`;
    expect(meeting!.audioPath).toBe(row!.key);
    expect(await readStored(storage, row!.key)).toEqual(wav);
  });

  test("a complete file that is not audio is refused at the end (415), its bytes removed, the answer kept", async () => {
    const user = await signedInWithClient();
    const bytes = new Uint8Array(5000).map((_, i) => (i * 7919) % 256);
    const location = (await createUpload(server, user.cookie, recordingData(user.clientId), bytes.length)).headers.get(
      "location",
    )!;
    const last = await patchUpload(server, user.cookie, location, 0, bytes);
    expect(last.status).toBe(415);
    expect((await last.json()).message).toContain("unsupported file format");
    const id = location.split("/").pop()!;
    expect(existsSync(createPartialFiles(server.ctx.config.dataDir).pathOf(id))).toBe(false);
    expect((await headUpload(server, user.cookie, location)).status).toBe(415);
    expect(await meetingsOf(user.cookie)).toHaveLength(0);
  });

  test("partial recordings without progress for 72 hours are swept, with their files; younger ones stay", async () => {
    const user = await signedInWithClient();
    const make = async () => {
      const location = (await createUpload(server, user.cookie, recordingData(user.clientId), wav.length)).headers.get(
        "location",
      )!;
      await patchUpload(server, user.cookie, location, 0, wav.subarray(0, 1000));
      return location.split("/").pop()!;
    };
    const old = await make();
    const fresh = await make();
    const sql = server.ctx.db.sql;
    // A browser recording waits longer than a file (UNFINISHED_RECORDING_IDLE_HOURS): its sent part is only here.
    await sql`update resumable_uploads set updated_at = now() - interval '73 hours' where id = ${old}`;
    await sql`update resumable_uploads set updated_at = now() - interval '61 minutes' where id = ${fresh}`;
    const partials = createPartialFiles(server.ctx.config.dataDir);
    await sweepResumableUploads({ sql, partials, logger: server.logger });
    expect(existsSync(partials.pathOf(old))).toBe(false);
    expect(existsSync(partials.pathOf(fresh))).toBe(true);
    expect((await headUpload(server, user.cookie, `/api/uploads/${old}`)).status).toBe(404);
    expect((await headUpload(server, user.cookie, `/api/uploads/${fresh}`)).status).toBe(200);
  });
});

describe.skipIf(!tools)("the content check at the end of a resumable upload", () => {
  let limited: TestServer;
  let allowance: TestServer;
  let speech: Uint8Array<ArrayBuffer>;
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "cm-tus-limits-"));
    const path = join(folder, "speech.wav");
    await speak(path, ["We agreed to rebalance the portfolio.", "The next review is in June."]);
    speech = new Uint8Array(await Bun.file(path).arrayBuffer());
    // The 8-hour limit scaled down to 2 s: the spoken file (about 4 s) is too long for this server.
    limited = await startTestServer({ ...SPEECH, MAX_RECORDING_SECONDS: "2" });
    // A daily allowance of 3.6 s of audio: the same file fits the length limit but not the day.
    allowance = await startTestServer({ ...SPEECH, PROCESSING_HOURS_PER_DAY: "0.001" });
  }, 60_000);
  afterAll(async () => {
    await limited?.stop();
    await allowance?.stop();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  test("a recording longer than the limit (decoded) is refused at the last byte (413), removed, the answer kept", async () => {
    const user = await createSignedInUser(limited.ctx.db.sql, `tuslimit${Date.now()}`);
    const created = await limited.fetch("/api/clients", json({ name: "Okafor Trust", type: "Trust" }, user.cookie));
    const clientId = (await created.json()).id as number;
    const location = (await createUpload(limited, user.cookie, recordingData(clientId), speech.length)).headers.get(
      "location",
    )!;
    const last = await patchUpload(limited, user.cookie, location, 0, speech);
    expect(last.status).toBe(413);
    expect((await last.json()).message).toContain("recording is too long");
    const id = location.split("/").pop()!;
    expect(existsSync(createPartialFiles(limited.ctx.config.dataDir).pathOf(id))).toBe(false);
    const [row] = await limited.ctx.db.sql<{ storage_key: string | null }[]>`select storage_key from resumable_uploads
      where id = ${id}`;
    expect(row!.storage_key).toBeNull();
    expect((await headUpload(limited, user.cookie, location)).status).toBe(413);
    const meetings = await (await limited.fetch("/api/meetings", { headers: { cookie: user.cookie } })).json();
    expect(meetings).toHaveLength(0);
  });

  test("past the daily allowance a browser recording's last byte answers 429, and the recording is kept, counted, for a later try", async () => {
    const user = await createSignedInUser(allowance.ctx.db.sql, `tusquota${Date.now()}`);
    const created = await allowance.fetch("/api/clients", json({ name: "Okafor Trust", type: "Trust" }, user.cookie));
    const clientId = (await created.json()).id as number;
    const location = (await createUpload(allowance, user.cookie, recordingData(clientId), speech.length)).headers.get(
      "location",
    )!;
    const last = await patchUpload(allowance, user.cookie, location, 0, speech);
    expect(last.status).toBe(429);
    expect(await last.json()).toMatchObject({ code: "processing_quota", quota: "processing" });
    // Not final for a recording: the browser deleted every piece the server acknowledged, so this is its only copy.
    const head = await headUpload(allowance, user.cookie, location);
    expect(head.status).toBe(200);
    expect(head.headers.get("upload-offset")).toBe(String(speech.length));
    expect(head.headers.has("meeting-id")).toBe(false);
    const id = location.split("/").pop()!;
    const [row] = await allowance.ctx.db.sql<{ storage_key: string }[]>`select storage_key from resumable_uploads
      where id = ${id}`;
    expect(await isStored(allowance.ctx.storage, row!.storage_key)).toBe(true);
    // Counted against the account's storage while it waits (issue 37: it was counted nowhere).
    const usage = await (await allowance.fetch("/api/usage", { headers: { cookie: user.cookie } })).json();
    // (Beside the account's rows in the database, which count in storage too: migration 032.)
    expect(usage.storage.used - usage.dataBytes).toBe(speech.length);
    // The sweep keeps it past the hour that ends an idle partial upload, and takes it after a day.
    const partials = createPartialFiles(allowance.ctx.config.dataDir);
    const deps = { sql: allowance.ctx.db.sql, partials, logger: allowance.logger, storage: allowance.ctx.storage };
    await sweepResumableUploads(deps, Date.now() + 2 * 3600 * 1000);
    expect(await isStored(allowance.ctx.storage, row!.storage_key)).toBe(true);
    const again = await patchUpload(allowance, user.cookie, location, speech.length, new Uint8Array(0));
    expect(again.status).toBe(429);
    await sweepResumableUploads(deps, Date.now() + 25 * 3600 * 1000);
    expect(await isStored(allowance.ctx.storage, row!.storage_key)).toBe(false);
    expect((await headUpload(allowance, user.cookie, location)).status).toBe(404);
  });

  test("past the daily allowance a file's last byte answers 429 and the file goes at once (the advisor still has it)", async () => {
    const user = await createSignedInUser(allowance.ctx.db.sql, `tusfile${Date.now()}`);
    const created = await allowance.fetch("/api/clients", json({ name: "Okafor Trust", type: "Trust" }, user.cookie));
    const clientId = (await created.json()).id as number;
    const data = recordingData(clientId, { source: "upload", consent: undefined });
    const location = (await createUpload(allowance, user.cookie, data, speech.length)).headers.get("location")!;
    const storedBefore = (await allowance.ctx.storage.list()).length;
    const last = await patchUpload(allowance, user.cookie, location, 0, speech);
    expect(last.status).toBe(429);
    expect((await allowance.ctx.storage.list()).length).toBe(storedBefore);
    const id = location.split("/").pop()!;
    expect(existsSync(join(allowance.ctx.config.dataDir, "partial-uploads", `${id}.part`))).toBe(false);
    const usage = await (await allowance.fetch("/api/usage", { headers: { cookie: user.cookie } })).json();
    expect(usage.storage.used - usage.dataBytes).toBe(0);
    expect((await patchUpload(allowance, user.cookie, location, speech.length, new Uint8Array(0))).status).toBe(429);
  });
});
