import "fake-indexeddb/auto";
import { afterEach, expect, test } from "bun:test";
import { ChunkStore } from "./chunk-store";
import { RecordingSession } from "./recording-session";
import { bytesBetween, RecordingFeed, recordingFileReader } from "./recording-source";

const stores: ChunkStore[] = [];
let dbCount = 0;
async function freshStore() {
  const store = await ChunkStore.open(indexedDB, `test-recordings-${++dbCount}`);
  stores.push(store);
  return store;
}
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
});

const bytes = (...values: number[]) => new Uint8Array(values).buffer;
const blob = (...values: number[]) => new Blob([new Uint8Array(values)]);
const text = async (value: Blob | null) => [...new Uint8Array(await (value ?? new Blob()).arrayBuffer())];

const META = { id: "r1", title: "Review", metadata: { filename: "a.webm" } };

test("chunks are kept in order with their byte offsets, and counted in the recording in the same write", async () => {
  const store = await freshStore();
  const session = await RecordingSession.begin(store, META, new RecordingFeed());
  // Written out of step (the second chunk's bytes arrive first): the order of capture still holds.
  await Promise.all([session.write(blob(1, 2, 3), 4000), session.write(blob(4, 5), 8000)]);
  const chunks = await store.readChunks("r1");
  expect(chunks.map((c) => [c.seq, c.start, c.bytes.byteLength])).toEqual([
    [0, 0, 3],
    [1, 3, 2],
  ]);
  expect(await store.getRecording("r1")).toMatchObject({ totalBytes: 5, durationMs: 8000, state: "recording" });
});

test("a chunk is removed only once the server acknowledged all of its bytes", async () => {
  const store = await freshStore();
  const session = await RecordingSession.begin(store, META, new RecordingFeed());
  await session.write(blob(1, 2, 3), 4000);
  await session.write(blob(4, 5, 6), 8000);
  await store.acknowledge("r1", 4); // the first chunk whole, the second in part
  expect((await store.readChunks("r1")).map((c) => c.seq)).toEqual([1]);
  expect((await store.getRecording("r1"))?.ackedBytes).toBe(4);
  await store.acknowledge("r1", 2); // an older answer arriving late changes nothing
  expect((await store.getRecording("r1"))?.ackedBytes).toBe(4);
  await store.acknowledge("r1", 6);
  expect(await store.readChunks("r1")).toEqual([]);
});

test("a recording's row and chunks outlive the page: a new connection to the database finds them", async () => {
  const first = await freshStore();
  const session = await RecordingSession.begin(first, META, new RecordingFeed());
  await session.write(blob(7, 8), 4000);
  first.close();
  const again = await ChunkStore.open(indexedDB, `test-recordings-${dbCount}`);
  stores.push(again);
  expect((await again.listRecordings()).map((r) => r.id)).toEqual(["r1"]);
  expect(await text(bytesBetween(await again.readChunks("r1"), 0, 2))).toEqual([7, 8]);
  await again.deleteRecording("r1");
  expect(await again.listRecordings()).toEqual([]);
  expect(await again.readChunks("r1")).toEqual([]);
});

test("a range reads only the chunks holding its bytes", async () => {
  const store = await freshStore();
  const session = await RecordingSession.begin(store, META, new RecordingFeed());
  for (const [i, values] of [[1, 2, 3], [4, 5, 6], [7, 8, 9], [10]].entries()) await session.write(blob(...values), i);
  const seqs = async (start: number, end: number) => (await store.readRange("r1", start, end)).map((c) => c.seq);
  expect(await seqs(4, 7)).toEqual([1, 2]);
  expect(await seqs(3, 6)).toEqual([1]);
  expect(await seqs(9, 100)).toEqual([3]);
  expect(await text(bytesBetween(await store.readRange("r1", 2, 8), 2, 8))).toEqual([3, 4, 5, 6, 7, 8]);
});

test("bytesBetween joins and cuts chunks, and is null when the first byte needed is gone", () => {
  const chunks = [
    { recordingId: "r", seq: 1, start: 3, bytes: bytes(4, 5, 6) },
    { recordingId: "r", seq: 2, start: 6, bytes: bytes(7, 8) },
  ];
  expect(bytesBetween(chunks, 4, 7)?.size).toBe(3);
  expect(bytesBetween(chunks, 0, 5)).toBeNull();
});

test("the tus source waits for audio past its start, answers with what there is, and is done at the stop", async () => {
  const store = await freshStore();
  const feed = new RecordingFeed();
  const session = await RecordingSession.begin(store, META, feed);
  const source = await recordingFileReader({ store, recordingId: "r1", feed, pollMs: 5000 }).openFile();
  const pending = source.slice(0, 100);
  let answered = false;
  void pending.then(() => {
    answered = true;
  });
  await Bun.sleep(20);
  expect(answered).toBe(false); // nothing recorded yet: the PATCH waits
  await session.write(blob(1, 2), 4000);
  const first = await pending;
  expect([await text(first.value), first.done]).toEqual([[1, 2], false]);
  await session.write(blob(3), 8000);
  await session.finish(8500);
  const last = await source.slice(2, 100);
  expect([await text(last.value), last.done]).toEqual([[3], true]);
  // Stopped exactly at a slice's start: an empty, final slice sends the length.
  const empty = await source.slice(3, 100);
  expect([empty.value?.size, empty.done]).toEqual([0, true]);
});
