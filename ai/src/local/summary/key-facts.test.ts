// Facts an advisor writes down though no figure is said (who takes which role), and prices said as shorthand pairs.
import { describe, expect, test } from "bun:test";
import type { DraftPoint, SummariseInput } from "../../types";
import { summariseExtractive } from "../summarise-extractive";

function meeting(lines: [string, string][]): SummariseInput {
  const segments = lines.map(([speaker, text], i) => ({ start: i * 10, end: i * 10 + 9, speaker, text }));
  return {
    transcript: {
      segments,
      fullText: lines.map(([s, t]) => `${s}: ${t}`).join("\n"),
      durationSeconds: lines.length * 10,
    },
    title: "Estate planning",
    clientName: "Wendy Alvarez",
    meetingDate: new Date("2026-05-04T15:00:00Z"),
  };
}

const pointText = (point: DraftPoint) => (typeof point === "string" ? point : point.text);

const FILLER: [string, string][] = [
  ["Omar Pike", "The savings account earns 4.1% and holds $38,000 for emergencies and the roof."],
  ["Wendy Alvarez", "The brokerage account at Vanguard holds about $212,000 in index funds."],
  ["Omar Pike", "Your pension from the county pays $2,300 a month from age 62."],
  ["Wendy Alvarez", "The car loan has $9,400 left at 5.2% over three more years."],
  ["Omar Pike", "The 401(k) at work holds $145,000 and you put in 8% of salary."],
  ["Wendy Alvarez", "My daughter's college fund has $27,000 in a 529 plan with the state."],
];

describe("key facts in the key points", () => {
  test("who takes which role in a plan is a key point", async () => {
    const summary = await summariseExtractive(
      meeting([
        ...FILLER,
        ["Omar Pike", "So for the will, who raises the kids if something happens to both of you?"],
        ["Wendy Alvarez", "So, Beatrix as guardian, Lionel as trustee, that's what we settled."],
        ["Omar Pike", "Good, we'll write those choices into the draft documents next week."],
      ]),
    );
    expect(summary.keyPoints.map(pointText).join("\n")).toContain("Beatrix as guardian");
  });

  test("a price said as a shorthand pair is a key point, with the question it answers", async () => {
    const summary = await summariseExtractive(
      meeting([
        ...FILLER,
        ["Omar Pike", "And the lake cabin up north?"],
        ["Wendy Alvarez", "I'd guess three seventy."],
        ["Omar Pike", "Thanks, that helps with the estate total for the documents."],
      ]),
    );
    expect(summary.keyPoints.map(pointText).join("\n")).toContain("three seventy");
  });

  test("a figure already given by a key point is not listed again in other words", async () => {
    const summary = await summariseExtractive(
      meeting([
        ...FILLER.slice(0, 4),
        ["Omar Pike", "So the farmland came in at $830,000 on the appraisal."],
        ["Wendy Alvarez", "My sister was surprised, she thought the acreage was worth 830,000 less the barn."],
        ["Omar Pike", "We will use that number when we update the estate documents."],
      ]),
    );
    expect(summary.keyPoints.filter((point) => pointText(point).includes("830,000"))).toHaveLength(1);
  });
});
