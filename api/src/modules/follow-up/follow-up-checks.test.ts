import { describe, expect, test } from "bun:test";
import { checkContext, checkedLines, findLineProblem, maskAccountNumbers } from "./follow-up-checks";

const context = checkContext(
  [
    { start: 0, speaker: "Priya Castellano", text: "I will send the forms on Monday." },
    { start: 3, speaker: "Margaret Hale", text: "Fine. I'll tell the roofer to keep it under 15,000, then." },
  ],
  ["Priya Castellano", "Priya"],
);

describe("maskAccountNumbers", () => {
  test("account, card, routing and social security numbers keep only their last four digits", () => {
    expect(maskAccountNumbers("the account number… 4471-0038-2291.")).toBe("the account number… •••• 2291.");
    expect(maskAccountNumbers("card 4111 1111 1111 1111 expires")).toBe("card •••• 1111 expires");
    expect(maskAccountNumbers("routing 021000021, account 000123456789")).toBe("routing •••• 0021, account •••• 6789");
    expect(maskAccountNumbers("SSN 123-45-6789")).toBe("SSN •••• 6789");
    expect(maskAccountNumbers("ref#987654321")).toBe("ref#•••• 4321");
  });

  test("amounts, dates, short numbers and amounts after a currency sign stay as written", () => {
    const kept = "$1,250,000 on 2026-05-04 at 14:30, 403(b), 4,200 twice, $125000000 and 12345678";
    expect(maskAccountNumbers(kept)).toBe(kept);
  });

  test("walks a long text of digits and separators once", () => {
    const long = "1-2 3.4 5 ".repeat(50_000);
    // One run of 200,000 digits: one number, shown by its last four.
    expect(maskAccountNumbers(long)).toBe("•••• 2345 ");
  });
});

describe("findLineProblem", () => {
  test("a question, a quotation, 'Unassigned' and a client's first-person sentence from the transcript", () => {
    expect(findLineProblem("Did you make the 4,200 estimated payment?", context)).toBe("question");
    expect(findLineProblem("You said “three trucks is two too many”.", context)).toBe("quotation");
    expect(findLineProblem('Keep the "old" plan', context)).toBe("quotation");
    expect(findLineProblem("Order the appraisal (Unassigned)", context)).toBe("unassigned");
    expect(findLineProblem("I'll tell the roofer to keep it under 15,000, then.", context)).toBe("client-quote");
    expect(findLineProblem("Noted. I’ll tell the roofer to keep it under 15,000, then", context)).toBe("client-quote");
  });

  test("the advisor's own words, a third-person statement and an apostrophe pass", () => {
    expect(findLineProblem("I will send the forms on Monday.", context)).toBeNull();
    expect(findLineProblem("Keep the roof under $15,000.", context)).toBeNull();
    expect(findLineProblem("Update Margaret's beneficiary on the 403(b)", context)).toBeNull();
  });

  test("checkedLines masks what passes and leaves out what fails", () => {
    expect(checkedLines(["Send the statement for 4471-0038-2291", "Who holds the deed?"], context)).toEqual([
      "Send the statement for •••• 2291",
    ]);
  });
});
