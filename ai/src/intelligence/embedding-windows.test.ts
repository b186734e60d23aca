import { describe, expect, test } from "bun:test";
import { meanDirection } from "../vectors";
import { splitIntoWindows, WINDOW_CHARS } from "./embedding-windows";

describe("splitIntoWindows", () => {
  test("whole turns packed up to the window size, in order, covering every turn", () => {
    const turns = Array.from(
      { length: 9 },
      (_, i) => `Speaker ${i % 2}: turn number ${i} says something about the plan.`,
    );
    const windows = splitIntoWindows(turns.join("\n"));
    expect(windows.length).toBeGreaterThan(1);
    for (const w of windows) expect(w.length).toBeLessThanOrEqual(WINDOW_CHARS);
    expect(windows.join("\n")).toBe(turns.join("\n"));
  });

  test("a long turn is cut at sentence ends, never inside a word", () => {
    const sentence = "The trustee will review the amendment with the family before the next quarter begins. ";
    const line = `Dana: ${sentence.repeat(12).trim()}`;
    const windows = splitIntoWindows(line);
    expect(windows.length).toBeGreaterThan(2);
    for (const w of windows) {
      expect(w.length).toBeLessThanOrEqual(WINDOW_CHARS);
      expect(w.endsWith(".")).toBe(true);
    }
    expect(windows.join(" ")).toBe(line);
  });

  test("a run without spaces is cut at the size; blank lines and empty text give no windows", () => {
    expect(splitIntoWindows("x".repeat(700)).map((w) => w.length)).toEqual([320, 320, 60]);
    expect(splitIntoWindows("\n  \n")).toEqual([]);
  });
});

test("meanDirection is the unit-length mean", () => {
  const v = meanDirection([
    [1, 0],
    [0, 1],
  ]);
  expect(v[0]).toBeCloseTo(Math.SQRT1_2, 6);
  expect(v[1]).toBeCloseTo(Math.SQRT1_2, 6);
  expect(meanDirection([[0, 0]])).toEqual([0, 0]);
});
