import { describe, expect, test } from "bun:test";
import { splitSegmentsIntoSentences } from "../../language/sentences";
import { settledQuestion } from "./settled-question";

function turns(lines: [string, string][]) {
  return splitSegmentsIntoSentences(lines.map(([speaker, text], i) => ({ speaker, text, start: i, end: i + 1 })));
}

describe("settledQuestion", () => {
  test("a question about what to do, answered yes, is noted as what was settled, without speakers", () => {
    const said = turns([
      ["Hugo Tran", "Do we keep the umbrella policy?"],
      ["Mira Solis", "Yes, keep it, it costs very little."],
    ]);
    expect(settledQuestion(said[0]!, said)).toBe("Keep the umbrella policy, agreed.");
  });

  test("a choice between options is settled by the reply naming one, after the asker's aside", () => {
    const said = turns([
      ["Hugo Tran", "Should we take the lump sum or the annuity?"],
      ["Hugo Tran", "The letter lists both."],
      ["Mira Solis", "The annuity, given your health."],
    ]);
    expect(settledQuestion(said[0]!, said)).toBe("Take the annuity.");
    const yearly = turns([
      ["Mira Solis", "Should we pay the premium yearly or monthly?"],
      ["Hugo Tran", "Yearly, if the budget allows."],
    ]);
    expect(settledQuestion(yearly[0]!, yearly)).toBe("Pay the premium yearly.");
    // A reply that names an option among other words keeps the question with it.
    const partly = turns([
      ["Mira Solis", "Should we pay the premium yearly or monthly?"],
      ["Hugo Tran", "Monthly for now, then yearly."],
    ]);
    expect(settledQuestion(partly[0]!, partly)).toBe(
      "Pay the premium yearly or monthly: monthly for now, then yearly.",
    );
  });

  test("a role read back to be checked and confirmed is a decision", () => {
    const said = turns([
      ["Mira Solis", "So Delia as executor, and Sven as the backup?"],
      ["Hugo Tran", "Yes."],
    ]);
    expect(settledQuestion(said[0]!, said)).toBe("Delia as executor, and Sven as the backup, agreed.");
  });

  test("a refusal, a question back, the running of the meeting or a figure checked settle nothing", () => {
    const cases: [string, string][][] = [
      [
        ["Hugo Tran", "Do we keep the umbrella policy?"],
        ["Mira Solis", "No, drop it at renewal."],
      ],
      [
        ["Hugo Tran", "Should we sell the rental?"],
        ["Mira Solis", "What would you do with the cash?"],
      ],
      [
        ["Hugo Tran", "Should we start with the taxes?"],
        ["Mira Solis", "Sure."],
      ],
      [
        ["Hugo Tran", "The rental brings in 1,900 a month?"],
        ["Mira Solis", "Yes."],
      ],
      [
        ["Hugo Tran", "Should we take the lump sum or the annuity?"],
        ["Mira Solis", "Let me run both first."],
      ],
    ];
    for (const lines of cases) {
      const said = turns(lines);
      expect(settledQuestion(said[0]!, said)).toBeNull();
    }
  });
});
