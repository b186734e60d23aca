// The Upload dialog's resumable route (web/src/components/meetings/send-meeting-file.ts, sendWithTus) against the
// real server through a loopback proxy: the file's length and metadata declared, progress to the end and the meeting
// made; a connection dropped in the middle of the PATCH resumed from the server's offset; refusals read like the
// multipart upload's errors. (Which route a file takes is pure logic: web's send-meeting-file.test.ts.)
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { hasSystemTools } from "@cm/ai/test-support/system-tools";
import { sendWithTus } from "../../web/src/components/meetings/send-meeting-file";
import { uploadErrorMessage } from "../../web/src/components/meetings/upload-errors";
import { startTcpProxy, type TcpProxy } from "./support/tcp-proxy";
import {
  countsOf,
  partialBytes,
  SameOriginStack,
  signedInWithClient,
  spokenWav,
  storedAudio,
  until,
} from "./support/web-uploads";
import { startTestServer, type TestServer } from "./test-server";

const tools = hasSystemTools(["flite", "ffmpeg", "ffprobe"]);
const SPEECH = { SPEECH_BASE_URL: "http://127.0.0.1:9/v1" };

let server: TestServer;
let proxy: TcpProxy;
let wav: Uint8Array<ArrayBuffer>;

const meetingData = (clientId: number) => ({
  title: "Call with Dana",
  clientId,
  date: "2026-05-04T10:00:00Z",
  type: "Meeting",
  timeKnown: true,
  consent: { method: "written", confirmedAt: "2026-05-04T09:59:00Z" },
});

async function uploadRow(userId: number) {
  const rows = await server.ctx.db.sql<
    { id: string; upload_length: string; filename: string; filetype: string; meeting_data: string }[]
  >`select id, upload_length, filename, filetype, meeting_data from resumable_uploads where user_id = ${userId}`;
  return rows;
}

describe.skipIf(!tools)("the Upload dialog's resumable upload against the server", () => {
  beforeAll(async () => {
    wav = await spokenWav();
    server = await startTestServer(SPEECH);
    proxy = startTcpProxy({ host: "127.0.0.1", port: Number(new URL(server.url).port) });
  }, 60_000);
  afterEach(() => proxy.dropConnections());
  afterAll(async () => {
    proxy?.stop();
    await server?.stop();
  });

  test("a file sent through tus declares its length and metadata, reports progress and ends with the meeting's id", async () => {
    const user = await signedInWithClient(server, "webfile");
    const stack = new SameOriginStack(`http://127.0.0.1:${proxy.port}`, user.cookie);
    const file = new File([wav], "call.wav", { type: "audio/wav" });
    const progress: number[] = [];
    const answer = await sendWithTus(file, meetingData(user.clientId), (f) => progress.push(f), stack);
    expect(answer.meetingId).toBeGreaterThan(0);
    expect(stack.log).toEqual(["POST", "PATCH 0"]);
    const [row] = await uploadRow(user.id);
    expect(Number(row!.upload_length)).toBe(wav.length);
    expect(row!.filename).toBe("call.wav");
    expect(row!.filetype).toBe("audio/wav");
    expect(JSON.parse(row!.meeting_data)).toEqual(meetingData(user.clientId));
    expect(progress.at(-1)).toBe(1);
    expect(Buffer.from(await storedAudio(server, answer.meetingId!)).equals(Buffer.from(wav))).toBe(true);
    const meeting = await (
      await server.fetch(`/api/meetings/${answer.meetingId}`, { headers: { cookie: user.cookie } })
    ).json();
    expect(meeting.title).toBe("Call with Dana");
    expect(meeting.consent.method).toBe("written");
  }, 60_000);

  test("a connection dropped in the middle of the PATCH resumes from the server's offset instead of starting over", async () => {
    const user = await signedInWithClient(server, "webfile");
    const stack = new SameOriginStack(`http://127.0.0.1:${proxy.port}`, user.cookie);
    const file = new File([wav], "call.wav", { type: "audio/wav" });
    // The creation goes through, then some KB of the PATCH; the rest is held until the connection drops.
    proxy.holdAfter(24 * 1024);
    const sending = sendWithTus(file, meetingData(user.clientId), () => {}, stack);
    await until(
      async () => {
        const [row] = await uploadRow(user.id);
        return row !== undefined && (await partialBytes(server, row.id)) > 0;
      },
      20_000,
      "part of the PATCH on disk",
    );
    proxy.dropConnections();
    const answer = await sending;
    expect(answer.meetingId).toBeGreaterThan(0);
    expect(stack.log.slice(0, 3)).toEqual(["POST", "PATCH 0", "HEAD"]);
    expect(stack.log.filter((line) => line === "POST")).toHaveLength(1);
    expect(stack.patchOffsets().some((offset) => offset > 0 && offset < wav.length)).toBe(true);
    expect(Buffer.from(await storedAudio(server, answer.meetingId!)).equals(Buffer.from(wav))).toBe(true);
    expect(await countsOf(server, user.id)).toEqual({ meetings: 1, uploads: 1 });
  }, 60_000);

  test("refusals read like the multipart upload's errors, for the spec's toasts", async () => {
    const user = await signedInWithClient(server, "webfile");
    const stack = new SameOriginStack(`http://127.0.0.1:${proxy.port}`, user.cookie);
    // Not audio: refused once its last byte is in.
    const picture = new Uint8Array(16 * 1024);
    picture.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const image = new File([picture], "slides.png", { type: "image/png" });
    await expect(sendWithTus(image, meetingData(user.clientId), () => {}, stack)).rejects.toThrow(
      '415: {"message":"unsupported file format',
    );
    // Another account's client: refused at creation, naming the field.
    const file = new File([wav], "call.wav", { type: "audio/wav" });
    await expect(sendWithTus(file, meetingData(user.clientId + 1000), () => {}, stack)).rejects.toThrow(
      '400: {"message":"validation failed: clientId: no such client"',
    );
    expect((await countsOf(server, user.id)).meetings).toBe(0);
  }, 60_000);

  test("the dialog shows the server's reason for a refusal the spec names no text for, on either route", async () => {
    const user = await signedInWithClient(server, "webfile");
    const stack = new SameOriginStack(`http://127.0.0.1:${proxy.port}`, user.cookie);
    // The resumable route: another account's client.
    const file = new File([wav], "call.wav", { type: "audio/wav" });
    const tus = await sendWithTus(file, meetingData(user.clientId + 1000), () => {}, stack).catch((e: Error) => e);
    expect(uploadErrorMessage((tus as Error).message)).toBe("clientId: no such client.");
    // The multipart route (its error made as upload-request.ts makes it): an empty file.
    const form = new FormData();
    form.append("meetingData", JSON.stringify(meetingData(user.clientId)));
    form.append("audioFile", new File([], "empty.wav", { type: "audio/wav" }));
    const answer = await server.fetch("/api/meetings/upload", {
      method: "POST",
      headers: { cookie: user.cookie },
      body: form,
    });
    expect(uploadErrorMessage(`${answer.status}: ${await answer.text()}`)).toBe("The file is empty.");
    expect((await countsOf(server, user.id)).meetings).toBe(0);
  }, 60_000);
});
