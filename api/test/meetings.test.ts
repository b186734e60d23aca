import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { json, registerAndSignIn } from "./auth-helpers";
import { waitForMeetingStatus } from "./support/meeting-steps";
import { isStored } from "./support/stored-files";
import { startTestServer, type TestServer, WITH_WORKER } from "./test-server";

const SAMPLES = join(import.meta.dir, "..", "..", "ai", "test-support", "transcripts");
let server: TestServer;
let cookie: string;

beforeAll(async () => {
  // No speech service and no offline recognition (pocketsphinx may be installed here): audio is refused.
  server = await startTestServer({ ...WITH_WORKER, MAX_UPLOAD_BYTES: String(2 * 1024 * 1024), OFFLINE_SPEECH: "off" });
  ({ cookie } = await registerAndSignIn(server));
});
afterAll(async () => {
  await server.stop();
});

const get = (path: string, c = cookie) => server.fetch(path, { headers: { cookie: c } });

async function createClient(name: string, type = "Wealth Management", c = cookie) {
  const response = await server.fetch("/api/clients", json({ name, type }, c));
  expect(response.status).toBe(201);
  return (await response.json()) as { id: number; name: string };
}

function uploadForm(file: Blob, filename: string, meetingData: Record<string, unknown>) {
  const form = new FormData();
  form.set("meetingData", JSON.stringify(meetingData));
  form.set("audioFile", file, filename);
  return form;
}

async function upload(form: FormData, c = cookie) {
  return server.fetch("/api/meetings/upload", { method: "POST", body: form, headers: { cookie: c } });
}

const waitForStatus = (id: number, statuses: string[], timeoutMs = 20_000) =>
  waitForMeetingStatus(server, cookie, id, statuses, timeoutMs);

const recordingFiles = () => readdirSync(join(server.ctx.config.dataDir, "recordings"));

describe("clients", () => {
  test("create, list sorted by name, duplicate and validation errors", async () => {
    await createClient("Zephyr Holdings", "Business Advisory");
    await createClient("Abbott Estate", "Legal Consultation");
    const list = await (await get("/api/clients")).json();
    const names = list.map((c: { name: string }) => c.name);
    expect(names.indexOf("Abbott Estate")).toBeLessThan(names.indexOf("Zephyr Holdings"));
    const duplicate = await server.fetch("/api/clients", json({ name: "abbott estate", type: "X" }, cookie));
    expect(duplicate.status).toBe(409);
    expect((await duplicate.json()).message).toContain("duplicate");
    const invalid = await server.fetch("/api/clients", json({ name: "  ", type: "X" }, cookie));
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).message).toContain("validation");
    const wrongType = await server.fetch("/api/clients", json({ name: 42, type: "X" }, cookie));
    expect(wrongType.status).toBe(400);
  });

  test("signed-out requests answer 401", async () => {
    expect((await server.fetch("/api/clients")).status).toBe(401);
    expect((await server.fetch("/api/meetings")).status).toBe(401);
    expect((await server.fetch("/api/stats")).status).toBe(401);
  });
});

describe("upload and processing", () => {
  test("a transcript file is processed to a summary with speakers and timestamps kept", async () => {
    const client = await createClient("Brightline Studio LLC", "Tax Advisory");
    const file = Bun.file(join(SAMPLES, "tax-planning.srt"));
    const response = await upload(
      uploadForm(file, "tax-planning.srt", {
        title: "S corp election",
        clientId: client.id,
        date: "2026-03-14T12:00:00.000Z",
        duration: 0,
        type: "Uploaded",
        status: "Processing",
      }),
    );
    expect(response.status).toBe(201);
    const created = await response.json();
    expect(created.status).toBe("Processing");
    const done = await waitForStatus(created.id, ["Processed", "Failed"]);
    expect(done.status).toBe("Processed");
    expect(done.summary.executiveSummary.length).toBeGreaterThan(20);
    expect(done.summary.actionItems.length).toBeGreaterThan(0);
    expect(done.transcript.segments[0].speaker).toBe("Leo Brandt");
    expect(done.transcript.segments[1].start).toBe(9);
    expect(done.duration).toBeGreaterThan(0);
    const list = await (await get("/api/meetings")).json();
    const item = list.find((m: { id: number }) => m.id === created.id);
    expect(item.client_name).toBe("Brightline Studio LLC");
    // A list carries only what it shows: three sentences of the summary, no transcript text once summarised.
    expect(item.executive_summary.split(". ").length).toBeLessThanOrEqual(3);
    expect(done.summary.executiveSummary.startsWith(item.executive_summary.replace(/\.$/, ""))).toBe(true);
    expect(item.transcript_preview).toBeNull();
    expect(item.transcript).toBeUndefined();
    const stats = await (await get("/api/stats")).json();
    expect(stats.processedCount).toBe(1);
    expect(stats.insightsGenerated).toBe(done.summary.actionItems.length);
  });

  test("content decides the type: an executable named .mp3 is refused with 415", async () => {
    const client = await createClient("Refusal Test", "Legal Consultation");
    const elf = new Uint8Array(8192);
    elf.set([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]);
    const before = recordingFiles().length;
    const response = await upload(
      uploadForm(new Blob([elf]), "song.mp3", { title: "x", clientId: client.id, date: "2026-03-01T12:00:00Z" }),
    );
    expect(response.status).toBe(415);
    expect((await response.json()).message).toContain("unsupported file format");
    expect(recordingFiles().length).toBe(before);
  });

  test("audio without a speech service is refused before storing, naming the API key", async () => {
    const client = await createClient("Audio Test", "Wealth Management");
    const wav = new Uint8Array(16_000);
    wav.set(new TextEncoder().encode("RIFF"), 0);
    wav.set(new TextEncoder().encode("WAVEfmt "), 8);
    const before = recordingFiles().length;
    const response = await upload(
      uploadForm(new Blob([wav]), "call.wav", { title: "x", clientId: client.id, date: "2026-03-01T12:00:00Z" }),
    );
    expect(response.status).toBe(503);
    expect((await response.json()).message).toContain("API key");
    expect(recordingFiles().length).toBe(before);
  });

  test("a file over the limit is cut off with 413 and its partial file removed", async () => {
    const client = await createClient("Big File", "Wealth Management");
    const big = new Uint8Array(3 * 1024 * 1024).fill(0x61);
    const before = recordingFiles().length;
    const response = await upload(
      uploadForm(new Blob([big]), "notes.txt", { title: "x", clientId: client.id, date: "2026-03-01T12:00:00Z" }),
    );
    expect(response.status).toBe(413);
    expect((await response.json()).message).toContain("too large");
    await Bun.sleep(100);
    expect(recordingFiles().length).toBe(before);
  });

  test("bad meeting data: date, client of another user, missing fields", async () => {
    const client = await createClient("Data Test", "Wealth Management");
    const text = new Blob(["Ann: hello there\nBob: hi"]);
    const badDate = await upload(uploadForm(text, "a.txt", { title: "x", clientId: client.id, date: "not a date" }));
    expect(badDate.status).toBe(400);
    expect((await badDate.json()).message).toContain("date");
    const other = await registerAndSignIn(server);
    const foreign = await createClient("Foreign", "X", other.cookie);
    const notMine = await upload(
      uploadForm(text, "a.txt", { title: "x", clientId: foreign.id, date: "2026-03-01T12:00:00Z" }),
    );
    expect(notMine.status).toBe(400);
    const noTitle = await upload(uploadForm(text, "a.txt", { clientId: client.id, date: "2026-03-01T12:00:00Z" }));
    expect(noTitle.status).toBe(400);
  });

  test("malformed multipart: no boundary, two files, no file", async () => {
    const noBoundary = await server.fetch("/api/meetings/upload", {
      method: "POST",
      headers: { cookie, "content-type": "multipart/form-data" },
      body: "hello",
    });
    expect(noBoundary.status).toBe(400);
    const client = await createClient("Multipart Test", "X");
    const two = uploadForm(new Blob(["A: one"]), "a.txt", {
      title: "x",
      clientId: client.id,
      date: "2026-03-01T12:00:00Z",
    });
    two.append("audioFile", new Blob(["B: two"]), "b.txt");
    expect((await upload(two)).status).toBe(400);
    const none = new FormData();
    none.set("meetingData", JSON.stringify({ title: "x", clientId: client.id, date: "2026-03-01T12:00:00Z" }));
    expect((await upload(none)).status).toBe(400);
  });
});

describe("notes, deletion and isolation", () => {
  test("notes are saved, read back, and private", async () => {
    const client = await createClient("Notes Client", "Wealth Management");
    const created = await (
      await upload(
        uploadForm(new Blob(["Ann: We will review the will.\nBob: Agreed."]), "n.txt", {
          title: "Will review",
          clientId: client.id,
          date: "2026-03-02T12:00:00Z",
        }),
      )
    ).json();
    const empty = await (await get(`/api/notes/meeting/${created.id}`)).json();
    expect(empty.content).toBe("");
    expect(
      (await server.fetch("/api/notes", json({ meetingId: created.id, content: "Call back on Tuesday" }, cookie)))
        .status,
    ).toBe(200);
    expect((await (await get(`/api/notes/meeting/${created.id}`)).json()).content).toBe("Call back on Tuesday");
    const other = await registerAndSignIn(server);
    expect((await get(`/api/notes/meeting/${created.id}`, other.cookie)).status).toBe(404);
    expect((await server.fetch("/api/notes", json({ meetingId: created.id, content: "x" }, other.cookie))).status).toBe(
      404,
    );
  });

  test("another user's meeting, client and audio answer 404 on every route", async () => {
    const client = await createClient("Isolated Client", "Wealth Management");
    const created = await (
      await upload(
        uploadForm(new Blob(["Ann: Private matter.\nBob: Yes."]), "p.txt", {
          title: "Private",
          clientId: client.id,
          date: "2026-03-03T12:00:00Z",
        }),
      )
    ).json();
    const other = await registerAndSignIn(server);
    const c = other.cookie;
    expect((await get(`/api/meetings/${created.id}`, c)).status).toBe(404);
    expect((await get(`/api/meetings/${created.id}/audio`, c)).status).toBe(404);
    expect(
      (await server.fetch(`/api/meetings/${created.id}/retry`, { method: "POST", headers: { cookie: c } })).status,
    ).toBe(404);
    expect(
      (await server.fetch(`/api/meetings/${created.id}`, { method: "DELETE", headers: { cookie: c } })).status,
    ).toBe(404);
    expect((await server.fetch(`/api/clients/${client.id}`, { method: "DELETE", headers: { cookie: c } })).status).toBe(
      404,
    );
    const theirs = await (await get("/api/meetings", c)).json();
    expect(theirs.some((m: { id: number }) => m.id === created.id)).toBe(false);
    expect((await get(`/api/meetings/${created.id}`)).status).toBe(200);
  });

  test("deleting a meeting removes its rows and its stored file", async () => {
    const client = await createClient("Delete Me", "Wealth Management");
    const created = await (
      await upload(
        uploadForm(new Blob(["Ann: Goodbye.\nBob: Bye."]), "d.txt", {
          title: "To delete",
          clientId: client.id,
          date: "2026-03-04T12:00:00Z",
        }),
      )
    ).json();
    await waitForStatus(created.id, ["Processed", "Failed"]);
    const [row] = await server.ctx.db.sql`select audio_path from meetings where id = ${created.id}`;
    expect(await isStored(server.ctx.storage, row!.audio_path)).toBe(true);
    expect((await server.fetch(`/api/meetings/${created.id}`, { method: "DELETE", headers: { cookie } })).status).toBe(
      200,
    );
    expect(await isStored(server.ctx.storage, row!.audio_path)).toBe(false);
    for (const table of ["transcripts", "summaries", "notes", "chunks", "jobs"]) {
      const [count] = await server.ctx.db
        .sql`select count(*)::int as n from ${server.ctx.db.sql(table)} where meeting_id = ${created.id}`;
      expect(count!.n).toBe(0);
    }
    expect((await get(`/api/meetings/${created.id}`)).status).toBe(404);
  });

  test("deleting a client removes its meetings and files", async () => {
    const client = await createClient("Client To Delete", "Wealth Management");
    const created = await (
      await upload(
        uploadForm(new Blob(["Ann: Hello.\nBob: Hi."]), "c.txt", {
          title: "x",
          clientId: client.id,
          date: "2026-03-05T12:00:00Z",
        }),
      )
    ).json();
    const [row] = await server.ctx.db.sql`select audio_path from meetings where id = ${created.id}`;
    expect((await server.fetch(`/api/clients/${client.id}`, { method: "DELETE", headers: { cookie } })).status).toBe(
      200,
    );
    expect(await isStored(server.ctx.storage, row!.audio_path)).toBe(false);
    expect((await get(`/api/meetings/${created.id}`)).status).toBe(404);
  });
});
