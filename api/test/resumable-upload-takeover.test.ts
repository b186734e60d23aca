// A newer PATCH takes over a resumable upload from the request writing to it when that request runs in another
// process (several app processes on one database): through the upload's row (migration 031). Each side of the
// hand-over is driven here against one server, the other side played in the database as another process would;
// api/test/production-cluster.test.ts does it between two real processes. And a request reaching a server whose data
// folder lacks the upload's bytes (another host's) is refused rather than sent back to the start.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { appendFileSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { createPartialFiles } from "../src/modules/uploads/partial-files";
import { ELSEWHERE_MESSAGE } from "../src/modules/uploads/patch-upload";
import { json } from "./auth-helpers";
import { createSignedInUser } from "./support/signed-in-user";
import { readStored } from "./support/stored-files";
import { headUpload, patchUpload, TUS, uploadMetadata } from "./support/tus-steps";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let users = 0;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** A WebVTT transcript of a few thousand bytes: a file tus may carry without any audio tool. */
const TRANSCRIPT = new TextEncoder().encode(
  `WEBVTT\n\n${Array.from(
    { length: 60 },
    (_, i) =>
      `00:00:${String(i).padStart(2, "0")}.000 --> 00:00:${String(i).padStart(2, "0")}.900\n<v Ada Lind>We will review the trust deed, part ${i}.\n`,
  ).join("\n")}`,
);

async function newUpload() {
  const user = await createSignedInUser(server.ctx.db.sql, `takeover${Date.now()}${++users}`);
  const client = await server.fetch("/api/clients", json({ name: "Lind Family Trust", type: "Trust" }, user.cookie));
  const clientId = (await client.json()).id as number;
  const meetingData = { title: "Trust deed review", clientId, date: "2026-05-04T10:00:00Z", source: "upload" };
  const created = await server.fetch("/api/uploads", {
    method: "POST",
    headers: {
      ...TUS,
      cookie: user.cookie,
      "upload-length": String(TRANSCRIPT.length),
      "upload-metadata": uploadMetadata(meetingData, "review.vtt", "text/vtt"),
    },
  });
  expect(created.status).toBe(201);
  const location = created.headers.get("location")!;
  const id = location.split("/").pop()!;
  return { cookie: user.cookie, location, id, partial: createPartialFiles(server.ctx.config.dataDir).pathOf(id) };
}

const writerOf = async (id: string) =>
  (
    await server.ctx.db.sql<{ writer: string | null; wanted: boolean; offset: number }[]>`
      select writer, writer_wanted as wanted, upload_offset::int as offset from resumable_uploads where id = ${id}`
  )[0]!;

async function until(ready: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 20_000;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await Bun.sleep(20);
  }
}

async function storedBytes(meetingId: number) {
  const [row] = await server.ctx.db.sql<{ audioPath: string }[]>`select audio_path as "audioPath" from meetings
    where id = ${meetingId}`;
  return readStored(server.ctx.storage, row!.audioPath);
}

test("a request writing in another process is asked to stop; its bytes count and the newer one resumes after them", async () => {
  const upload = await newUpload();
  // Another process is appending: it holds the upload and has 1,000 bytes on disk, not yet counted.
  await server.ctx.db.sql`update resumable_uploads set writer = 'another-process',
    writer_until = now() + interval '1 minute' where id = ${upload.id}`;
  mkdirSync(dirname(upload.partial), { recursive: true });
  appendFileSync(upload.partial, TRANSCRIPT.subarray(0, 1000));
  // The browser resumes from what HEAD said (0), here.
  const resumed = patchUpload(server, upload.cookie, upload.location, 0, TRANSCRIPT);
  await until(async () => (await writerOf(upload.id)).wanted, "the newer request asks the writer to stop");
  expect((await writerOf(upload.id)).writer).toBe("another-process");
  // The other process sees it at its next renewal, stops, and counts its bytes as it lets go.
  await server.ctx.db.sql`update resumable_uploads set writer = null, writer_until = null, upload_offset = 1000
    where id = ${upload.id}`;
  const answer = await resumed;
  expect(answer.status).toBe(409);
  expect(answer.headers.get("upload-offset")).toBe("1000");
  const rest = await patchUpload(server, upload.cookie, upload.location, 1000, TRANSCRIPT.slice(1000));
  expect(rest.status).toBe(204);
  expect(await storedBytes(Number(rest.headers.get("meeting-id")))).toEqual(TRANSCRIPT);
  expect((await writerOf(upload.id)).writer).toBeNull();
});

test("a writer whose process died holds the upload only until its lease runs out", async () => {
  const upload = await newUpload();
  await server.ctx.db.sql`update resumable_uploads set writer = 'killed-process',
    writer_until = now() + interval '1 second' where id = ${upload.id}`;
  const answer = await patchUpload(server, upload.cookie, upload.location, 0, TRANSCRIPT);
  expect(answer.status).toBe(204);
  expect(await storedBytes(Number(answer.headers.get("meeting-id")))).toEqual(TRANSCRIPT);
});

test("a writer here that another process wants stops reading, counts what it wrote and lets go", async () => {
  const upload = await newUpload();
  // This process's PATCH sends 1,000 bytes, then stalls, as a connection that dropped without the server noticing.
  let stall: () => void = () => {};
  const stalled = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(TRANSCRIPT.slice(0, 1000));
      stall = () => {
        try {
          controller.close();
        } catch {
          // already ended: the server stopped reading it
        }
      };
    },
  });
  const first = server.fetch(upload.location, {
    method: "PATCH",
    headers: { ...TUS, cookie: upload.cookie, "content-type": "application/offset+octet-stream", "upload-offset": "0" },
    body: stalled,
  });
  await until(async () => Bun.file(upload.partial).size >= 1000, "the first 1,000 bytes on disk");
  expect((await writerOf(upload.id)).writer).not.toBeNull();
  // Another process's newer request asks for the upload.
  await server.ctx.db.sql`update resumable_uploads set writer_wanted = true where id = ${upload.id}`;
  const answer = await first;
  stall();
  expect(answer.status).toBe(204);
  expect(answer.headers.get("upload-offset")).toBe("1000");
  expect(await writerOf(upload.id)).toMatchObject({ writer: null, offset: 1000 });
  expect((await headUpload(server, upload.cookie, upload.location)).headers.get("upload-offset")).toBe("1000");
});

test("a PATCH reaching a server whose data folder lacks the bytes (another host's) answers 503 and loses nothing", async () => {
  const upload = await newUpload();
  const first = await patchUpload(server, upload.cookie, upload.location, 0, TRANSCRIPT.slice(0, 1000));
  expect(first.status).toBe(204);
  // As another host sees it: its own data folder has no partial file, and the upload names the first host's.
  await server.ctx.db
    .sql`update resumable_uploads set partial_folder = 'the-first-hosts-folder' where id = ${upload.id}`;
  renameSync(upload.partial, `${upload.partial}.elsewhere`);
  const misdirected = await patchUpload(server, upload.cookie, upload.location, 1000, TRANSCRIPT.slice(1000));
  expect(misdirected.status).toBe(503);
  expect((await misdirected.json()).message).toBe(ELSEWHERE_MESSAGE);
  expect((await headUpload(server, upload.cookie, upload.location)).headers.get("upload-offset")).toBe("1000");
  // Back on the host holding the bytes, the upload goes on from where it was.
  renameSync(`${upload.partial}.elsewhere`, upload.partial);
  await server.ctx.db
    .sql`update resumable_uploads set partial_folder = ${createPartialFiles(server.ctx.config.dataDir).folderId}
    where id = ${upload.id}`;
  const rest = await patchUpload(server, upload.cookie, upload.location, 1000, TRANSCRIPT.slice(1000));
  expect(rest.status).toBe(204);
  expect(await storedBytes(Number(rest.headers.get("meeting-id")))).toEqual(TRANSCRIPT);
});

test("without a folder recorded (an upload made before), missing bytes still send the client back to what is there", async () => {
  const upload = await newUpload();
  expect((await patchUpload(server, upload.cookie, upload.location, 0, TRANSCRIPT.slice(0, 1000))).status).toBe(204);
  await server.ctx.db.sql`update resumable_uploads set partial_folder = null where id = ${upload.id}`;
  rmSync(upload.partial);
  const answer = await patchUpload(server, upload.cookie, upload.location, 1000, TRANSCRIPT.slice(1000));
  expect(answer.status).toBe(409);
  expect(answer.headers.get("upload-offset")).toBe("0");
});
