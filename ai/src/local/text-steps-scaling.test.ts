// Every text step runs in time linear in the transcript: the same kind of text (the worst kind: every sentence a
// different commitment with a date and an amount) at 1x, 4x and 16x in one run, and no 4x step may cost more than
// MAX_RATIO times as much. A quadratic step costs 16x per 4x step. Ratios within one run, best of a few repetitions.
import { describe, expect, test } from "bun:test";
import { measureScaling, measureUntil, TEXT_STEPS } from "../../test-support/scaling-steps";

/** Linear is 4; garbage collection and a loaded machine add some; quadratic is 16. */
const MAX_RATIO = 6;

describe("text steps scale linearly with the transcript", () => {
  for (const step of TEXT_STEPS) {
    test(step.name, async () => {
      // One round per measurement, and up to three measurements before failing: a burst of load elsewhere on the
      // machine can spoil one ratio, and a linear step passes its first (two rounds each doubled the file's time).
      const scaling = await measureUntil(
        () => measureScaling(step, { stopAbove: MAX_RATIO, rounds: 1 }),
        (s) => Math.max(...s.ratios) <= MAX_RATIO,
      );
      const shown = `${step.name}: ${scaling.times.map((t) => t.toFixed(1)).join(" / ")} ms`;
      expect(Math.max(...scaling.ratios), shown).toBeLessThanOrEqual(MAX_RATIO);
    }, 240_000);
  }
});
