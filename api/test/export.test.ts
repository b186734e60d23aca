// Export of a meeting (issue 14): PDF, Word and Markdown, parsed back (PDF text through unpdf, the .docx's
// word/document.xml through JSZip), file names safe with any title, 404 for other users, 409 while processing.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { upsertTranscript } from "@cm/db/queries/meeting-content";
import { saveNote } from "@cm/db/queries/notes";
import JSZip from "jszip";
import { extractText, getDocumentProxy } from "unpdf";
import { json, registerAndSignIn } from "./auth-helpers";
import { buildLongTranscriptVtt } from "./support/long-transcript";
import { seedClient, seedProcessedMeeting } from "./support/seed-meeting";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let cookie: string;
let userId: number;
let meetingId: number;
const TITLE = `Zoë's "Q3" review / Ørsted — 日本`;

beforeAll(async () => {
  server = await startTestServer();
  ({ cookie } = await registerAndSignIn(server));
  userId = (await (await server.fetch("/api/auth/user", { headers: { cookie } })).json()).user.id;
  const client = await seedClient(server.ctx.db.sql, userId, "Hendricks Family Trust");
  meetingId = await seedProcessedMeeting(server.ctx.db.sql, userId, client.id, {
    title: TITLE,
    date: new Date("2026-03-10T12:00:00Z"),
  });
  await saveNote(server.ctx.db.sql, { userId, meetingId, content: "Call Claire about the signature on page four." });
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

const get = (path: string, c = cookie) => server.fetch(path, { headers: { cookie: c } });

async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, " ");
}

async function docxText(bytes: ArrayBuffer): Promise<string> {
  const zip = await JSZip.loadAsync(bytes);
  const xml = await zip.file("word/document.xml")!.async("string");
  // The text runs, joined: what Word shows, without the markup.
  return [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)]
    .map((m) => m[1]!)
    .join("")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** What every export must say, whatever its format. */
const EXPECTED = [
  "Hendricks Family Trust",
  "March 10, 2026",
  "Executive Summary",
  "The trustees approved moving 5% from US equities into short-term bonds.",
  "Key Points",
  "Rebalance toward bonds",
  "Action Items",
  "Send the trade list for signature (Morgan Reyes)",
  "Next Meeting",
  "Scheduled for February 18, 2027",
  "Topics to include: June review, 529 plan",
];

/** The advisor's private notes: in an export only with notes=1. */
const NOTES = ["My Notes", "Call Claire about the signature on page four."];

describe("export formats", () => {
  test("PDF: application/pdf, a file name from the title, and the meeting's content when read back", async () => {
    const response = await get(`/api/meetings/${meetingId}/export?format=pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const text = await pdfText(await response.arrayBuffer());
    for (const part of [`Zoë's "Q3" review / Ørsted`, ...EXPECTED]) expect(text).toContain(part);
    expect(text).not.toContain("Transcript");
    for (const part of NOTES) expect(text).not.toContain(part);
  });

  test("notes=1 adds the private notes in every format; without it they never appear", async () => {
    const pdfWith = await pdfText(
      await (await get(`/api/meetings/${meetingId}/export?format=pdf&notes=1`)).arrayBuffer(),
    );
    for (const part of NOTES) expect(pdfWith).toContain(part);
    const docxWith = await docxText(
      await (await get(`/api/meetings/${meetingId}/export?format=docx&notes=1`)).arrayBuffer(),
    );
    for (const part of NOTES) expect(docxWith).toContain(part);
    const docxWithout = await docxText(
      await (await get(`/api/meetings/${meetingId}/export?format=docx`)).arrayBuffer(),
    );
    for (const part of NOTES) expect(docxWithout).not.toContain(part);
    const mdWith = await (await get(`/api/meetings/${meetingId}/export?format=md&notes=1&transcript=1`)).text();
    expect(mdWith).toContain("## My Notes\n\nCall Claire about the signature on page four.");
    const mdWithout = await (await get(`/api/meetings/${meetingId}/export?format=md&notes=0`)).text();
    for (const part of NOTES) expect(mdWithout).not.toContain(part);
    expect((await get(`/api/meetings/${meetingId}/export?format=md&notes=yes`)).status).toBe(400);
  });

  test("every format says the notes are a draft until they are reviewed, then who reviewed them", async () => {
    const draft = "Draft: these notes are not reviewed yet.";
    const texts = async () => ({
      pdf: await pdfText(await (await get(`/api/meetings/${meetingId}/export?format=pdf`)).arrayBuffer()),
      docx: await docxText(await (await get(`/api/meetings/${meetingId}/export?format=docx`)).arrayBuffer()),
      md: await (await get(`/api/meetings/${meetingId}/export?format=md`)).text(),
    });
    for (const [format, text] of Object.entries(await texts())) expect(`${format}: ${text}`).toContain(draft);
    const reviewer = (await (await get("/api/auth/user")).json()).user.fullName as string;
    const review = await server.fetch(`/api/meetings/${meetingId}/summary`, {
      ...json({ reviewed: true }, cookie),
      method: "PATCH",
    });
    expect(review.status).toBe(200);
    for (const [format, text] of Object.entries(await texts())) {
      expect(`${format}: ${text}`).toContain(`Reviewed by ${reviewer} on `);
      expect(text).not.toContain(draft);
    }
    // Later tests read the draft export as it was.
    await server.fetch(`/api/meetings/${meetingId}/summary`, { ...json({ reviewed: false }, cookie), method: "PATCH" });
  });

  test("PDF with transcript=1 carries the transcript's turns with times and speakers", async () => {
    const response = await get(`/api/meetings/${meetingId}/export?format=pdf&transcript=1`);
    const text = await pdfText(await response.arrayBuffer());
    expect(text).toContain("Transcript");
    expect(text).toContain("[0:00] Morgan: Shall we start with the allocation?");
    expect(text).toContain("[0:04] Dana: Yes, and the tuition payment in April.");
  });

  test("Word: the .docx content type, and document.xml holds the content", async () => {
    const response = await get(`/api/meetings/${meetingId}/export?format=docx&transcript=1`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
    const text = await docxText(await response.arrayBuffer());
    for (const part of [TITLE, ...EXPECTED, "Shall we start with the allocation?"]) expect(text).toContain(part);
  });

  test("Markdown: text/markdown with headings, lists and the transcript when asked", async () => {
    const response = await get(`/api/meetings/${meetingId}/export?format=md&transcript=1`);
    expect(response.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    const text = await response.text();
    expect(text.startsWith(`# ${TITLE}\n`)).toBe(true);
    expect(text).toContain("## Key Points\n\n- Rebalance toward bonds\n- Tuition payment covered");
    expect(text).toContain("- Send the trade list for signature (Morgan Reyes)");
    expect(text).toContain("[0:00] **Morgan:** Shall we start with the allocation?");
    for (const part of EXPECTED) expect(text).toContain(part);
    const without = await (await get(`/api/meetings/${meetingId}/export?format=md`)).text();
    expect(without).not.toContain("## Transcript");
  });

  test("file names: quotes, slashes and unicode give a safe ASCII name and an exact RFC 5987 filename*", async () => {
    const response = await get(`/api/meetings/${meetingId}/export?format=pdf`);
    const disposition = response.headers.get("content-disposition")!;
    const ascii = /filename="([^"]*)"/.exec(disposition)![1]!;
    // Accents are folded; letters with no ASCII form (Ø, 日本) are left out of the fallback only.
    expect(ascii).toBe("Zoe's Q3 review rsted.pdf");
    const star = /filename\*=UTF-8''(\S+)/.exec(disposition)![1]!;
    expect(decodeURIComponent(star)).toBe(`Zoë's Q3 review Ørsted — 日本.pdf`);
    expect(disposition.startsWith("attachment;")).toBe(true);
    expect(star).not.toMatch(/['"();\s]/);
  });
});

describe("refusals", () => {
  test("a bad format or transcript flag answers 400 with a message", async () => {
    const bad = await get(`/api/meetings/${meetingId}/export?format=xlsx`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toContain("format must be pdf, docx or md");
    const empty = await get(`/api/meetings/${meetingId}/export?format=`);
    expect(empty.status).toBe(400);
    // Without a format, the PDF.
    expect((await get(`/api/meetings/${meetingId}/export`)).headers.get("content-type")).toBe("application/pdf");
    const flag = await get(`/api/meetings/${meetingId}/export?format=md&transcript=yes`);
    expect(flag.status).toBe(400);
  });

  test("another user's meeting and an unknown id answer 404", async () => {
    const other = await registerAndSignIn(server);
    const response = await get(`/api/meetings/${meetingId}/export?format=md`, other.cookie);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("Hendricks");
    expect((await get("/api/meetings/999999/export?format=pdf")).status).toBe(404);
  });

  test("a meeting still processing answers 409 with a message", async () => {
    const client = await seedClient(server.ctx.db.sql, userId, "Processing Client");
    const [row] = await server.ctx.db.sql<{ id: number }[]>`
      insert into meetings (user_id, client_id, title, date, status, source_kind)
      values (${userId}, ${client.id}, 'In progress', now(), 'Processing', 'transcript') returning id`;
    const response = await get(`/api/meetings/${row!.id}/export?format=docx`);
    expect(response.status).toBe(409);
    expect((await response.json()).message).toContain("still being processed");
  });
});

describe("a transcript too long to lay out", () => {
  test("PDF and Word answer 413 with a message; Markdown still exports it", async () => {
    const client = await seedClient(server.ctx.db.sql, userId, "Marathon Client");
    const id = await seedProcessedMeeting(server.ctx.db.sql, userId, client.id, {
      title: "Marathon",
      date: new Date(),
    });
    const text = "word ".repeat(60_001);
    await upsertTranscript(server.ctx.db.sql, {
      meetingId: id,
      fullText: text,
      segments: [{ start: 0, end: null, speaker: "Ann", text }],
    });
    for (const format of ["pdf", "docx"]) {
      const response = await get(`/api/meetings/${id}/export?format=${format}&transcript=1`);
      expect(response.status).toBe(413);
      expect((await response.json()).message).toContain("Export it as Markdown");
      // Without the transcript the file is made.
      expect((await get(`/api/meetings/${id}/export?format=${format}`)).status).toBe(200);
    }
    const markdown = await get(`/api/meetings/${id}/export?format=md&transcript=1`);
    expect(markdown.status).toBe(200);
    expect((await markdown.text()).length).toBeGreaterThan(300_000);
  }, 60_000);
});

describe("a one-hour transcript", () => {
  test("exports in every format, and the server keeps answering while the PDF is made", async () => {
    const vtt = buildLongTranscriptVtt(60);
    const segments = [...vtt.matchAll(/(\d\d):(\d\d):(\d\d)\.\d+ --> .*\n<v ([^>]+)>(.*)/g)].map((m) => ({
      start: Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]),
      end: null,
      speaker: m[4]!,
      text: m[5]!,
    }));
    expect(segments.length).toBeGreaterThan(250);
    const client = await seedClient(server.ctx.db.sql, userId, "Long Meeting Client");
    const id = await seedProcessedMeeting(server.ctx.db.sql, userId, client.id, {
      title: "One hour review",
      date: new Date("2026-03-11T12:00:00Z"),
    });
    await upsertTranscript(server.ctx.db.sql, {
      meetingId: id,
      fullText: segments.map((s) => `${s.speaker}: ${s.text}`).join("\n"),
      segments,
    });
    const timings: Record<string, number> = {};
    for (const format of ["md", "docx", "pdf"]) {
      const started = performance.now();
      const response = await get(`/api/meetings/${id}/export?format=${format}&transcript=1`);
      const bytes = await response.arrayBuffer();
      timings[format] = Math.round(performance.now() - started);
      expect(response.status).toBe(200);
      expect(bytes.byteLength).toBeGreaterThan(10_000);
      if (format === "pdf") expect(await pdfText(bytes)).toContain(segments.at(-1)!.text.slice(0, 40));
    }
    // While a PDF is being made, other requests are answered between its slices.
    let exportDone = false;
    const exporting = get(`/api/meetings/${id}/export?format=pdf&transcript=1`)
      .then((r) => r.arrayBuffer())
      .then(() => {
        exportDone = true;
      });
    const healthStarted = performance.now();
    const health = await server.fetch("/api/health");
    const healthMs = Math.round(performance.now() - healthStarted);
    expect(health.status).toBe(200);
    const answeredBeforeExportEnded = !exportDone;
    await exporting;
    console.log(
      `[export] one-hour transcript (${segments.length} turns): ms ${JSON.stringify(timings)}; /api/health during PDF export ${healthMs} ms (before export ended: ${answeredBeforeExportEnded})`,
    );
    expect(answeredBeforeExportEnded).toBe(true);
  }, 60_000);
});
