// While the network stays down, the runner's attempts to reconnect do not tell the page it is sending again (it
// said "Saved on this device and uploaded as you record." for seconds of every restart during a long outage, seen
// in web/e2e/record-meeting.test.ts with a 25 s cut); the first answer from the server does.
import "fake-indexeddb/auto";
import { afterEach, expect, test } from "bun:test";
import { FakeTusServer } from "../../../test/fake-tus-server";
import { ChunkStore } from "./chunk-store";
import { RecordingSession } from "./recording-session";
import { RecordingFeed } from "./recording-source";
import { runRecordingUpload, type UploadStatus } from "./recording-upload";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function until(check: () => boolean | Promise<boolean>, ms = 3000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await Bun.sleep(5);
  }
}

test("restarts while the network is down keep saying offline; the first answer says sending", async () => {
  const store = await ChunkStore.open(indexedDB, "upload-offline-test");
  const feed = new RecordingFeed();
  const session = await RecordingSession.begin(
    store,
    { id: "rec", title: "Review", metadata: { filename: "a.webm", meetingData: "{}" } },
    feed,
  );
  const server = new FakeTusServer();
  const statuses: UploadStatus["kind"][] = [];
  const runner = runRecordingUpload({
    store,
    recordingId: "rec",
    feed,
    httpStack: server,
    restartMs: 20,
    retryDelays: [0, 10],
    onStatus: (status) => statuses.push(status.kind),
  });
  cleanups.push(runner.stop, () => store.close());
  await session.write(new Blob([new Uint8Array(10)]), 4000);
  await until(() => server.received().length === 10);
  server.down = true;
  await session.write(new Blob([new Uint8Array(10)]), 8000);
  await until(() => statuses.includes("offline"));
  const wentOffline = statuses.indexOf("offline");
  // Several restarts (every 20 ms, each with its retries) while it stays down.
  await Bun.sleep(300);
  expect(server.log.filter((line) => line.startsWith("HEAD")).length).toBeGreaterThanOrEqual(3);
  expect(new Set(statuses.slice(wentOffline))).toEqual(new Set(["offline"]));
  server.down = false;
  await until(() => statuses.at(-1) === "sending");
  await session.finish(8000);
  await until(() => statuses.includes("finished"));
  expect(server.received().length).toBe(20);
});
