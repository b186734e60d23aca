// "by the 1st." ends a sentence ("st" after a digit is an ordinal, not "St." for Saint); "St. Paul" does not.
import { expect, test } from "bun:test";
import { splitSegmentsIntoSentences } from "./sentences";

const texts = (text: string) =>
  splitSegmentsIntoSentences([{ speaker: "Helen Brook", text, start: 0, end: 1 }]).map((s) => s.text);

test("an ordinal date ends a sentence", () => {
  expect(texts("Sign the forms by the 1st. Omar mails them.")).toEqual([
    "Sign the forms by the 1st.",
    "Omar mails them.",
  ]);
});

test("an abbreviation still does not", () => {
  expect(texts("We drove to St. Paul on Monday.")).toEqual(["We drove to St. Paul on Monday."]);
});
