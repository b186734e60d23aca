import { describe, expect, test } from "bun:test";
import { findVaguePeriods } from "./vague-periods";

const said = (text: string) => findVaguePeriods(text).map((span) => span.said);

describe("findVaguePeriods", () => {
  test("finds each period once, in order, as said", () => {
    expect(said("Let's aim for early next week, or maybe in a couple of weeks, and settle it this spring.")).toEqual([
      "early next week",
      "a couple of weeks",
      "this spring",
    ]);
  });

  test("the longer reading wins where two start together: 'the week of the ninth', not 'the week'", () => {
    expect(said("We could do the week of the ninth.")).toEqual(["the week of the ninth"]);
  });

  test("'end of next month' is a day, so 'next month' inside it is not a period; 'end of next week' is", () => {
    expect(said("by the end of next month")).toEqual([]);
    expect(said("by the end of next week")).toEqual(["end of next week"]);
  });

  test("spans never overlap and carry their offsets", () => {
    const text = "about two weeks or so";
    const spans = findVaguePeriods(text);
    expect(spans.length).toBe(1);
    expect(text.slice(spans[0]!.start, spans[0]!.end)).toBe(spans[0]!.said);
  });
});
