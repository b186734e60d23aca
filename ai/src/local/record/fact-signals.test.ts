import { describe, expect, test } from "bun:test";
import { countFacts, countFigures } from "./fact-signals";

describe("countFacts", () => {
  test("figures as the notes write them, not small counts", () => {
    expect(countFigures("The fund holds $75,000 and returned 6% since 2021.")).toBe(3);
    expect(countFigures("We met 2 of them.")).toBe(0);
  });

  test("a plan or tax form named by its number is not a figure", () => {
    expect(countFigures("Move the old 403(b) and the 457 into one IRA.")).toBe(0);
    expect(countFigures("She files a 1099 for the consulting and a 1040 for the rest.")).toBe(0);
    expect(countFigures("The 401(k) holds $88,000.")).toBe(1);
    expect(countFigures("The bill was $529 and the fee 1,040.")).toBe(2);
  });

  test("a number read out to be written down counts more than a figure", () => {
    expect(countFacts("Her policy number is PX-4410-22.")).toBeGreaterThan(countFacts("Her premium is 4,410."));
    expect(countFacts("Call him on 555-0142-88.")).toBeGreaterThanOrEqual(3);
  });

  test("who receives which gift", () => {
    expect(countFacts("She'd like the piano to go to Theo.")).toBe(1);
    expect(countFacts("Put in a gift of the stamp albums to Dora.")).toBe(1);
    expect(countFacts("We left the sailboat to Ines in the old will.")).toBe(1);
    expect(countFacts("We're going to fly to Denver next week.")).toBe(0);
    expect(countFacts("They went to Boston for the summer.")).toBe(0);
  });

  test("who takes which role in the plan", () => {
    expect(countFacts("Nora as guardian, Felix as trustee.")).toBe(2);
    expect(countFacts("Ines is the successor trustee.")).toBe(1);
    expect(countFacts("A trustee manages the money.")).toBe(0);
  });

  test("how an asset is held or a return is filed", () => {
    expect(countFacts("The cottage is titled as joint tenants with her brother.")).toBe(1);
    expect(countFacts("This year you file married filing separately.")).toBe(1);
    expect(countFacts("The rest goes to the grandchildren per stirpes.")).toBe(1);
    expect(countFacts("The tenants in the duplex pay on time.")).toBe(0);
  });

  test("runs in time linear in the text", () => {
    const text = `${"7".repeat(200_000)} ${"Ab ".repeat(50_000)}`;
    const started = performance.now();
    countFacts(text);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
