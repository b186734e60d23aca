// What the banner says about recordings waiting on this device. Resuming them after a reload is tested against the
// real server in api/test/web-resume-recordings.test.ts.
import { expect, test } from "bun:test";
import type { StoredRecording } from "./chunk-store";
import { pendingLine, waitingText } from "./pending-recordings-banner";

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

test("a refused recording says the server's reason as a sentence", () => {
  const rec = recording({ state: "stopped", refusal: "validation failed: the file is empty" });
  expect(
    pendingLine({ recording: rec, status: { kind: "failed", message: "validation failed: the file is empty" } }),
  ).toBe('"Review with Dana" could not be uploaded. The file is empty.');
});
