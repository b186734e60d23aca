// A price said as people read it aloud and then said again in full, and a thing of someone outside the meeting told in
// passing: the record keeps one figure, with its hundreds, said of what the client is doing.
import { beforeAll, expect, test } from "bun:test";
import type { TranscriptSegment } from "../../types";
import { summariseExtractive } from "../summarise-extractive";
import { shorthandAmounts } from "./shorthand-amounts";
import { loadWordKinds } from "./word-kinds";

beforeAll(loadWordKinds);

const segment = (speaker: string, text: string): TranscriptSegment => ({ start: null, end: null, speaker, text });
const meeting = (lines: [string, string][]) => ({
  transcript: { segments: lines.map(([s, t]) => segment(s, t)), fullText: "", durationSeconds: null },
  title: "Estate follow-up",
  clientName: "Estate of Hal Pruett",
  meetingDate: new Date(2026, 2, 2, 10),
});

test("a pair and a digit, or a pair and its hundreds after a comma, are thousands and hundreds", () => {
  expect(shorthandAmounts("we list at four eighty-nine five")[0]?.value).toBe(489_500);
  expect(shorthandAmounts("Four eighty-nine, five hundred.")[0]?.value).toBe(489_500);
  expect(shorthandAmounts("Four eighty-nine, 500.")[0]?.value).toBe(489_500);
  // A round ten before a digit is a number said in parts ("one twenty five"), not this.
  expect(shorthandAmounts("It's one twenty five.")[0]?.value).toBe(120);
});

test("a price said again in full is one figure, its hundreds kept, and a neighbour's house is not its subject", async () => {
  const { facts } = await summariseExtractive(
    meeting([
      ["Vera Stone", "Now that the letters are in, you can list the house. Did you find an agent?"],
      [
        "Mae Pruett",
        "I did. Dana Kells, she sold my cousin's condo. She came by Tuesday and she thinks we list at four eighty-nine five. Four eighty-nine, five hundred. As is.",
      ],
      ["Vera Stone", "That sounds right to me. At four eighty-nine it should move."],
    ]),
  );
  const figures = facts.filter((f) => f.kind === "figure").map((f) => f.text);
  expect(figures.join(" | ")).toContain("$489,500");
  expect(figures.join(" | ")).not.toMatch(/cousin|\$500,000|\$489,000/i);
});

test("a change told in its order, 'from about X to something like Y', is Y, was X", async () => {
  const { facts } = await summariseExtractive(
    meeting([
      ["Vera Stone", "Let's look at the refinance."],
      [
        "Mae Pruett",
        "So my mortgage payment goes from about twenty-four eighty to something like twenty-nine hundred a month.",
      ],
    ]),
  );
  const figures = facts.filter((f) => f.kind === "figure").map((f) => f.text);
  expect(figures.join(" | ")).toContain("$2,900 a month (was $2,480)");
});

test("a listing or an appraisal with nothing named is of the one home the meeting talks of", async () => {
  const { facts } = await summariseExtractive(
    meeting([
      ["Vera Stone", "The letters are in, so you can sell now."],
      ["Mae Pruett", "She walked through on Tuesday and she thinks we list at four eighty-nine five."],
      ["Vera Stone", "Keep the house insured until it closes."],
    ]),
  );
  expect(facts.filter((f) => f.kind === "figure").map((f) => f.text)).toEqual(["The house is listed at $489,500."]);
  // Two homes talked of: which one is not guessed.
  const two = await summariseExtractive(
    meeting([
      ["Vera Stone", "The house goes to Mae and the cabin to her brother."],
      ["Mae Pruett", "She thinks we list at four eighty-nine five."],
    ]),
  );
  expect(
    two.facts
      .filter((f) => f.kind === "figure")
      .map((f) => f.text)
      .join(" "),
  ).not.toContain("house is listed");
});

test("a subject that names the measure is its label: 'Listing price: …', not 'The listing price is listed at …'", async () => {
  const { facts } = await summariseExtractive(
    meeting([
      ["Vera Stone", "The cabin goes to her brother, and the house gets sold. Did you find an agent?"],
      ["Mae Pruett", "I did. Dana Kells, she sold my cousin's condo. She thinks we list at four eighty-nine five."],
    ]),
  );
  const listed = facts.filter((f) => f.kind === "figure").map((f) => f.text);
  expect(listed.join(" ")).not.toMatch(/price is listed/i);
  expect(listed.join(" ")).toContain("$489,500");
});
