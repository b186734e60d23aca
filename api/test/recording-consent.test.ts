// Recording consent (issue 29): the multipart upload accepts the optional `consent` (and `source`) in meetingData and
// stores it with the signed-in user as who confirmed; GET /api/meetings/{id} answers it; every export says it.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import JSZip from "jszip";
import { extractText, getDocumentProxy } from "unpdf";
import { json, registerAndSignIn } from "./auth-helpers";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let cookie: string;
let fullName: string;
let clientId: number;

beforeAll(async () => {
  server = await startTestServer();
  const signed = await registerAndSignIn(server);
  cookie = signed.cookie;
  fullName = signed.account.fullName;
  const created = await server.fetch("/api/clients", json({ name: "Hendricks Family Trust", type: "Trust" }, cookie));
  clientId = (await created.json()).id;
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const TRANSCRIPT = "Morgan: Everyone here agreed to be recorded.\nClaire: Yes, we did.\n";

function uploadTranscript(meetingData: Record<string, unknown>) {
  const form = new FormData();
  form.set(
    "meetingData",
    JSON.stringify({ title: "Estate review", clientId, date: "2026-05-04T12:00:00Z", ...meetingData }),
  );
  form.set("audioFile", new Blob([TRANSCRIPT], { type: "text/plain" }), "review.txt");
  return server.fetch("/api/meetings/upload", { method: "POST", body: form, headers: { cookie } });
}

const WRITTEN = { method: "written", note: "Signed consent form on file", confirmedAt: "2026-05-04T09:59:00Z" };

describe("consent on the multipart upload", () => {
  test("stored with the signed-in user as who confirmed (never the client's word), and answered by GET", async () => {
    const response = await uploadTranscript({ consent: { ...WRITTEN, confirmedBy: "Mallory" } });
    expect(response.status).toBe(201);
    const created = await response.json();
    expect(created.consent).toEqual({ ...WRITTEN, confirmedAt: "2026-05-04T09:59:00.000Z", confirmedBy: fullName });
    expect(created.source).toBe("upload");
    const read = await (await server.fetch(`/api/meetings/${created.id}`, { headers: { cookie } })).json();
    expect(read.consent.confirmedBy).toBe(fullName);
    expect(read.consent.method).toBe("written");
  });

  test("without consent the spec's payload works unchanged: consent null", async () => {
    const response = await uploadTranscript({});
    expect(response.status).toBe(201);
    const created = await response.json();
    expect(created.consent).toBeNull();
    expect(created.source).toBe("upload");
  });

  test("invalid consent answers 400 naming the field; a recording without it is refused", async () => {
    const bad = await uploadTranscript({ consent: { method: "wink", confirmedAt: "2026-05-04T09:59:00Z" } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe("validation failed: consent.method must be spoken, written or note");
    const recording = await uploadTranscript({ source: "recording" });
    expect(recording.status).toBe(400);
    expect((await recording.json()).message).toBe(
      "validation failed: consent: confirm that everyone present agreed to be recorded",
    );
    const list = await (await server.fetch("/api/meetings", { headers: { cookie } })).json();
    expect(list.every((m: { title: string }) => m.title === "Estate review")).toBe(true);
  });
});

async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

async function docxText(bytes: ArrayBuffer): Promise<string> {
  const xml = await (await JSZip.loadAsync(bytes)).file("word/document.xml")!.async("string");
  return [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]!).join("");
}

describe("consent in every export", () => {
  test("Markdown, Word and PDF carry the consent line, or say none was recorded", async () => {
    const withConsent = (
      await (await uploadTranscript({ consent: { ...WRITTEN, method: "spoken", note: null } })).json()
    ).id;
    const without = (await (await uploadTranscript({})).json()).id;
    // No worker runs here: the meetings are marked processed, as the worker would leave them.
    await server.ctx.db
      .sql`update meetings set status = 'Processed' where id in ${server.ctx.db.sql([withConsent, without])}`;
    const line = `Consent to record: confirmed by ${fullName} on May 4, 2026 at 09:59 UTC (spoken).`;
    const read = async (id: number, format: string) => {
      const response = await server.fetch(`/api/meetings/${id}/export?format=${format}`, { headers: { cookie } });
      expect(response.status).toBe(200);
      const bytes = await response.arrayBuffer();
      if (format === "pdf") return pdfText(bytes);
      if (format === "docx") return docxText(bytes);
      return new TextDecoder().decode(bytes);
    };
    for (const format of ["md", "docx", "pdf"]) {
      expect(await read(withConsent, format)).toContain(line);
      expect(await read(without, format)).toContain("Consent to record: not recorded in Clearminute.");
    }
  });
});
