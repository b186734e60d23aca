// The sentences of a note that add nothing: a figure said again in other words, a hedge alone. The table's own
// examples are tested by ai/src/language/rule-tables.test.ts; these test the note as a whole.
import { expect, test } from "bun:test";
import { amountsIn, withoutRepeats } from "./note-joins.rules";

test("amounts are read as values whatever their words", () => {
  expect(amountsIn("It was $52,000, call it 52 grand, or 0.052 million.")).toEqual([52_000, 52_000, 52_000]);
  expect(amountsIn("Rates at 4.5% on 3 loans")).toEqual([4.5, 3]);
});

test("a figure said again in other words leaves the note; a new figure stays", () => {
  expect(withoutRepeats(["The boat sold for 52,000.", "$52,000."])).toEqual(["The boat sold for 52,000."]);
  expect(withoutRepeats(["The boat sold for 52,000.", "52 grand."])).toEqual(["The boat sold for 52,000."]);
  expect(withoutRepeats(["The boat sold for 52,000.", "$48,000."])).toEqual(["The boat sold for 52,000.", "$48,000."]);
});

test("a hedge alone leaves the note, but never the note's first sentence", () => {
  expect(withoutRepeats(["Fees come to about 1,200 a year.", "Something like that."])).toEqual([
    "Fees come to about 1,200 a year.",
  ]);
  expect(withoutRepeats(["Give or take."])).toEqual(["Give or take."]);
});

test("the check is linear in the note's length", () => {
  const sentences = (n: number) =>
    Array.from({ length: n }, (_, i) => (i % 2 ? `${i} grand.` : `Item ${i} is ${i},000.`));
  const time = (n: number) => {
    const input = sentences(n);
    const start = performance.now();
    withoutRepeats(input);
    return performance.now() - start;
  };
  time(2_000);
  const small = time(4_000);
  const large = time(64_000);
  // 16 times the sentences: a quadratic step would take ~256 times as long.
  expect(large / Math.max(small, 0.5)).toBeLessThan(64);
});
