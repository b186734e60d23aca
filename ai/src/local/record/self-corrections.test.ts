import { describe, expect, test } from "bun:test";
import { dropAsides, dropCorrectedFigures, dropStutters } from "./self-corrections";

describe("dropCorrectedFigures", () => {
  test.each([
    ["The fee is twenty— no, twenty-five hundred.", "The fee is twenty-five hundred."],
    ["The number is 5820-11, hold on, no, 5820-1147.", "The number is 5820-1147."],
    ["We put in forty thousand, sorry, forty-five thousand.", "We put in forty-five thousand."],
    ["It closes at 3.5, I mean 3.75 percent.", "It closes at 3.75 percent."],
    [
      "For a pension of 2,000 a month... sorry, let me say that right, 2,000 a month after tax, you need more.",
      "For a pension of 2,000 a month after tax, you need more.",
    ],
  ])("%s", (said, kept) => {
    expect(dropCorrectedFigures(said)).toBe(kept);
  });

  test.each([
    "No, sorry, I missed that.",
    "We said no, twenty is too many.",
    "The house, no, the cabin is the one to sell.",
    "Let me say that again, slowly.",
  ])("leaves %s alone", (said) => {
    expect(dropCorrectedFigures(said)).toBe(said);
  });

  test("runs in time linear in the text", () => {
    const restarts = "the fee, sorry, let me say that again, ".repeat(10_000);
    const restartStarted = performance.now();
    dropCorrectedFigures(restarts);
    expect(performance.now() - restartStarted).toBeLessThan(2_000);
    const text = "twenty, no, ".repeat(30_000);
    const started = performance.now();
    dropCorrectedFigures(text);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe("dropStutters", () => {
  test.each([
    ["From the, the university plan.", "From the university plan."],
    ["We, we agreed.", "We agreed."],
    ["The house, the cabin and the boat.", "The house, the cabin and the boat."],
    ["Then, then.", "Then."],
  ])("%s", (said, kept) => {
    expect(dropStutters(said)).toBe(kept);
  });

  test("runs in time linear in the text", () => {
    const text = `${"a".repeat(100_000)}, ${"a".repeat(100_000)}, `.repeat(5);
    const started = performance.now();
    dropStutters(text);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe("dropAsides", () => {
  test.each([
    ["You earned about, what was it, 48,000 last year.", "You earned about 48,000 last year."],
    ["If I pay, what, 300 a month.", "If I pay 300 a month."],
    ["The roof, like, leaks.", "The roof leaks."],
    ["The house, the car, and the boat.", "The house, the car, and the boat."],
  ])("%s", (said, kept) => {
    expect(dropAsides(said)).toBe(kept);
  });
});
