import { describe, expect, test } from "bun:test";
import { countShorthandAmounts, saysShorthandMoney } from "./shorthand-amounts";

describe("countShorthandAmounts", () => {
  test.each([
    ["The cottage? I'd say three seventy, maybe.", 1],
    ["Parking is twelve forty a month.", 1],
    ["Her share of the rent is thirteen twenty-five.", 1],
    ["Probably six fifteen.", 0],
    ["Let's start at ten thirty.", 0],
    ["The train leaves at eight forty-five.", 0],
    ["They bought it in nineteen ninety.", 0],
    ["Two hundred and forty thousand.", 0],
    ["The rent is fourteen-fifty.", 1],
    ["The policy comes to fifty-two eighty.", 1],
    ["Some say twenty-five, thirty.", 0],
    ["It was twenty twenty.", 0],
    ["It read one-eighteen over seventy-six.", 0],
  ])("%s", (text, count) => {
    expect(countShorthandAmounts(text)).toBe(count);
  });

  test("reads a time-like pair as an amount when the turn before asks about money", () => {
    expect(countShorthandAmounts("Probably six fifteen.", "What's the boat worth these days?")).toBe(1);
  });

  test("runs in time linear in the text", () => {
    const text = "five sixty and ".repeat(50_000);
    const started = performance.now();
    expect(countShorthandAmounts(text)).toBe(50_000);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe("saysShorthandMoney", () => {
  test("a pair is money where the sentence or the question before it talks of money", () => {
    expect(saysShorthandMoney("Honestly, maybe four eighty.", "What would the lake house sell for?")).toBe(true);
    expect(saysShorthandMoney("The garage unit's eleven seventy-five.", "And the rents on the two units?")).toBe(true);
  });

  test("a pair with no money near it, or money with no pair, is not", () => {
    expect(saysShorthandMoney("We land at nine forty.", "When does your flight get in?")).toBe(false);
    expect(saysShorthandMoney("It costs a lot.", "What's the price?")).toBe(false);
  });
});
