// Transcript files exported by the tools advisors use, uploaded through POST /api/meetings/upload and processed
// by the worker: the speakers and times survive the whole way, whatever the file's name or encoding.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { json, registerAndSignIn } from "./auth-helpers";
import { waitForMeetingStatus } from "./support/meeting-steps";
import { startTestServer, type TestServer, WITH_WORKER } from "./test-server";

let server: TestServer;
let cookie: string;
let clientId: number;

beforeAll(async () => {
  server = await startTestServer({ ...WITH_WORKER, OFFLINE_SPEECH: "off" });
  ({ cookie } = await registerAndSignIn(server));
  const response = await server.fetch("/api/clients", json({ name: "Feng Household", type: "Retirement" }, cookie));
  clientId = (await response.json()).id;
});
afterAll(async () => {
  await server.stop();
});

const OTTER = [
  "Harold Feng  0:03",
  "Thanks for making time. The pension office wants the election form back, and we meet them at 6:40.",
  "",
  "Amara Osei  0:15",
  "I'll send you the completed election form by Friday.",
  "",
  "Harold Feng  1:02",
  "Perfect. I'll sign it the same day.",
  "",
  "Transcribed by https://otter.ai",
  "",
].join("\n");

const REV = [
  "Amara Osei (00:00:02):",
  "Let's look at the trust funding checklist.",
  "",
  "Harold Feng (00:00:09):",
  "I'll retitle the brokerage account to the trust next week.",
  "",
].join("\n");

/** UTF-16 little-endian with its byte order mark, as Notepad saves "Unicode" text. */
function utf16le(text: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes.set([0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) {
    bytes[2 + i * 2] = text.charCodeAt(i) & 0xff;
    bytes[3 + i * 2] = text.charCodeAt(i) >> 8;
  }
  return bytes;
}

async function uploadAndProcess(body: BlobPart, filename: string, type: string) {
  const form = new FormData();
  form.set("meetingData", JSON.stringify({ title: filename, clientId, date: "2026-06-01T12:00:00Z" }));
  form.set("audioFile", new Blob([body], { type }), filename);
  const response = await server.fetch("/api/meetings/upload", { method: "POST", body: form, headers: { cookie } });
  expect(response.status).toBe(201);
  const meeting = await waitForMeetingStatus(server, cookie, (await response.json()).id, ["Processed", "Failed"]);
  expect(meeting.failureReason).toBeNull();
  return meeting as {
    transcript: {
      fullText: string;
      segments: { speaker: string | null; start: number | null; end: number | null; text: string }[];
    };
    summary: { actionItems: { task: string; assignee: string }[] };
  };
}

describe("uploading a tool's transcript export", () => {
  test("an Otter export keeps its speakers and times; the footer is not speech", async () => {
    const meeting = await uploadAndProcess(OTTER, "feng-otter.txt", "text/plain");
    expect(meeting.transcript.segments.map((s) => [s.speaker, s.start])).toEqual([
      ["Harold Feng", 3],
      ["Amara Osei", 15],
      ["Harold Feng", 62],
    ]);
    expect(meeting.transcript.fullText).not.toContain("0:15");
    expect(meeting.transcript.fullText).not.toContain("otter.ai");
    const form = meeting.summary.actionItems.find((item) => /election form/i.test(item.task));
    expect(form?.assignee).toBe("Amara Osei");
  });

  test("a Rev export saved as UTF-16 under a .vtt name is read from its content", async () => {
    const meeting = await uploadAndProcess(utf16le(REV), "trust-funding.vtt", "text/vtt");
    expect(meeting.transcript.segments).toEqual([
      { start: 2, end: 9, speaker: "Amara Osei", text: "Let's look at the trust funding checklist." },
      {
        start: 9,
        end: null,
        speaker: "Harold Feng",
        text: "I'll retitle the brokerage account to the trust next week.",
      },
    ]);
  });
});
