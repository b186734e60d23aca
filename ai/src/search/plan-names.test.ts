// A retirement plan named by its tax-code section ("401(k)", "403 B", "457b") is a name, not an amount: a sentence
// that only names a plan does not answer "how much", and a figure question looks past it for one that states a figure.
import { expect, test } from "bun:test";
import { statesFigure } from "./rank/fact-features";
import { figureFirst } from "./rank/pick-evidence";
import type { ScoredSentence } from "./rank/score-sentences";

test("a plan's section number is no figure; money, shares and spoken amounts are", () => {
  expect(statesFigure("We moved it over to the 401(k) last spring.")).toBe(false);
  expect(statesFigure("She has the 403 B from the school district.")).toBe(false);
  expect(statesFigure("The 457b is separate.")).toBe(false);
  expect(statesFigure("The 401(k) holds $212,000.")).toBe(true);
  expect(statesFigure("It is about twelve thousand a year.")).toBe(true);
  expect(statesFigure("Put 6% in.")).toBe(true);
  expect(statesFigure("Suite 450 on the fourth floor.")).toBe(true);
});

const sentence = (text: string, coverage: number): ScoredSentence => ({
  passage: 0,
  speaker: "Lena Ruiz",
  text,
  next: null,
  similarity: 0.3,
  coverage,
  known: 1,
  kind: 1,
  score: coverage,
});

test("a figure question passes over a sentence that only names a plan", () => {
  const ranked = figureFirst([
    sentence("Then we roll the old 403 B into the new plan.", 0.6),
    sentence("That old account is about thirty-one thousand.", 0.5),
  ]);
  expect(ranked[0]!.text).toBe("That old account is about thirty-one thousand.");
});
