import { describe, expect, test } from "bun:test";
import type { Sentence } from "../../language/sentences";
import { restatesFigure } from "./restated-figure";
import { writeNumbersAsFigures } from "./spoken-numbers";

function turns(lines: [string, string][]): Sentence[] {
  return lines.map(([speaker, text], index) => ({ speaker, text, index, segmentIndex: index }) as Sentence);
}

describe("restatesFigure", () => {
  test.each([
    ["The cabin's about four-eighty.", "Four hundred eighty thousand."],
    ["Savings, maybe seven twenty.", "Seven hundred twenty thousand, I mean."],
    ["It's one point four five.", "One million four hundred fifty thousand."],
  ])("%s / %s", (first, second) => {
    const said = turns([
      ["Ann Lee", first],
      ["Ann Lee", second],
    ]);
    expect(restatesFigure(said[1]!, said, writeNumbersAsFigures)).toBe(true);
  });

  test("another figure, or another speaker, is not a restatement", () => {
    const other = turns([
      ["Ann Lee", "The cabin's about four-eighty."],
      ["Ann Lee", "Two hundred thousand is left on the loan."],
    ]);
    expect(restatesFigure(other[1]!, other, writeNumbersAsFigures)).toBe(false);
    const echo = turns([
      ["Ann Lee", "The cabin's about four-eighty."],
      ["Bo Park", "Four hundred eighty thousand."],
    ]);
    expect(restatesFigure(echo[1]!, echo, writeNumbersAsFigures)).toBe(false);
  });
});
