import "fake-indexeddb/auto";
import { afterEach, expect, test } from "bun:test";
import { FakeTusServer } from "../../../test/fake-tus-server";
import { ChunkStore } from "./chunk-store";
import { RecordingSession } from "./recording-session";
import { RecordingFeed } from "./recording-source";
import { runRecordingUpload, type UploadStatus } from "./recording-upload";

const stores: ChunkStore[] = [];
const runners: { stop: () => void }[] = [];
let dbCount = 0;
afterEach(() => {
  for (const runner of runners.splice(0)) runner.stop();
  for (const store of stores.splice(0)) store.close();
});

async function setUp() {
  const store = await ChunkStore.open(indexedDB, `upload-test-${++dbCount}`);
  stores.push(store);
  const feed = new RecordingFeed();
  const session = await RecordingSession.begin(
    store,
    { id: "rec", title: "Review", metadata: { filename: "a.webm", meetingData: "{}" } },
    feed,
  );
  return { store, feed, session, server: new FakeTusServer() };
}

function start(setup: Awaited<ReturnType<typeof setUp>>) {
  const statuses: UploadStatus[] = [];
  const runner = runRecordingUpload({
    store: setup.store,
    recordingId: "rec",
    feed: setup.feed,
    httpStack: setup.server,
    restartMs: 20,
    retryDelays: [0, 10],
    onStatus: (status) => statuses.push(status),
  });
  runners.push(runner);
  return { statuses, runner };
}

/** Chunk n holds bytes n*10 .. n*10+9. */
const chunk = (n: number) => new Blob([new Uint8Array(Array.from({ length: 10 }, (_, i) => n * 10 + i))]);
const expected = (count: number) => Array.from({ length: count * 10 }, (_, i) => i);

async function until(check: () => boolean | Promise<boolean>, ms = 3000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await Bun.sleep(5);
  }
}

const finishedIn = (statuses: UploadStatus[]) => statuses.find((s) => s.kind === "finished");

test("chunks go up while recording, each is dropped once acknowledged, and Stop's final length makes the meeting", async () => {
  const setup = await setUp();
  const { statuses } = start(setup);
  await setup.session.write(chunk(0), 4000);
  await until(() => setup.server.received().length === 10);
  await until(async () => (await setup.store.readChunks("rec")).length === 0);
  expect(setup.server.uploads.get("u1")?.length).toBeNull(); // deferred while recording
  await setup.session.write(chunk(1), 8000);
  await setup.session.finish(8200);
  await until(() => finishedIn(statuses) !== undefined);
  expect(finishedIn(statuses)).toEqual({ kind: "finished", meetingId: 101 });
  expect([...setup.server.received()]).toEqual(expected(2));
  expect(setup.server.uploads.get("u1")?.length).toBe(20);
  expect(await setup.store.getRecording("rec")).toBeUndefined();
});

test("with the network down the chunks stay on the device; when it is back the upload resumes from HEAD", async () => {
  const setup = await setUp();
  const { statuses } = start(setup);
  await setup.session.write(chunk(0), 4000);
  await until(() => setup.server.received().length === 10);
  setup.server.down = true;
  await setup.session.write(chunk(1), 8000);
  await setup.session.write(chunk(2), 12000);
  await until(() => statuses.some((s) => s.kind === "offline"));
  expect((await setup.store.readChunks("rec")).map((c) => c.seq)).toEqual([1, 2]);
  setup.server.down = false;
  await setup.session.finish(12000);
  await until(() => finishedIn(statuses) !== undefined);
  expect([...setup.server.received()]).toEqual(expected(3));
  expect(setup.server.log).toContain("HEAD");
  expect(setup.server.uploads.size).toBe(1);
});

test("a connection dropped in the middle of a PATCH resumes inside the chunk, at the server's offset", async () => {
  const setup = await setUp();
  setup.server.dropAfterBytes = 4;
  const { statuses } = start(setup);
  await setup.session.write(chunk(0), 4000);
  await setup.session.write(chunk(1), 8000);
  await setup.session.finish(8000);
  await until(() => finishedIn(statuses) !== undefined);
  expect([...setup.server.received()]).toEqual(expected(2));
});

test("after a reload a new runner takes the stored upload address and sends only what the server lacks", async () => {
  const setup = await setUp();
  const first = start(setup);
  await setup.session.write(chunk(0), 4000);
  await until(() => setup.server.received().length === 10);
  await until(async () => (await setup.store.getRecording("rec"))?.uploadUrl === "/api/uploads/u1");
  // The tab goes: its upload stops, two more chunks were kept but never sent.
  first.runner.stop();
  await setup.session.write(chunk(1), 8000);
  await setup.session.write(chunk(2), 12000);
  await setup.session.finish(12000);
  const second = start(setup);
  await until(() => finishedIn(second.statuses) !== undefined);
  expect([...setup.server.received()]).toEqual(expected(3));
  expect(setup.server.uploads.size).toBe(1);
  expect(setup.server.meetingsMade).toBe(1);
});

test("a finished upload asked again (HEAD) answers with its meeting and makes no second one", async () => {
  const setup = await setUp();
  const first = start(setup);
  await setup.session.write(chunk(0), 4000);
  await setup.session.finish(4000);
  await until(() => finishedIn(first.statuses) !== undefined);
  // The tab died before it forgot the recording: it is found again with its address.
  await setup.store.putRecording({
    id: "rec",
    title: "Review",
    metadata: {},
    uploadUrl: "/api/uploads/u1",
    state: "stopped",
    totalBytes: 10,
    ackedBytes: 10,
    durationMs: 4000,
    createdAt: new Date().toISOString(),
  });
  const again = start(setup);
  await until(() => finishedIn(again.statuses) !== undefined);
  expect(finishedIn(again.statuses)).toEqual({ kind: "finished", meetingId: 101 });
  expect(setup.server.meetingsMade).toBe(1);
});

test("a recording the server refused is not sent again as a new upload: its refusal is kept for the advisor", async () => {
  const setup = await setUp();
  const first = start(setup);
  await setup.session.write(chunk(0), 4000);
  await until(() => setup.server.received().length === 10);
  await until(async () => (await setup.store.getRecording("rec"))?.ackedBytes === 10);
  first.runner.stop();
  // The server lost the upload (swept, or refused at its end): its HEAD answers 404.
  setup.server.uploads.clear();
  const again = start(setup);
  await until(() => again.statuses.some((s) => s.kind === "failed"));
  expect(again.statuses.at(-1)).toEqual({ kind: "failed", message: "the server no longer has this upload." });
  expect(setup.server.log.filter((line) => line === "POST")).toHaveLength(1);
  await until(async () => (await setup.store.getRecording("rec"))?.refusal !== undefined);
  // Found again after a reload: shown as refused, nothing sent.
  const requests = setup.server.log.length;
  const third = start(setup);
  await until(() => third.statuses.some((s) => s.kind === "failed"));
  expect(setup.server.log.length).toBe(requests);
});

test("a server that cannot take it yet (503, 429) is asked again later, and the page is told why, not 'no connection'", async () => {
  const setup = await setUp();
  setup.server.refuseNext = { status: 503, message: "The server is busy.", times: 3 };
  const { statuses } = start(setup);
  await setup.session.write(chunk(0), 4000);
  await setup.session.finish(4000);
  await until(() => finishedIn(statuses) !== undefined);
  expect(statuses).toContainEqual({ kind: "waiting", message: "The server is busy." });
  expect(statuses.some((s) => s.kind === "offline")).toBe(false);
  expect([...setup.server.received()]).toEqual(expected(1));
});
