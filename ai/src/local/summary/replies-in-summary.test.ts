// A short meeting of questions and brief replies: the executive summary and key points keep each reply with the
// question it answers, put "I" and "we" in the third person, and never take "that" away from what it stands for.
import { describe, expect, test } from "bun:test";
import { pointText, spokenMeeting } from "../../../test-support/spoken-meeting";
import { summariseExtractive } from "../summarise-extractive";

const meeting = (lines: [string, string][]) =>
  spokenMeeting(lines, {
    title: "Pension and house check-in",
    clientName: "Carl Brandt",
    held: "2026-03-02T15:00:00Z",
  });

const SHORT_MEETING: [string, string][] = [
  ["Nadia Osei", "Thanks for making time, Carl. Let's look at the workplace pension and the house in Leeds."],
  ["Carl Brandt", "Of course. So the pension pot stands at roughly ninety-one thousand today."],
  ["Nadia Osei", "Lovely. How much goes into it each quarter?"],
  ["Carl Brandt", "Twelve hundred a quarter, by direct debit."],
  ["Nadia Osei", "I'd push that up to two thousand when the pay rise starts. And who rents the house in Leeds?"],
  ["Carl Brandt", "That's my cousin, Jonas Wirth. He moved in last spring."],
  ["Nadia Osei", "Right. I'll send you the tenancy renewal by Thursday, and could you send me the mortgage statement?"],
  ["Carl Brandt", "Yes, I'll post it to you on Monday."],
  ["Nadia Osei", "Perfect. We agreed to keep the current mix, sixty percent equities. Let's speak again on May 6th."],
];

// Sentences of the summary after its opening, split at sentence ends outside quotes.
function summarySentences(summary: string): string[] {
  return summary.split(/(?<=[.!?]) (?=[A-Z])/).slice(1);
}

describe("replies in a short meeting's summary", async () => {
  const summary = await summariseExtractive(meeting(SHORT_MEETING));
  const keyPoints = summary.keyPoints.map(pointText);
  const everything = [summary.executiveSummary, ...keyPoints];

  test("a fragment reply never stands alone", () => {
    for (const text of everything) {
      expect(text).not.toMatch(/(?:^|\. )(?:Twelve hundred|1,200) a quarter/);
      expect(text).not.toMatch(/(?:^|\. )That's my cousin/);
    }
  });

  test("a fragment reply that is used comes with its question, as a note without speaker labels", () => {
    const used = everything.filter((text) => /(?:Twelve hundred|1,200) a quarter/i.test(text));
    expect(used.length).toBeGreaterThan(0);
    for (const text of used) {
      expect(text).toMatch(/How much goes into it each quarter\? (?:Twelve hundred|1,200)/);
      expect(text).not.toMatch(/Nadia:|Carl:|[“”]/);
    }
  });

  test("no sentence of the summary is left in the first person, nor quoted with its speaker", () => {
    for (const sentence of summarySentences(summary.executiveSummary)) {
      expect(sentence).not.toMatch(/^\p{Lu}\p{Ll}+: “/u);
      expect(sentence).not.toMatch(/\b(?:I|my|we|We|our|Our|us)\b/);
    }
  });

  test("a sentence whose “that” stands for the one before is kept with it, or left out", () => {
    expect(summary.executiveSummary).not.toMatch(/(?:^|\. )(?:Nadia would push|I'd push) that up/);
    for (const point of keyPoints.filter((text) => /push that up/.test(text))) {
      expect(point).toMatch(/(?:Twelve hundred|1,200) a quarter, by direct debit\. Nadia would push that up/);
    }
  });
});
