import { expect, test } from "bun:test";
import { consentText } from "../meetings/consent-line";
import { consentOf, EMPTY_CONSENT } from "./consent";
import { pendingAudioMs, uploadLine } from "./recorder-panel";
import { describeAudioLength, formatClock, pickRecordingFormat, recordingFilename } from "./recording-format";

test("Opus in WebM where supported, AAC in MP4 on Safari, else the browser's default", () => {
  expect(pickRecordingFormat(() => true).mimeType).toBe("audio/webm;codecs=opus");
  const safari = pickRecordingFormat((type) => type === "audio/mp4");
  expect([safari.mimeType, safari.filetype, safari.extension]).toEqual(["audio/mp4", "audio/mp4", "m4a"]);
  expect(pickRecordingFormat(() => false).mimeType).toBe("");
});

test("the file name, the clock and the waiting audio read as a person reads them", () => {
  const format = pickRecordingFormat(() => true);
  expect(recordingFilename(new Date(2026, 2, 3, 10, 2), format)).toBe("Recording 2026-03-03 10-02.webm");
  expect(formatClock(65_400)).toBe("1:05");
  expect(formatClock(3_909_000)).toBe("1:05:09");
  expect(describeAudioLength(20_000)).toBe("less than a minute");
  expect(describeAudioLength(60_000)).toBe("1 minute");
  expect(describeAudioLength(150_000)).toBe("3 minutes");
});

test("consent is sent only once confirmed, with its method, trimmed note and time", () => {
  const now = new Date("2026-03-03T10:02:00.000Z");
  expect(consentOf(EMPTY_CONSENT, now)).toBeNull();
  expect(consentOf({ agreed: true, method: "spoken", note: "  " }, now)).toEqual({
    method: "spoken",
    confirmedAt: "2026-03-03T10:02:00.000Z",
  });
  expect(consentOf({ agreed: true, method: "note", note: " Both agreed by e-mail " }, now)?.note).toBe(
    "Both agreed by e-mail",
  );
});

test("the meeting page's consent line", () => {
  const confirmedAt = new Date(2026, 2, 3, 10, 2).toISOString();
  expect(consentText({ method: "spoken", note: null, confirmedAt, confirmedBy: "Dana Reyes" })).toBe(
    "Consent to record: confirmed by Dana Reyes on March 3, 2026, 10:02 (spoken)",
  );
  expect(consentText({ method: "note", note: "x", confirmedAt, confirmedBy: null })).toBe(
    "Consent to record: confirmed on March 3, 2026, 10:02 (a note)",
  );
});

test("the recorder's line: sent as it goes, or waiting on this device while the network is down, or refused", () => {
  expect(uploadLine({ kind: "sending" }, true, 0)).toEqual({
    tone: "ok",
    text: "Saved on this device and uploaded as you record.",
  });
  expect(uploadLine({ kind: "offline", message: "x" }, true, 30_000).text).toBe(
    "No connection. Less than a minute of recording waiting to upload. It is saved on this device and is sent when the connection is back.",
  );
  expect(uploadLine(null, false, 120_000).text).toStartWith("No connection. 2 minutes of recording waiting to upload.");
  expect(uploadLine({ kind: "failed", message: "validation failed: title is required" }, true, 0)).toEqual({
    tone: "error",
    text: "The upload was refused. Title is required.",
  });
  expect(uploadLine({ kind: "waiting", message: "Daily processing limit reached." }, true, 0)).toEqual({
    tone: "warn",
    text: "The server cannot take the recording yet: Daily processing limit reached. It is saved on this device and is sent again shortly.",
  });
  expect(pendingAudioMs(60_000, 250, 1000)).toBe(15_000);
});
