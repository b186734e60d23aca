// What a page does after a reload with recordings kept on the device (web/src/components/recorder/
// resume-recordings.ts), against the real server: one cut off while recording is stopped where it was cut and sent
// whole; one stopped and half sent before the reload sends only the rest, to the same upload, from HEAD's offset.
import "fake-indexeddb/auto";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { hasSystemTools } from "@cm/ai/test-support/system-tools";
import { ChunkStore, type StoredRecording } from "../../web/src/components/recorder/chunk-store";
import type { UploadStatus } from "../../web/src/components/recorder/recording-upload";
import { resumeRecordings } from "../../web/src/components/recorder/resume-recordings";
import { createUpload, patchUpload, recordingData } from "./support/tus-steps";
import {
  countsOf,
  piecesOf,
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
let wav: Uint8Array<ArrayBuffer>;
let dbCount = 0;
const cleanups: (() => void)[] = [];

function recording(clientId: number, fields: Partial<StoredRecording>): StoredRecording {
  return {
    id: "cut",
    title: "Review with Dana",
    metadata: {
      filename: "recording.wav",
      filetype: "audio/wav",
      meetingData: JSON.stringify(recordingData(clientId)),
    },
    uploadUrl: null,
    state: "recording",
    totalBytes: 0,
    ackedBytes: 0,
    durationMs: 0,
    createdAt: "2026-03-03T10:02:00.000Z",
    ...fields,
  };
}

/** A device's store holding the recording and its chunks, as the tab left them. */
async function storeWith(rec: StoredRecording, chunks: Uint8Array<ArrayBuffer>[]) {
  const store = await ChunkStore.open(indexedDB, `web-resume-${++dbCount}`);
  cleanups.push(() => store.close());
  await store.putRecording(rec);
  for (const [seq, bytes] of chunks.entries()) await store.appendChunk(rec.id, seq, bytes.buffer, 4000 * (seq + 1));
  return store;
}

async function resume(store: ChunkStore, stack: SameOriginStack) {
  const statuses: UploadStatus[] = [];
  const found: [string, string, boolean][] = [];
  const stop = await resumeRecordings(store, {
    onFound: (r, cutOff) => found.push([r.id, r.state, cutOff]),
    onStatus: (_id, status) => statuses.push(status),
    onAcknowledged: () => {},
    httpStack: stack,
  });
  cleanups.push(stop);
  await until(() => statuses.some((s) => s.kind === "finished"), 30_000, "the meeting");
  return { statuses, found, meetingId: (statuses.at(-1) as { meetingId: number }).meetingId };
}

describe.skipIf(!tools)("recordings resumed after a reload, against the server", () => {
  beforeAll(async () => {
    wav = await spokenWav();
    server = await startTestServer(SPEECH);
  }, 60_000);
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });
  afterAll(async () => {
    await server?.stop();
  });

  test("a recording cut off by a reload is stopped where it was cut and sent whole: its meeting is made", async () => {
    const user = await signedInWithClient(server, "webresume");
    const store = await storeWith(recording(user.clientId, { id: "cut" }), piecesOf(wav, 2));
    const stack = new SameOriginStack(server.url, user.cookie);
    const { statuses, found, meetingId } = await resume(store, stack);
    expect(found).toEqual([["cut", "stopped", true]]);
    expect(statuses.at(-1)).toEqual({ kind: "finished", meetingId });
    expect(Buffer.from(await storedAudio(server, meetingId)).equals(Buffer.from(wav))).toBe(true);
    expect(await store.listRecordings()).toEqual([]);
    expect(await countsOf(server, user.id)).toEqual({ meetings: 1, uploads: 1 });
  }, 60_000);

  test("a stopped recording half sent before the reload sends only the rest, to the same upload", async () => {
    const user = await signedInWithClient(server, "webresume");
    const [head, rest] = piecesOf(wav, 2) as [Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>];
    // The tab before the reload made the upload and sent the first chunk.
    const created = await createUpload(server, user.cookie, recordingData(user.clientId), undefined);
    const location = created.headers.get("location")!;
    expect((await patchUpload(server, user.cookie, location, 0, head)).status).toBe(204);
    const store = await storeWith(recording(user.clientId, { id: "half", state: "stopped", uploadUrl: location }), [
      head,
      rest,
    ]);
    await store.acknowledge("half", head.length);
    const stack = new SameOriginStack(server.url, user.cookie);
    const { found, meetingId } = await resume(store, stack);
    expect(found).toEqual([["half", "stopped", false]]);
    expect(stack.log).toEqual(["HEAD", `PATCH ${head.length}`]);
    expect(Buffer.from(await storedAudio(server, meetingId)).equals(Buffer.from(wav))).toBe(true);
    expect(await countsOf(server, user.id)).toEqual({ meetings: 1, uploads: 1 });
  }, 60_000);
});
