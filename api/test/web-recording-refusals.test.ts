// The browser's recording upload (web/src/components/recorder/recording-upload.ts) when the server says no, against
// the real server: an upload the server no longer has and a content it refuses are final (kept with the recording
// for the advisor, never sent again); a 503 (from the loopback proxy, as a reverse proxy answers while the app
// cannot take requests) and the server's 429 for a spent daily processing allowance are "waiting", not "offline".
import "fake-indexeddb/auto";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { hasSystemTools } from "@cm/ai/test-support/system-tools";
import { ChunkStore } from "../../web/src/components/recorder/chunk-store";
import { RecordingSession } from "../../web/src/components/recorder/recording-session";
import { RecordingFeed } from "../../web/src/components/recorder/recording-source";
import type { UploadStatus } from "../../web/src/components/recorder/recording-upload";
import { startTcpProxy, type TcpProxy } from "./support/tcp-proxy";
import { headUpload, recordingData, TUS } from "./support/tus-steps";
import {
  countsOf,
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
/** The same server settings but a daily allowance of 3.6 s of audio: the spoken file does not fit the day. */
let allowance: TestServer;
let proxy: TcpProxy;
let wav: Uint8Array<ArrayBuffer>;
let dbCount = 0;
const cleanups: (() => void)[] = [];

async function setUp(on: TestServer, origin: string) {
  const user = await signedInWithClient(on, "webrefuse");
  const store = await ChunkStore.open(indexedDB, `web-recording-refusals-${++dbCount}`);
  cleanups.push(() => store.close());
  const feed = new RecordingFeed();
  const metadata = {
    filename: "recording.wav",
    filetype: "audio/wav",
    meetingData: JSON.stringify(recordingData(user.clientId)),
  };
  const session = await RecordingSession.begin(store, { id: "rec", title: "Review", metadata }, feed);
  return { user, store, feed, session, origin };
}

type SetUp = Awaited<ReturnType<typeof setUp>>;

const start = (setup: SetUp) => startRecordingRunner(setup, setup.origin, cleanups);

const proxied = () => `http://127.0.0.1:${proxy.port}`;
const failedIn = (statuses: UploadStatus[]) => statuses.find((s) => s.kind === "failed");

describe.skipIf(!tools)("the browser's recording upload when the server refuses it", () => {
  beforeAll(async () => {
    wav = await spokenWav();
    server = await startTestServer(SPEECH);
    allowance = await startTestServer({ ...SPEECH, PROCESSING_HOURS_PER_DAY: "0.001" });
    proxy = startTcpProxy({ host: "127.0.0.1", port: Number(new URL(server.url).port) });
  }, 60_000);
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
    proxy.busy(null);
  });
  afterAll(async () => {
    proxy?.stop();
    await server?.stop();
    await allowance?.stop();
  });

  test("an upload the server no longer has is not made again from what is left: the refusal is kept, nothing sent", async () => {
    const setup = await setUp(server, proxied());
    const first = start(setup);
    const piece = wav.slice(0, 64 * 1024);
    await setup.session.write(new Blob([piece]), 4000);
    await until(async () => (await setup.store.getRecording("rec"))?.ackedBytes === piece.length, 20_000, "acked");
    first.runner.stop();
    // The upload goes on the server (here deleted, as the sweep of abandoned ones would): its HEAD answers 404.
    const { uploadUrl } = (await setup.store.getRecording("rec"))!;
    const gone = await server.fetch(uploadUrl!, { method: "DELETE", headers: { ...TUS, cookie: setup.user.cookie } });
    expect(gone.status).toBe(204);
    const again = start(setup);
    await until(() => failedIn(again.statuses) !== undefined, 20_000, "the refusal");
    expect(again.statuses.at(-1)).toEqual({ kind: "failed", message: "the server no longer has this upload." });
    expect(again.stack.log).toEqual(["HEAD"]);
    await until(async () => (await setup.store.getRecording("rec"))?.refusal !== undefined, 5000, "refusal kept");
    // Found again after a reload: shown as refused, nothing sent.
    const third = start(setup);
    await until(() => failedIn(third.statuses) !== undefined, 5000, "the refusal again");
    expect(third.stack.log).toEqual([]);
    expect(await countsOf(server, setup.user.id)).toEqual({ meetings: 0, uploads: 0 });
  }, 60_000);

  test("a recording whose content the server refuses at its last byte (415) fails with the server's words, kept", async () => {
    const setup = await setUp(server, proxied());
    const { statuses, stack } = start(setup);
    // Not audio: a PNG's signature and zeros.
    const picture = new Uint8Array(16 * 1024);
    picture.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await setup.session.write(new Blob([picture]), 4000);
    await setup.session.finish(4000);
    await until(() => failedIn(statuses) !== undefined, 20_000, "the refusal");
    expect((failedIn(statuses) as { message: string }).message).toStartWith("unsupported file format");
    expect(statuses.some((s) => s.kind === "offline" || s.kind === "waiting")).toBe(false);
    const kept = await setup.store.getRecording("rec");
    expect(kept?.refusal).toStartWith("unsupported file format");
    // The server answers the same from now on; the device sends it no more.
    expect((await headUpload(server, setup.user.cookie, kept!.uploadUrl!)).status).toBe(415);
    const requests = stack.log.length;
    const again = start(setup);
    await until(() => failedIn(again.statuses) !== undefined, 5000, "the refusal again");
    expect(again.stack.log).toEqual([]);
    expect(stack.log.length).toBe(requests);
    expect((await countsOf(server, setup.user.id)).meetings).toBe(0);
  }, 60_000);

  test("a server that cannot take it yet (503 from the proxy in front) is asked again, and the page is told why", async () => {
    const setup = await setUp(server, proxied());
    proxy.busy("The server is busy.");
    const { statuses } = start(setup);
    await setup.session.write(new Blob([wav]), 8000);
    await setup.session.finish(8000);
    await until(() => statuses.some((s) => s.kind === "waiting"), 20_000, "waiting");
    expect(statuses).toContainEqual({ kind: "waiting", message: "The server is busy." });
    // Several tries meet the 503 before the app behind the proxy takes requests again.
    await until(() => proxy.answered >= 3, 20_000, "retries");
    proxy.busy(null);
    await until(() => statuses.some((s) => s.kind === "finished"), 30_000, "the meeting");
    expect(statuses.some((s) => s.kind === "offline")).toBe(false);
    const { meetingId } = statuses.find((s) => s.kind === "finished") as { kind: "finished"; meetingId: number };
    expect(Buffer.from(await storedAudio(server, meetingId)).equals(Buffer.from(wav))).toBe(true);
    expect(await countsOf(server, setup.user.id)).toEqual({ meetings: 1, uploads: 1 });
  }, 60_000);

  test("past the daily allowance (429) the recording waits with the server's words: kept, not refused", async () => {
    const setup = await setUp(allowance, allowance.url);
    const { statuses, runner } = start(setup);
    await setup.session.write(new Blob([wav]), 8000);
    await setup.session.finish(8000);
    await until(() => statuses.some((s) => s.kind === "waiting"), 30_000, "waiting");
    runner.stop();
    const waiting = statuses.find((s) => s.kind === "waiting") as { kind: "waiting"; message: string };
    expect(waiting.message).toStartWith("Daily processing limit reached");
    expect(statuses.some((s) => s.kind === "offline" || s.kind === "failed")).toBe(false);
    const kept = await setup.store.getRecording("rec");
    expect(kept?.refusal).toBeUndefined();
    // Its chunks stay on the device until the server takes the recording (its 429 acknowledged nothing).
    expect((await setup.store.readChunks("rec")).length).toBe(1);
    // The server holds the whole file for a later try, without a meeting yet.
    const head = await headUpload(allowance, setup.user.cookie, kept!.uploadUrl!);
    expect(head.headers.get("upload-offset")).toBe(String(wav.length));
    expect(head.headers.has("meeting-id")).toBe(false);
    expect(await countsOf(allowance, setup.user.id)).toEqual({ meetings: 0, uploads: 1 });
  }, 60_000);
});
