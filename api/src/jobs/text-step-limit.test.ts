import { expect, test } from "bun:test";
import { textStepLimitMs } from "./text-step-limit";

test("a short transcript keeps the configured limit", () => {
  expect(textStepLimitMs(600_000, 0)).toBe(600_000);
  expect(textStepLimitMs(600_000, 40_000)).toBe(600_000);
  expect(textStepLimitMs(600_000, 1_000_000)).toBe(600_000);
});

test("the limit grows in step with the transcript's length", () => {
  expect(textStepLimitMs(600_000, 1_000_001)).toBe(1_200_000);
  // The largest upload: just under 10 MB of text.
  expect(textStepLimitMs(600_000, 10_400_000)).toBe(6_600_000);
  // Linear, not faster: ten times the text, ten times the limit.
  expect(textStepLimitMs(1_000, 30_000_000) / textStepLimitMs(1_000, 3_000_000)).toBe(10);
});
