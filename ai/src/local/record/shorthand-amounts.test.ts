import { describe, expect, test } from "bun:test";
import { saysMoney, shorthandAmounts } from "./shorthand-amounts";

describe("shorthandAmounts", () => {
  test.each([
    ["The cottage is worth maybe four eighty.", [[4, 80]]],
    ["Rent on the garage is eleven seventy-five.", [[11, 75]]],
    ["About three-ten, give or take.", [[3, 10]]],
    ["Nineteen ninety was the year.", []],
    ["Two hundred fifty.", []],
    ["Twenty-five, thirty, it varies.", []],
  ])("%s", (text, pairs) => {
    expect(shorthandAmounts(text).map(({ high, low }) => [high, low])).toEqual(pairs);
  });

  test.each([
    ["It's seven thirty-five.", 735],
    // A number of ten or more and then one digit: thousands and hundreds.
    ["She'll pay twenty-nine five for the quarter.", 29_500],
    ["It was eleven-nine with the flowers.", 11_900],
    // A single digit after a single digit is no pair.
    ["Three five, maybe.", null],
  ])("%s says %p", (text, value) => {
    expect(shorthandAmounts(text)[0]?.value ?? null).toBe(value);
  });

  test("gives where the pair was said", () => {
    const [pair] = shorthandAmounts("It sold for six forty last spring.");
    expect(pair && "It sold for six forty last spring.".slice(pair.start, pair.end)).toBe("six forty");
  });
});

describe("saysMoney", () => {
  test("a price word or an account says money; a flight does not", () => {
    expect(saysMoney("What would the lake house sell for?")).toBe(true);
    expect(saysMoney("And the brokerage account?")).toBe(true);
    expect(saysMoney("When does your flight get in?")).toBe(false);
    expect(saysMoney("Grace's next estimated payment goes up.")).toBe(true);
    expect(saysMoney("Both policies were issued as applied for.")).toBe(true);
  });
});
