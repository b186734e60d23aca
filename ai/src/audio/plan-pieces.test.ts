import { describe, expect, test } from "bun:test";
import { planPieces } from "./plan-pieces";

describe("planPieces", () => {
  test("a one-hour recording in 20-minute pieces ends in no 9-second piece", () => {
    const pieces = planPieces(3600, [], 1200, 3);
    expect(pieces).toHaveLength(4);
    const lengths = pieces.map((p) => p.end - p.start);
    expect(Math.min(...lengths)).toBeGreaterThan(500);
    for (const length of lengths) expect(length).toBeLessThanOrEqual(1200);
    for (let i = 1; i < pieces.length; i++) expect(pieces[i]!.start).toBeCloseTo(pieces[i - 1]!.end - 3, 6);
    expect(pieces.at(-1)!.end).toBe(3600);
  });

  test("the balanced cut still prefers a silence", () => {
    // 10-minute pieces: the last two share 655 s and are cut near their middle (3,305 s), at the pause.
    const pieces = planPieces(3630, [{ start: 3300, end: 3302 }], 600, 5);
    expect(pieces.at(-2)!.end).toBe(3301);
    expect(pieces.at(-1)).toEqual({ start: 3296, end: 3630 });
  });

  test("a last piece of fair length is left alone", () => {
    expect(planPieces(50, [], 20, 2)).toEqual([
      { start: 0, end: 20 },
      { start: 18, end: 38 },
      { start: 36, end: 50 },
    ]);
  });
});
