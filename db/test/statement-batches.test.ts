import { describe, expect, test } from "bun:test";
import { StatementBatches } from "../src/queries/statement-batches";

describe("statement batches sized by their measured time", () => {
  test("a slow statement makes the next one smaller, down to one row", () => {
    const batches = new StatementBatches({ initial: 20, max: 50, targetMs: 100 });
    batches.record(20, 400); // 20 ms a row: 5 rows fit in 100 ms
    expect(batches.size).toBe(5);
    batches.record(5, 2_000); // 400 ms a row
    expect(batches.size).toBe(1);
  });

  test("a fast statement lets the next grow, at most twofold and never past the maximum", () => {
    const batches = new StatementBatches({ initial: 4, max: 50, targetMs: 100 });
    batches.record(4, 1);
    expect(batches.size).toBe(8);
    for (let i = 0; i < 5; i++) batches.record(batches.size, 1);
    expect(batches.size).toBe(50);
  });

  test("a slow statement is remembered for a while: one fast statement after it does not let the size jump", () => {
    const batches = new StatementBatches({ initial: 10, max: 50, targetMs: 100 });
    batches.record(10, 200); // 20 ms a row: 5 fit
    expect(batches.size).toBe(5);
    batches.record(5, 5); // 1 ms a row, once: the 20 ms fades to 16 ms, so 6 fit (not 10)
    expect(batches.size).toBe(6);
    // Fast statements in a row let it grow back, a fifth of the slow cost lost each time.
    for (let i = 0; i < 20; i++) batches.record(batches.size, batches.size);
    expect(batches.size).toBe(50);
  });

  test("run covers every item once, in order, and stops when a statement says so", async () => {
    const seen: number[][] = [];
    const items = Array.from({ length: 23 }, (_, i) => i);
    const batches = new StatementBatches({ initial: 3, max: 10, targetMs: 100 });
    expect(await batches.run(items, async (batch) => void seen.push(batch))).toBe(true);
    expect(seen.flat()).toEqual(items);
    expect(seen.every((batch) => batch.length <= 10)).toBe(true);
    const stopped: number[][] = [];
    const again = new StatementBatches({ initial: 3, max: 10, targetMs: 100 });
    expect(
      await again.run(items, async (batch) => {
        stopped.push(batch);
        return stopped.length < 2;
      }),
    ).toBe(false);
    expect(stopped.length).toBe(2);
  });
});
