import { expect, test } from "bun:test";
import { shortQuote } from "./short-quote";

test("a short sentence is quoted whole", () => {
  expect(shortQuote("The boat sold in March.", ["boat"])).toBe("The boat sold in March.");
});

test("a long sentence is cut to a few words around the first word of the subject", () => {
  const text =
    "Well, after the kids are settled and the house is sorted out next spring, we thought we might finally look at an annuity for the pension money, if the rates hold.";
  expect(shortQuote(text, ["annuities"], 8)).toBe("…look at an annuity for the pension money…");
});

test("without the subject in it, a long sentence is quoted from its start", () => {
  expect(shortQuote("one two three four five six seven eight nine ten", ["boat"], 4)).toBe("one two three four…");
});
