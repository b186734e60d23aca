import { describe, expect, test } from "bun:test";
import { countFacts, countFigures } from "./fact-signals";

describe("countFacts", () => {
  test("figures as the notes write them, not small counts", () => {
    expect(countFigures("The fund holds $75,000 and returned 6% since 2021.")).toBe(3);
    expect(countFigures("We met 2 of them.")).toBe(0);
  });

  test("a number read out to be written down counts more than a figure", () => {
    expect(countFacts("Her policy number is PX-4410-22.")).toBeGreaterThan(countFacts("Her premium is 4,410."));
    expect(countFacts("Call him on 555-0142-88.")).toBeGreaterThanOrEqual(3);
  });

  test("who takes which role in the plan", () => {
    expect(countFacts("Nora as guardian, Felix as trustee.")).toBe(2);
    expect(countFacts("Ines is the successor trustee.")).toBe(1);
    expect(countFacts("A trustee manages the money.")).toBe(0);
  });

  test("runs in time linear in the text", () => {
    const text = `${"7".repeat(200_000)} ${"Ab ".repeat(50_000)}`;
    const started = performance.now();
    countFacts(text);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
