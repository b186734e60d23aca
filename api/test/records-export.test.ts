// E-discovery export and the account's own export (issue 39): a streamed zip with each meeting's transcript (text and
// WebVTT), summary with every version, notes, sent e-mails as .eml, the recording when asked for, the trail's rows as
// CSV and a manifest of SHA-256 digests; the export is in the trail; records:verify finds one changed byte; another
// user's client is 404; one export at a time and a number a day.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Sql } from "@cm/db";
import { actingAs } from "@cm/db/queries/record-versions";
import { upsertSummary } from "@cm/db/queries/summaries";
import JSZip from "jszip";
import { verifyExport } from "../src/modules/records-export/verify-export";
import type { Manifest } from "../src/modules/records-export/write-export";
import { newKey } from "../src/storage/file-storage";
import { registerAndSignIn } from "./auth-helpers";
import { seedClient, seedProcessedMeeting } from "./support/seed-meeting";
import { startTestServer, type TestServer } from "./test-server";

const root = join(import.meta.dir, "..", "..");
const work = mkdtempSync(join(tmpdir(), "cm-records-export-"));
let server: TestServer;
let sql: Sql;
let cookie: string;
let userId: number;
let other: string;
let clientId: number;
let inRange: number;
let outOfRange: number;
const recording = new Uint8Array(200_000).map((_, i) => (i * 7) % 251);

const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");
const get = (path: string, as = cookie) => server.fetch(path, { headers: { cookie: as } });
async function download(path: string, as = cookie) {
  const response = await get(path, as);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/zip");
  const bytes = new Uint8Array(await response.arrayBuffer());
  const file = join(work, `${crypto.randomUUID()}.zip`);
  writeFileSync(file, bytes);
  return { file, zip: await JSZip.loadAsync(bytes) };
}
const text = (zip: JSZip, path: string) => zip.file(path)!.async("string");
const manifestOf = async (zip: JSZip) => JSON.parse(await text(zip, "manifest.json")) as Manifest;

beforeAll(async () => {
  server = await startTestServer({ RECORDS_EXPORTS_PER_DAY: "6" });
  sql = server.ctx.db.sql;
  ({ cookie } = await registerAndSignIn(server));
  ({ cookie: other } = await registerAndSignIn(server));
  userId = (await (await get("/api/auth/user")).json()).user.id;
  const client = await seedClient(sql, userId, "Okafor Family Trust");
  clientId = client.id;
  inRange = await seedProcessedMeeting(sql, userId, clientId, {
    title: "Q3 review",
    date: new Date("2026-09-14T15:00:00Z"),
  });
  outOfRange = await seedProcessedMeeting(sql, userId, clientId, {
    title: "Q1 review",
    date: new Date("2026-02-10T15:00:00Z"),
  });
  // The advisor edits the AI's summary: two versions, the first the AI's.
  await actingAs(sql, userId, (tx) =>
    upsertSummary(tx, inRange, {
      executiveSummary: "The trustees approved moving 4% into short-term bonds.",
      keyPoints: ["Rebalance toward bonds"],
      actionItems: [],
      nextMeeting: null,
    }),
  );
  await sql`insert into notes (meeting_id, user_id, content) values (${inRange}, ${userId}, 'Call Dana about the 529.')`;
  await sql`insert into follow_ups (meeting_id, user_id, recipients, subject, body_text)
    values (${inRange}, ${userId}, ${sql.array(["dana@okafor.example"])}::text[], 'Your Q3 review',
      'Dear Dana, thank you for today.')`;
  const source = join(work, "call.mp3");
  writeFileSync(source, recording);
  const key = newKey("mp3");
  await server.ctx.storage.importFile(source, key);
  await sql`update meetings set audio_path = ${key} where id = ${inRange}`;
}, 180_000);
afterAll(async () => {
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe("GET /api/records/export", () => {
  let exported: { file: string; zip: JSZip };

  test("holds the meetings in scope with every kind of record, and a manifest of their digests", async () => {
    exported = await download(
      `/api/records/export?clientId=${clientId}&from=2026-06-01T00:00:00Z&to=2026-12-31T00:00:00Z&recordings=true`,
    );
    const { zip } = exported;
    const paths = Object.keys(zip.files).filter((path) => !zip.files[path]!.dir);
    const folder = `meetings/2026-09-14-${inRange}-q3-review`;
    expect(paths).toEqual(
      expect.arrayContaining([
        `${folder}/meeting.json`,
        `${folder}/transcript.txt`,
        `${folder}/transcript.vtt`,
        `${folder}/summary.json`,
        `${folder}/versions/summary-001.json`,
        `${folder}/versions/summary-002.json`,
        `${folder}/notes.txt`,
        `${folder}/recording.mp3`,
        "audit-trail.csv",
        "manifest.json",
      ]),
    );
    expect(paths.some((path) => path.includes(`-${outOfRange}-`))).toBe(false);
    expect(await text(zip, `${folder}/transcript.vtt`)).toStartWith(
      "WEBVTT\n\n00:00:00.000 --> 00:00:04.200\n<v Morgan>",
    );
    expect(await text(zip, `${folder}/notes.txt`)).toBe("Call Dana about the 529.\n");
    const first = JSON.parse(await text(zip, `${folder}/versions/summary-001.json`));
    expect(first).toMatchObject({ version: 1, source: "ai", by: null });
    expect(JSON.parse(await text(zip, `${folder}/versions/summary-002.json`)).by.userId).toBe(userId);
    const eml = paths.find((path) => path.startsWith(`${folder}/emails/`) && path.endsWith(".eml"));
    const message = await text(zip, eml!);
    expect(message).toContain("To: dana@okafor.example");
    expect(message).toContain("Subject: Your Q3 review");
    expect(message).toContain(Buffer.from("Dear Dana, thank you for today.").toString("base64"));
    const audio = await zip.file(`${folder}/recording.mp3`)!.async("uint8array");
    expect(sha256(audio)).toBe(sha256(recording));

    const manifest = await manifestOf(zip);
    expect(manifest.files.map((entry) => entry.path).sort()).toEqual(paths.filter((p) => p !== "manifest.json").sort());
    for (const entry of manifest.files) {
      expect(sha256(await zip.file(entry.path)!.async("uint8array"))).toBe(entry.sha256);
    }
  });

  test("the export is in the trail with its digest, and the CSV holds the trail's rows about the meeting", async () => {
    const manifest = await manifestOf(exported.zip);
    const [row] = await sql<{ details: { exportSha256: string; complete: boolean } }[]>`
      select details from audit_log where account_id = ${userId} and action = 'records.exported'
      order by seq desc limit 1`;
    expect(row!.details).toMatchObject({ complete: true, exportSha256: manifest.exportSha256 });
    expect((await text(exported.zip, "audit-trail.csv")).split("\r\n")[0]).toStartWith("seq,at,actor_user_id,action");
  });

  test("records:verify accepts the export and names the file whose byte was changed", async () => {
    const result = await verifyExport(exported.file);
    expect(result).toMatchObject({ ok: true, problems: [] });
    const cli = Bun.spawnSync(["bun", "run", "records:verify", exported.file], { cwd: root });
    expect(cli.exitCode).toBe(0);

    const bytes = new Uint8Array(await Bun.file(exported.file).arrayBuffer());
    // The last copy of the text: notes.txt (its version file comes before it).
    const at = Buffer.from(bytes).lastIndexOf("Call Dana about the 529.");
    bytes[at] = "K".charCodeAt(0);
    const changed = join(work, "changed.zip");
    writeFileSync(changed, bytes);
    const verdict = await verifyExport(changed);
    expect(verdict.ok).toBe(false);
    expect(verdict.problems).toEqual([expect.stringContaining("notes.txt: SHA-256 differs")]);
    const failed = Bun.spawnSync(["bun", "run", "records:verify", changed], { cwd: root });
    expect(failed.exitCode).toBe(1);
    expect(failed.stdout.toString()).toContain("notes.txt");
  });

  test("another user's client is 404; a bad date or range is 400 naming it", async () => {
    expect((await get(`/api/records/export?clientId=${clientId}`, other)).status).toBe(404);
    const bad = await get("/api/records/export?from=yesterday");
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toContain("from");
    expect((await get("/api/records/export?from=2026-05-01T00:00:00Z&to=2026-01-01T00:00:00Z")).status).toBe(400);
  });

  test("one export at a time per account: a second while the first streams is refused, then allowed", async () => {
    const first = await get("/api/records/export?recordings=true");
    expect(first.status).toBe(200);
    const second = await get("/api/records/export");
    expect(second.status).toBe(429);
    expect((await second.json()).code).toBe("export_busy");
    await first.arrayBuffer();
    // The lease is given back once the stream has ended.
    await server.ctx.db.sql`select 1`;
    const leases = await sql`select 1 from export_leases where user_id = ${userId}`;
    expect(leases.length).toBe(0);
  });
});

describe("GET /api/account/export", () => {
  test("holds everything of the account in the same format, and verifies", async () => {
    const { file, zip } = await download("/api/account/export");
    const paths = Object.keys(zip.files);
    expect(paths).toEqual(expect.arrayContaining(["account.json", "clients.json", "conversations.json"]));
    expect(paths.some((path) => path.includes(`-${outOfRange}-`))).toBe(true);
    expect(JSON.parse(await text(zip, "account.json"))).not.toHaveProperty("password");
    expect((await verifyExport(file)).ok).toBe(true);
  });

  test("the day's exports are bounded: past RECORDS_EXPORTS_PER_DAY the next is 429", async () => {
    const { cookie: fresh } = await registerAndSignIn(server);
    for (let n = 0; n < 6; n++)
      expect((await (await get("/api/account/export", fresh)).arrayBuffer()).byteLength).toBeGreaterThan(0);
    const refused = await get("/api/account/export", fresh);
    expect(refused.status).toBe(429);
    expect((await refused.json()).code).toBe("export_limit");
  });
});
