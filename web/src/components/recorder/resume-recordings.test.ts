import "fake-indexeddb/auto";
import { afterEach, expect, test } from "bun:test";
import { FakeTusServer } from "../../../test/fake-tus-server";
import { ChunkStore, type StoredRecording } from "./chunk-store";
import { pendingLine, waitingText } from "./pending-recordings-banner";
import type { UploadStatus } from "./recording-upload";
import { resumeRecordings } from "./resume-recordings";

let dbCount = 0;
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function recording(fields: Partial<StoredRecording> = {}): StoredRecording {
  return {
    id: "cut",
    title: "Review with Dana",
    metadata: { filename: "a.webm", meetingData: "{}" },
    uploadUrl: null,
    state: "recording",
    totalBytes: 0,
    ackedBytes: 0,
    durationMs: 0,
    createdAt: "2026-03-03T10:02:00.000Z",
    ...fields,
  };
}

async function storeWith(rec: StoredRecording, chunks: number[][]) {
  const store = await ChunkStore.open(indexedDB, `resume-test-${++dbCount}`);
  cleanups.push(() => store.close());
  await store.putRecording(rec);
  for (const [seq, bytes] of chunks.entries())
    await store.appendChunk(rec.id, seq, new Uint8Array(bytes).buffer, 4000 * (seq + 1));
  return store;
}

async function resume(store: ChunkStore, server: FakeTusServer) {
  const statuses: UploadStatus[] = [];
  const found: StoredRecording[] = [];
  const stop = await resumeRecordings(store, {
    onFound: (r) => found.push(r),
    onStatus: (_id, status) => statuses.push(status),
    onAcknowledged: () => {},
    httpStack: server,
  });
  cleanups.push(stop);
  const end = Date.now() + 3000;
  while (!statuses.some((s) => s.kind === "finished") && Date.now() < end) await Bun.sleep(5);
  return { statuses, found };
}

test("a recording cut off by a reload is stopped where it was cut and sent whole: its meeting is made", async () => {
  const store = await storeWith(recording(), [
    [1, 2, 3],
    [4, 5],
  ]);
  const server = new FakeTusServer();
  const { statuses, found } = await resume(store, server);
  expect(found.map((r) => [r.id, r.state])).toEqual([["cut", "stopped"]]);
  expect(statuses.at(-1)).toEqual({ kind: "finished", meetingId: 101 });
  expect([...server.received()]).toEqual([1, 2, 3, 4, 5]);
  expect(await store.listRecordings()).toEqual([]);
});

test("a stopped recording half sent before the reload sends only the rest, to the same upload", async () => {
  const server = new FakeTusServer();
  server.uploads.set("u7", {
    offset: 3,
    length: null,
    bytes: [new Uint8Array([1, 2, 3])],
    metadata: "",
    meetingId: null,
  });
  const store = await storeWith(recording({ state: "stopped", uploadUrl: "/api/uploads/u7" }), [
    [1, 2, 3],
    [4, 5],
  ]);
  await store.acknowledge("cut", 3);
  const { statuses } = await resume(store, server);
  expect(statuses.at(-1)).toEqual({ kind: "finished", meetingId: 101 });
  expect([...server.received("u7")]).toEqual([1, 2, 3, 4, 5]);
  expect(server.log).toEqual(["HEAD", "PATCH 3"]);
});

test("what the banner says: how much audio waits, that it is saved here, and the network", () => {
  const rec = recording({ totalBytes: 1000, ackedBytes: 500, durationMs: 4 * 60000 });
  expect(waitingText(rec)).toBe("2 minutes of recording waiting to upload");
  expect(pendingLine({ recording: rec, status: { kind: "offline", message: "network" } })).toBe(
    'No connection. "Review with Dana": 2 minutes of recording waiting to upload. It is saved on this device and is sent when the connection is back.',
  );
  expect(pendingLine({ recording: rec, status: { kind: "sending" } })).toContain("It is saved on this device");
  expect(pendingLine({ recording: rec, status: null, cutOff: true })).toStartWith(
    "The recording stopped when its page was reloaded or closed; what was recorded is kept. ",
  );
  expect(pendingLine({ recording: rec, status: { kind: "finished", meetingId: 4 } })).toBe(
    '"Review with Dana" is uploaded and being processed.',
  );
});
