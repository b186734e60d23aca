import { describe, expect, test } from "bun:test";
import { describeMeeting } from "./opening";

describe("describeMeeting", () => {
  test("names who met and the meeting's title", () => {
    expect(describeMeeting(["Nadia Brook", "Ian Cole", "June Cole"], "Estate plan review", "Ian and June Cole")).toBe(
      "Nadia Brook, Ian Cole and June Cole met about “Estate plan review”.",
    );
  });

  test("leaves out a title that says nothing and device labels", () => {
    expect(describeMeeting(["Nadia Brook", "Ian Cole", "Speaker 2"], "Meeting", "Ian Cole")).toBe(
      "Nadia Brook and Ian Cole met.",
    );
  });

  test("a transcript without speakers still says whom the meeting was with", () => {
    expect(describeMeeting([], "Follow-up call", "Ian Cole")).toBe("Meeting with Ian Cole about “Follow-up call”.");
    expect(describeMeeting(["Nadia Brook"], "Follow-up call", "Ian Cole")).toBe(
      "Nadia Brook met Ian Cole about “Follow-up call”.",
    );
  });

  test("a big meeting is counted, not listed", () => {
    expect(describeMeeting(["A One", "B Two", "C Three", "D Four", "E Five", "F Six"], "Board", "Acme")).toBe(
      "6 people met about “Board”.",
    );
  });
});
