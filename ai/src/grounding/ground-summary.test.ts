import { describe, expect, test } from "bun:test";
import type { MeetingSummary, TranscriptSegment } from "../types";
import { groundSummary } from "./ground-summary";

const turn = (speaker: string, text: string, start: number | null): TranscriptSegment => ({
  speaker,
  text,
  start,
  end: start === null ? null : start + 5,
});

const SEGMENTS: TranscriptSegment[] = [
  turn("Avery", "Good morning, thanks for coming in.", 0),
  turn("Avery", "Your brokerage account drifted to seventy percent stocks.", 12),
  turn("Noor", "We agreed to move forty thousand into the bond ladder.", 31.5),
  turn("Avery", "I will email you the beneficiary forms by Friday.", 50),
  turn("Noor", "Let's meet again on Tuesday, March 9 to review the trust.", 75),
];

const draft = (parts: Partial<MeetingSummary>): MeetingSummary => ({
  executiveSummary: "Avery and Noor reviewed the portfolio.",
  keyPoints: [],
  actionItems: [],
  nextMeeting: null,
  ...parts,
});

describe("items without evidence (the local engine) are located by their content words", () => {
  test("each plain key point, decision and action item gets the segment that says its words", () => {
    const grounded = groundSummary(
      draft({
        keyPoints: ["The brokerage account drifted toward stocks"],
        decisions: ["Move forty thousand into the bond ladder"],
        actionItems: [{ task: "Email the beneficiary forms", assignee: "Avery", dueDate: "2027-03-05" }],
      }),
      SEGMENTS,
    );
    expect(grounded.keyPoints).toEqual([
      { text: "The brokerage account drifted toward stocks", source: { segment: 1, start: 12 } },
    ]);
    expect(grounded.decisions).toEqual([
      { text: "Move forty thousand into the bond ladder", source: { segment: 2, start: 31.5 } },
    ]);
    expect(grounded.actionItems).toEqual([
      {
        task: "Email the beneficiary forms",
        assignee: "Avery",
        dueDate: "2027-03-05",
        source: { segment: 3, start: 50 },
      },
    ]);
  });

  test("a transcript without times gives the segment with a null start", () => {
    const untimed = SEGMENTS.map((segment) => ({ ...segment, start: null, end: null }));
    const grounded = groundSummary(draft({ keyPoints: ["bond ladder"] }), untimed);
    expect(grounded.keyPoints[0]?.source).toEqual({ segment: 2, start: null });
  });

  test("an item whose words the transcript never says is dropped", () => {
    const grounded = groundSummary(
      draft({ keyPoints: ["Cryptocurrency holdings were liquidated"], decisions: [], actionItems: [] }),
      SEGMENTS,
    );
    expect(grounded.keyPoints).toEqual([]);
    expect(grounded.decisions).toEqual([]);
  });

  test("the next meeting is found where a meeting word meets its date", () => {
    const grounded = groundSummary(
      draft({ nextMeeting: { date: "2027-03-09", time: "10:00", topics: ["Trust review"] } }),
      SEGMENTS,
    );
    expect(grounded.nextMeeting).toEqual({
      date: "2027-03-09",
      time: "10:00",
      topics: ["Trust review"],
      source: { segment: 4, start: 75 },
    });
  });

  test("a meeting set by a count of weeks and 'same time' is found there, with no meeting word", () => {
    const talk = [
      turn("Avery", "I'll have the drafts to you within ten days.", 0),
      turn("Avery", "Then we sign. Let's say two weeks from today, same time?", 9),
      turn("Noor", "Works for me.", 14),
    ];
    const grounded = groundSummary(draft({ nextMeeting: { date: "2027-03-23", topics: ["Signing"] } }), talk);
    expect(grounded.nextMeeting?.source).toEqual({ segment: 1, start: 9 });
  });

  test("a next meeting nobody arranged is dropped", () => {
    const plain = SEGMENTS.slice(0, 4);
    expect(groundSummary(draft({ nextMeeting: { date: "2027-06-01", topics: [] } }), plain).nextMeeting).toBeNull();
  });
});

describe("items with evidence (the openai engine) keep it only where the transcript says them", () => {
  test("a claimed segment that says the item's words is its moment", () => {
    const grounded = groundSummary(
      draft({ keyPoints: [{ text: "Bond ladder gets forty thousand", evidence: [2] }] }),
      SEGMENTS,
    );
    expect(grounded.keyPoints).toEqual([
      { text: "Bond ladder gets forty thousand", source: { segment: 2, start: 31.5 } },
    ]);
  });

  test("a figure written out is found where it was said in words", () => {
    const spoken = [turn("Noor", "The last statement said four eighty-eight. Four hundred eighty-eight thousand.", 3)];
    const grounded = groundSummary(draft({ keyPoints: [{ text: "Her 401(k): $488,000.", evidence: [0] }] }), spoken);
    expect(grounded.keyPoints).toEqual([{ text: "Her 401(k): $488,000.", source: { segment: 0, start: 3 } }]);
    // A figure the segment does not say is still no match.
    const other = groundSummary(draft({ keyPoints: [{ text: "Her 401(k): $512,000.", evidence: [0] }] }), spoken);
    expect(other.keyPoints).toEqual([]);
  });

  test("an amount said as a pair of numbers is found where it was said, at either scale", () => {
    const spoken = [turn("Dee", "The front unit's fourteen twenty. The back one is thirteen ninety.", 8)];
    const rent = groundSummary(draft({ keyPoints: [{ text: "Rent: $1,420.", evidence: [0] }] }), spoken);
    expect(rent.keyPoints).toEqual([{ text: "Rent: $1,420.", source: { segment: 0, start: 8 } }]);
    const value = groundSummary(draft({ keyPoints: [{ text: "House: $1,390,000.", evidence: [0] }] }), spoken);
    expect(value.keyPoints).toHaveLength(1);
    const unsaid = groundSummary(draft({ keyPoints: [{ text: "Rent: $1,500.", evidence: [0] }] }), spoken);
    expect(unsaid.keyPoints).toEqual([]);
  });

  test("of several claims the one sharing the most words wins; wrong and impossible claims are ignored", () => {
    const grounded = groundSummary(
      draft({
        actionItems: [{ task: "Email the beneficiary forms", assignee: "Avery", evidence: [-1, 99, 0, 3, 1.5] }],
      }),
      SEGMENTS,
    );
    expect(grounded.actionItems[0]?.source).toEqual({ segment: 3, start: 50 });
  });

  test("an item whose evidence is out of range, or does not say its words, is dropped even if another segment would", () => {
    const grounded = groundSummary(
      draft({
        keyPoints: [
          { text: "Bond ladder gets forty thousand", evidence: [17] },
          { text: "Bond ladder gets forty thousand", evidence: [0] },
          { text: "Bond ladder gets forty thousand", evidence: [] },
        ],
        actionItems: [{ task: "Email the beneficiary forms", assignee: "Avery", evidence: [4] }],
        nextMeeting: { date: "2027-03-09", topics: [], evidence: [1] },
      }),
      SEGMENTS,
    );
    expect(grounded.keyPoints).toEqual([]);
    expect(grounded.actionItems).toEqual([]);
    expect(grounded.nextMeeting).toBeNull();
  });

  test("a next meeting whose claimed segment arranges it keeps that moment", () => {
    const grounded = groundSummary(draft({ nextMeeting: { date: "2027-03-09", topics: [], evidence: [4] } }), SEGMENTS);
    expect(grounded.nextMeeting?.source).toEqual({ segment: 4, start: 75 });
  });
});

test("grounding stays linear: many items over a long transcript", () => {
  const long: TranscriptSegment[] = [];
  for (let i = 0; i < 20_000; i++) long.push(turn("Avery", `Topic ${i} covers plan review account number${i}`, i));
  const items = Array.from({ length: 2_000 }, (_, i) => `Plan review account number${i * 7}`);
  const started = performance.now();
  const grounded = groundSummary(draft({ keyPoints: items }), long);
  const elapsed = performance.now() - started;
  expect(grounded.keyPoints[3]?.source?.segment).toBe(21);
  expect(elapsed).toBeLessThan(5_000);
});
