import { describe, expect, test } from "bun:test";
import { factWeight, isHypothetical, saysMoney } from "./fact-weight";

describe("factWeight", () => {
  test("an amount of money weighs more than a count, an age or a rate", () => {
    expect(saysMoney("The boat loan has $14,200 left.")).toBe(true);
    expect(saysMoney("Her stipend is 2,150 a month.")).toBe(true);
    expect(saysMoney("The farm is worth about 1.8 million.")).toBe(true);
    expect(saysMoney("He turned 58 in 2019 and saves 6%.")).toBe(false);
    expect(factWeight("The boat loan has $14,200 left.")).toBeGreaterThan(factWeight("He turned 58 in 2019."));
  });

  test("who takes a role, and a number read out to be written down, weigh like money", () => {
    expect(factWeight("Odile as executor, Bram as trustee.")).toBeGreaterThan(factWeight("Odile is 41."));
    expect(factWeight("The claim number is QX-5521-07.")).toBeGreaterThan(factWeight("Odile is 41."));
  });

  test("a figure asked for and answered weighs more than the same figure in a remark", () => {
    const exchange = "Lena: “What do the tenants pay?” Otto: “1,875 a month.”";
    expect(factWeight(exchange)).toBeGreaterThan(factWeight("Otto mentioned 1,875 a month."));
  });

  test("a case set out weighs less than what is so", () => {
    expect(isHypothetical("If you sold the cottage at 420,000, the gain is about 90,000.")).toBe(true);
    expect(isHypothetical("Say the bank lends 300,000, then the rest is yours.")).toBe(true);
    expect(isHypothetical("You sold the cottage for 420,000 in March.")).toBe(false);
    // A condition after the fact ("…, if the bank asks") does not make the figure a case.
    expect(isHypothetical("The loan number is 88-2291-04, if the bank asks.")).toBe(false);
    expect(factWeight("If you sold the cottage at 420,000, the gain is about 90,000.")).toBeLessThan(
      factWeight("You sold the cottage for 420,000 in March."),
    );
  });

  test("minutes and clock times weigh less than the client's figures", () => {
    expect(factWeight("I only have 25 minutes before my shift.")).toBeLessThan(
      factWeight("The annuity pays 25 a day."),
    );
    expect(factWeight("Let's talk again at 4:30.")).toBeLessThan(factWeight("Let's talk about the 430 shares."));
  });

  test("runs in time linear in the text", () => {
    const text = `${"1,".repeat(100_000)} ${"1:".repeat(100_000)} ${"if, ".repeat(50_000)}${"?” a: “".repeat(20_000)}`;
    const started = performance.now();
    factWeight(text);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
