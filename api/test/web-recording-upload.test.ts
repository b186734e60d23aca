// The browser's recording upload (web/src/components/recorder/: chunk store over IndexedDB, the session that writes
// chunks, the tus runner) against the real server through a loopback proxy that cuts the network: chunks sent while
// recording and dropped once acknowledged, Stop's final length making the meeting, the network down and back, a
// connection dropped in the middle of a PATCH, a reload resuming from HEAD's offset, a finished upload asked again.
// IndexedDB is fake-indexeddb (the spec in JS); HTTP is tus-js-client's own Node stack (support/web-uploads.ts).
import "fake-indexeddb/auto";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { hasSystemTools } from "@cm/ai/test-support/system-tools";
import { ChunkStore } from "../../web/src/components/recorder/chunk-store";
import { RecordingSession } from "../../web/src/components/recorder/recording-session";
import { RecordingFeed } from "../../web/src/components/recorder/recording-source";
import type { UploadStatus } from "../../web/src/components/recorder/recording-upload";
import { startTcpProxy, type TcpProxy } from "./support/tcp-proxy";
import { headUpload, recordingData } from "./support/tus-steps";
import {
  countsOf,
  partialBytes,
  piecesOf,
  signedInWithClient,
  spokenWav,
  startRecordingRunner,
  storedAudio,
  until,
} from "./support/web-uploads";
import { startTestServer, type TestServer } from "./test-server";

const tools = hasSystemTools(["flite", "ffmpeg", "ffprobe"]);
const SPEECH = { SPEECH_BASE_URL: "http://127.0.0.1:9/v1" };

let server: TestServer;
let proxy: TcpProxy;
let wav: Uint8Array<ArrayBuffer>;
let dbCount = 0;
const cleanups: (() => void)[] = [];

async function setUp() {
  const user = await signedInWithClient(server, "webrec");
  const store = await ChunkStore.open(indexedDB, `web-recording-upload-${++dbCount}`);
  cleanups.push(() => store.close());
  const feed = new RecordingFeed();
  const metadata = {
    filename: "recording.wav",
    filetype: "audio/wav",
    meetingData: JSON.stringify(recordingData(user.clientId)),
  };
  const session = await RecordingSession.begin(store, { id: "rec", title: "Review", metadata }, feed);
  return { user, store, feed, session };
}

type SetUp = Awaited<ReturnType<typeof setUp>>;

const start = (setup: SetUp) => startRecordingRunner(setup, `http://127.0.0.1:${proxy.port}`, cleanups);

const finishedIn = (statuses: UploadStatus[]) => statuses.find((s) => s.kind === "finished");
const acknowledged = async (setup: SetUp, bytes: number) =>
  (await setup.store.getRecording("rec"))?.ackedBytes === bytes;

describe.skipIf(!tools)("the browser's recording upload against the server", () => {
  beforeAll(async () => {
    wav = await spokenWav();
    server = await startTestServer(SPEECH);
    proxy = startTcpProxy({ host: "127.0.0.1", port: Number(new URL(server.url).port) });
  }, 60_000);
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
    proxy.restore();
  });
  afterAll(async () => {
    proxy?.stop();
    await server?.stop();
  });

  test("chunks go up while recording, each is dropped once acknowledged, and Stop's final length makes the meeting", async () => {
    const setup = await setUp();
    const pieces = piecesOf(wav, 4);
    const { statuses } = start(setup);
    await setup.session.write(new Blob([pieces[0]!]), 4000);
    await until(() => acknowledged(setup, pieces[0]!.length), 20_000, "the first chunk acknowledged");
    await until(async () => (await setup.store.readChunks("rec")).length === 0, 5000, "the chunk dropped");
    // While recording the server has the bytes so far and no length yet.
    const url = (await setup.store.getRecording("rec"))!.uploadUrl!;
    const head = await headUpload(server, setup.user.cookie, url);
    expect(head.headers.get("upload-defer-length")).toBe("1");
    expect(head.headers.get("upload-offset")).toBe(String(pieces[0]!.length));
    for (const [n, piece] of pieces.slice(1).entries()) await setup.session.write(new Blob([piece]), 8000 + 4000 * n);
    await setup.session.finish(16_500);
    await until(() => finishedIn(statuses) !== undefined, 30_000, "the meeting");
    const finished = finishedIn(statuses) as { kind: "finished"; meetingId: number };
    expect(finished.meetingId).toBeGreaterThan(0);
    expect(Buffer.from(await storedAudio(server, finished.meetingId)).equals(Buffer.from(wav))).toBe(true);
    const meeting = await (
      await server.fetch(`/api/meetings/${finished.meetingId}`, { headers: { cookie: setup.user.cookie } })
    ).json();
    expect(meeting.source).toBe("recording");
    expect(meeting.consent.method).toBe("spoken");
    expect(await setup.store.getRecording("rec")).toBeUndefined();
    expect(await countsOf(server, setup.user.id)).toEqual({ meetings: 1, uploads: 1 });
  }, 60_000);

  test("with the network down the chunks stay on the device and restarts keep saying offline; back, it resumes from HEAD", async () => {
    const setup = await setUp();
    const pieces = piecesOf(wav, 4);
    const { statuses, stack } = start(setup);
    await setup.session.write(new Blob([pieces[0]!]), 4000);
    await until(() => acknowledged(setup, pieces[0]!.length), 20_000, "the first chunk acknowledged");
    proxy.cut();
    await setup.session.write(new Blob([pieces[1]!]), 8000);
    await setup.session.write(new Blob([pieces[2]!]), 12000);
    await until(() => statuses.some((s) => s.kind === "offline"), 20_000, "offline");
    const wentOffline = statuses.findIndex((s) => s.kind === "offline");
    expect((await setup.store.readChunks("rec")).map((c) => c.seq)).toEqual([1, 2]);
    // Several restarts (every 100 ms, each with its retries) while it stays down: none says it is sending.
    const headsBefore = stack.log.filter((line) => line === "HEAD").length;
    await until(() => stack.log.filter((line) => line === "HEAD").length >= headsBefore + 3, 20_000, "restarts");
    expect(new Set(statuses.slice(wentOffline).map((s) => s.kind))).toEqual(new Set(["offline"]));
    const sentBeforeRestore = stack.log.length;
    proxy.restore();
    await until(() => statuses.at(-1)?.kind === "sending", 20_000, "sending again");
    await setup.session.write(new Blob([pieces[3]!]), 16000);
    await setup.session.finish(16_500);
    await until(() => finishedIn(statuses) !== undefined, 30_000, "the meeting");
    const { meetingId } = finishedIn(statuses) as { kind: "finished"; meetingId: number };
    expect(Buffer.from(await storedAudio(server, meetingId)).equals(Buffer.from(wav))).toBe(true);
    // Resumed where the server was: asked (HEAD), then sent from the first chunk's end; still the one upload.
    const afterRestore = stack.log.slice(sentBeforeRestore);
    expect(afterRestore.find((line) => line.startsWith("PATCH"))).toBe(`PATCH ${pieces[0]!.length}`);
    expect(stack.log).toContain("HEAD");
    expect(await countsOf(server, setup.user.id)).toEqual({ meetings: 1, uploads: 1 });
  }, 90_000);

  test("a connection dropped in the middle of a PATCH resumes inside the chunk, at the server's offset", async () => {
    const setup = await setUp();
    const { statuses, stack } = start(setup);
    // The upload is created before the first chunk; then the proxy lets a few KB of the next request through and
    // holds the rest. Once the server has written some of it, the connection drops.
    await until(async () => (await setup.store.getRecording("rec"))?.uploadUrl != null, 20_000, "the upload made");
    const { uploadUrl } = (await setup.store.getRecording("rec"))!;
    proxy.holdAfter(8 * 1024);
    await setup.session.write(new Blob([wav]), 8000);
    await setup.session.finish(8000);
    await until(async () => (await partialBytes(server, uploadUrl!)) > 0, 20_000, "part of the PATCH on disk");
    proxy.dropConnections();
    await until(() => finishedIn(statuses) !== undefined, 30_000, "the meeting");
    const { meetingId } = finishedIn(statuses) as { kind: "finished"; meetingId: number };
    expect(stack.patchOffsets()[0]).toBe(0);
    expect(stack.patchOffsets().some((offset) => offset > 0 && offset < wav.length)).toBe(true);
    expect(stack.log).toContain("HEAD");
    expect(Buffer.from(await storedAudio(server, meetingId)).equals(Buffer.from(wav))).toBe(true);
    expect(await countsOf(server, setup.user.id)).toEqual({ meetings: 1, uploads: 1 });
  }, 60_000);

  test("after a reload a new runner takes the stored upload address and sends only what the server lacks", async () => {
    const setup = await setUp();
    const pieces = piecesOf(wav, 3);
    const first = start(setup);
    await setup.session.write(new Blob([pieces[0]!]), 4000);
    await until(() => acknowledged(setup, pieces[0]!.length), 20_000, "the first chunk acknowledged");
    // The tab goes: its upload stops; two more chunks were kept but never sent.
    first.runner.stop();
    await setup.session.write(new Blob([pieces[1]!]), 8000);
    await setup.session.write(new Blob([pieces[2]!]), 12000);
    await setup.session.finish(12000);
    const second = start(setup);
    await until(() => finishedIn(second.statuses) !== undefined, 30_000, "the meeting");
    const { meetingId } = finishedIn(second.statuses) as { kind: "finished"; meetingId: number };
    expect(second.stack.log).toEqual(["HEAD", `PATCH ${pieces[0]!.length}`]);
    expect(Buffer.from(await storedAudio(server, meetingId)).equals(Buffer.from(wav))).toBe(true);
    expect(await countsOf(server, setup.user.id)).toEqual({ meetings: 1, uploads: 1 });
  }, 60_000);

  test("a finished upload asked again (HEAD) answers with its meeting and makes no second one", async () => {
    const setup = await setUp();
    const first = start(setup);
    await setup.session.write(new Blob([wav]), 8000);
    await until(async () => (await setup.store.getRecording("rec"))?.uploadUrl != null, 20_000, "the upload made");
    const { uploadUrl } = (await setup.store.getRecording("rec"))!;
    await setup.session.finish(8000);
    await until(() => finishedIn(first.statuses) !== undefined, 30_000, "the meeting");
    const made = finishedIn(first.statuses) as { kind: "finished"; meetingId: number };
    // The tab died before it forgot the recording: it is found again with its address.
    await setup.store.putRecording({
      id: "rec",
      title: "Review",
      metadata: {},
      uploadUrl,
      state: "stopped",
      totalBytes: wav.length,
      ackedBytes: wav.length,
      durationMs: 8000,
      createdAt: new Date().toISOString(),
    });
    const again = start(setup);
    await until(() => finishedIn(again.statuses) !== undefined, 20_000, "the meeting again");
    expect(finishedIn(again.statuses)).toEqual({ kind: "finished", meetingId: made.meetingId });
    expect(again.stack.log).toEqual(["HEAD"]);
    expect(await countsOf(server, setup.user.id)).toEqual({ meetings: 1, uploads: 1 });
  }, 60_000);
});
