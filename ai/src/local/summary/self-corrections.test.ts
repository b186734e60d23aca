import { describe, expect, test } from "bun:test";
import { dropCorrectedFigures } from "./self-corrections";

describe("dropCorrectedFigures", () => {
  test.each([
    ["The fee is twenty— no, twenty-five hundred.", "The fee is twenty-five hundred."],
    ["The number is 5820-11, hold on, no, 5820-1147.", "The number is 5820-1147."],
    ["We put in forty thousand, sorry, forty-five thousand.", "We put in forty-five thousand."],
    ["It closes at 3.5, I mean 3.75 percent.", "It closes at 3.75 percent."],
  ])("%s", (said, kept) => {
    expect(dropCorrectedFigures(said)).toBe(kept);
  });

  test.each([
    "No, sorry, I missed that.",
    "We said no, twenty is too many.",
    "The house, no, the cabin is the one to sell.",
  ])("leaves %s alone", (said) => {
    expect(dropCorrectedFigures(said)).toBe(said);
  });

  test("runs in time linear in the text", () => {
    const text = "twenty, no, ".repeat(30_000);
    const started = performance.now();
    dropCorrectedFigures(text);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
