import { expect, test } from "bun:test";
import { firstSentences, formatNextMeetingDate, statusLabel } from "./meeting-format";

test("a next-meeting day is written out; legacy free text is kept as written", () => {
  expect(formatNextMeetingDate("2027-02-18")).toBe("February 18, 2027");
  expect(formatNextMeetingDate("Tuesday after the board meeting")).toBe("Tuesday after the board meeting");
});

test("statuses and previews follow the spec", () => {
  expect(statusLabel("Uploaded")).toBe("Thinking...");
  expect(statusLabel("Processing")).toBe("Processing...");
  expect(statusLabel("Processed")).toBe("Processed");
  expect(firstSentences("One. Two. Three. Four.")).toBe("One. Two. Three.");
});
