import { expect, test } from "bun:test";
import { summaryText } from "./draft-chunks";

test("the summary as text: its next meeting a sentence that says its day, time and topics", () => {
  const text = summaryText({
    executiveSummary: "Decided: keep the cottage.",
    keyPoints: [{ text: "Rent: $2,100 a month." }],
    decisions: [],
    actionItems: [],
    nextMeeting: { date: "2026-12-14", time: "10:00", topics: ["the trust", "the deed"] },
  });
  expect(text.split("\n")).toEqual([
    "Decided: keep the cottage.",
    "Key points: Rent: $2,100 a month.",
    "Next meeting: 2026-12-14 at 10:00, to cover the trust, the deed.",
  ]);
  const undated = summaryText({
    executiveSummary: "",
    keyPoints: [],
    decisions: [],
    actionItems: [],
    nextMeeting: { date: null, topics: [] },
  });
  expect(undated).toBe("Next meeting: date to be set.");
});
