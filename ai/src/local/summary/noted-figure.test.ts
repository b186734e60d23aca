import { describe, expect, test } from "bun:test";
import { isNotedFigure } from "./noted-figure";

describe("isNotedFigure", () => {
  test.each([
    ["2,215, to be exact.", true],
    ["Let me be precise, it's 412 for the van and 388 for the truck.", true],
    ["So all in, the three accounts come to about 910,000.", true],
    ["Together that's 7,400 a year for both policies.", true],
    ["The two policies combined cost 7,400.", true],
    ["The van cost 41,000.", false],
    ["Let me be precise about what the trust does.", false],
    ["We should meet together next week.", false],
  ])("%s", (text, expected) => {
    expect(isNotedFigure(text)).toBe(expected);
  });
});
