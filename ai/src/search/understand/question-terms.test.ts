import { expect, test } from "bun:test";
import { termCoverage } from "../rank/term-coverage";
import { questionTerms, textTerms } from "./question-terms";

test("a number is one term, whatever its separators: an age of 18 is not the start of $18,300", () => {
  expect(questionTerms("Which clients have kids under 18?")).toContain("18");
  expect([...textTerms("It's $18,300.")]).toEqual(["it", "18300"]);
  expect(termCoverage(questionTerms("Which clients have kids under 18?"), "It's $18,300.", "")).toBe(0);
  // The same number written the same way still matches, decimals included.
  expect(termCoverage(questionTerms("Who paid $80,000?"), "They paid 80,000 for it.", "")).toBeGreaterThan(0);
  expect(textTerms("A 3.1% loan").has("3point1")).toBe(true);
  expect(textTerms("A 3.1% loan").has("3")).toBe(false);
  // Digits of a date or a time are left as they were.
  expect([...textTerms("On 12/14 at 10:30")]).toEqual(["on", "12", "14", "at", "10", "30"]);
});
