import { expect, test } from "bun:test";
import type { MeetingSummary, TranscriptSegment } from "../types";
import { mergePartSummaries, onWholeTranscript, splitIntoParts } from "./summary-parts";

const segment = (text: string): TranscriptSegment => ({ start: null, end: null, speaker: "Ann", text });

test("parts are consecutive, cover every segment once, and stay under the size unless one segment is larger", () => {
  const segments = Array.from({ length: 25 }, (_, i) => segment(`turn ${i} `.padEnd(40, "x")));
  segments.splice(10, 0, segment("y".repeat(500)));
  const parts = splitIntoParts(segments, 200);
  expect(parts.flatMap((p) => p.segments)).toEqual(segments);
  for (const part of parts) expect(segments[part.firstSegment]).toBe(part.segments[0]!);
  for (const part of parts) {
    const size = part.segments.reduce((sum, s) => sum + s.text.length + 5, 0);
    expect(size <= 200 || part.segments.length === 1).toBe(true);
  }
  expect(splitIntoParts([segment("short")], 200)).toHaveLength(1);
});

test("a part's evidence points into the whole transcript", () => {
  const draft: MeetingSummary = {
    executiveSummary: "They met.",
    keyPoints: ["plain", { text: "With evidence", evidence: [0, 2] }],
    decisions: [{ text: "Keep the bonds", evidence: [1] }],
    actionItems: [{ task: "Send the form", assignee: "Ann", evidence: [3] }],
    nextMeeting: { date: "2026-06-01", topics: [], evidence: [4] },
  };
  const shifted = onWholeTranscript(draft, 100);
  expect(shifted.keyPoints).toEqual(["plain", { text: "With evidence", evidence: [100, 102] }]);
  expect((shifted.decisions && (shifted.decisions[0] as { evidence?: number[] }))?.evidence).toEqual([101]);
  expect(shifted.actionItems[0]?.evidence).toEqual([103]);
  expect(shifted.nextMeeting?.evidence).toEqual([104]);
});

test("merged notes: openings in order within the budget, points in turn, each task once, the last next meeting", () => {
  const part = (n: number, nextMeeting: MeetingSummary["nextMeeting"]): MeetingSummary => ({
    executiveSummary: `Part ${n} opened the review. It covered the pension for part ${n}.`,
    keyPoints: [`Point ${n}a`, `Point ${n}b`],
    decisions: [`Decision shared`, `Decision ${n}`],
    actionItems: [
      { task: "Send the transfer form", assignee: "Ann" },
      { task: `Task ${n}`, assignee: "Bo" },
    ],
    nextMeeting,
  });
  const merged = mergePartSummaries([
    part(1, { date: "2026-06-01", topics: [] }),
    part(2, null),
    part(3, { date: "2026-07-01", topics: ["fees"] }),
  ]);
  expect(merged.executiveSummary.startsWith("Part 1 opened the review. Part 2 opened the review.")).toBe(true);
  expect(merged.keyPoints).toEqual(["Point 1a", "Point 2a", "Point 3a", "Point 1b", "Point 2b", "Point 3b"]);
  expect(merged.decisions).toEqual(["Decision shared", "Decision 1", "Decision 2", "Decision 3"]);
  expect(merged.actionItems.map((item) => item.task)).toEqual(["Send the transfer form", "Task 1", "Task 2", "Task 3"]);
  expect(merged.nextMeeting?.date).toBe("2026-07-01");
  expect(merged.executiveSummary.split(/\s+/).length).toBeLessThanOrEqual(150);
});
