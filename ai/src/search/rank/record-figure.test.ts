import { describe, expect, test } from "bun:test";
import type { SummaryFact } from "../../types";
import { type RecordFigure, recordFigureFor } from "./record-figure";

const figure = (meetingId: number, subject: string, value: string, more: Partial<SummaryFact> = {}): RecordFigure => ({
  meetingId,
  fact: {
    kind: "figure",
    subject,
    value,
    text: `${subject[0]!.toUpperCase()}${subject.slice(1)}: ${value}${more.period ? ` a ${more.period}` : ""}.`,
    confidence: 0.4,
    ...more,
  },
});

/** A figure whose sentence form says its measure ("The house is listed at $515,000."). */
const saidAs = (meetingId: number, subject: string, value: string, text: string): RecordFigure => {
  const plain = figure(meetingId, subject, value);
  return { ...plain, fact: { ...plain.fact, text } };
};

const answer = (question: string, figures: RecordFigure[], names: string[] = [], verbs?: Set<string>) =>
  recordFigureFor(question, names, figures, verbs)?.fact.text;

describe("a figure of the records that answers the amount asked", () => {
  test("every word of the figure's subject is named in the question, by its stem or its start", () => {
    const figures = [figure(1, "appraisal", "$455,000"), figure(1, "dock", "$20,000")];
    expect(answer("What did the cottage appraise at?", figures)).toBe("Appraisal: $455,000.");
    // Less than half of what the question is about named: the sentences said answer it better.
    expect(answer("What did the lake cottage's dock appraise at?", figures)).toBeUndefined();
    expect(answer("How much is in the money market account?", [figure(1, "money market account", "$12,400")])).toBe(
      "Money market account: $12,400.",
    );
    // "Savings account" names a word the question does not: it is not what was asked.
    expect(answer("How much is in the brokerage account?", [figure(1, "savings account", "$9,000")])).toBeUndefined();
  });

  test("a subject of asking words alone answers nothing, nor does a year or a phone number", () => {
    expect(answer("How much is it worth?", [figure(1, "value", "$80,000")])).toBeUndefined();
    expect(answer("How old is the trust?", [figure(1, "trust", "2011")])).toBeUndefined();
  });

  test("a rate asked takes a percentage, and a percentage answers only a rate", () => {
    const figures = [figure(1, "mortgage", "$212,000"), figure(1, "mortgage", "4.25%")];
    expect(answer("What's the interest rate on the mortgage?", figures)).toBe("Mortgage: 4.25%.");
    expect(answer("How much is left on the mortgage?", figures)).toBe("Mortgage: $212,000.");
  });

  test("a rate per period asked takes that period; what a thing is worth takes no period", () => {
    const figures = [
      figure(1, "rent", "$2,100", { period: "month" }),
      figure(1, "rent", "$25,200", { period: "year" }),
    ];
    expect(answer("What is the rent each month?", figures)).toBe("Rent: $2,100 a month.");
    expect(answer("What is the annual rent?", figures)).toBe("Rent: $25,200 a year.");
    expect(answer("What is the boat worth?", [figure(1, "boat", "$900", { period: "month" })])).toBeUndefined();
  });

  test("names and amounts in the question name no subject; the figure's owner is matched by name", () => {
    const figures = [figure(1, "Dmitri's 403(b)", "$91,000"), figure(1, "Lena's 403(b)", "$40,000")];
    expect(answer("How much is in Lena's 403(b)?", figures, ["Lena"])).toBe("Lena's 403(b): $40,000.");
    expect(answer("How much tax on a $50,000 gift?", [figure(1, "tax", "$0")])).toBe("Tax: $0.");
  });

  test("asked what a thing appraised at, a figure said as valued answers before a newer one of the thing alone", () => {
    const figures = [
      figure(2, "house", "$498,000"),
      saidAs(1, "house", "$520,000", "The house was valued at $520,000."),
    ];
    const verbs = new Set(["did", "apprais"]);
    expect(answer("What did the house appraise at?", figures, [], verbs)).toBe("The house was valued at $520,000.");
    // Asked what it is worth, no figure says the measure asked: the newest stands.
    expect(answer("How much is the house?", figures)).toBe("House: $498,000.");
  });

  test("most of the question named first, then the fewest words unnamed, then the newest meeting", () => {
    const figures = [figure(2, "brokerage account", "$198,000"), figure(1, "brokerage account", "$204,000")];
    expect(recordFigureFor("What's in the brokerage account?", [], figures)).toMatchObject({
      meetingId: 2,
      coverage: 1,
    });
    const precise = [figure(2, "account", "$7,000"), figure(1, "brokerage account", "$204,000")];
    expect(answer("What's in the brokerage account?", precise)).toBe("Brokerage account: $204,000.");
    // "listed" is a word of the figure the question does not name.
    const listedFirst = [
      saidAs(1, "house", "$515,000", "The house is listed at $515,000."),
      figure(1, "appraisal", "$498,000"),
    ];
    expect(answer("What did the house appraise at?", listedFirst, [], new Set(["did", "apprais"]))).toBe(
      "Appraisal: $498,000.",
    );
  });

  test("the question's verbs are of its subject only where a figure's subject names them", () => {
    const figures = [figure(1, "EBITDA", "$310,000")];
    // "use" asks how; "EBITDA" and "valuation" are what is asked of.
    const verbs = new Set(["did", "use"]);
    expect(answer("What EBITDA did they use for the valuation?", figures, [], verbs)).toBe("EBITDA: $310,000.");
    expect(answer("What EBITDA did they use for the valuation?", figures)).toBeUndefined();
    // Written in capitals, it is what is asked of, though read among the question's names.
    expect(answer("What EBITDA did Owen use for the valuation?", figures, ["ebitda", "owen"], verbs)).toBe(
      "EBITDA: $310,000.",
    );
  });

  test("two figures of one meeting alike, with different values: no answer", () => {
    const twice = [figure(1, "pension", "$1,200", { period: "month" }), figure(1, "pension", "$1,900")];
    expect(recordFigureFor("How much is the pension?", [], twice)).toBeUndefined();
    // Told in two meetings, the newest answers.
    const apart = [figure(2, "pension", "$1,250"), figure(1, "pension", "$1,200")];
    expect(answer("How much is the pension?", apart)).toBe("Pension: $1,250.");
  });

  test("a street the question names stands for the home on it, and the sentence form's measure is named", () => {
    const listed = saidAs(2, "condo", "$412,000", "The condo is listed at $412,000.");
    const figures = [listed, figure(2, "boat", "$30,000")];
    expect(answer("Maple Street list price?", figures, ["Street"])).toBe("The condo is listed at $412,000.");
    expect(answer("What is the Elm Road condo listed at?", figures, ["Road"])).toBe("The condo is listed at $412,000.");
    // A place that is no street ("Harbor Federal") names no home.
    expect(answer("Harbor Federal list price?", figures, ["Harbor", "Federal"])).toBeUndefined();
  });

  test("a figure said as a bound is a limit: it answers a question of a limit, not of an amount", () => {
    const bound = saidAs(3, "529 plan", "$18,000", "529 plan: up to $18,000.");
    expect(answer("How much is going into the 529 plan?", [bound])).toBeUndefined();
    expect(answer("What's the limit on the 529 plan?", [bound])).toBe("529 plan: up to $18,000.");
    expect(answer("What is the maximum for the 529 plan?", [bound])).toBe("529 plan: up to $18,000.");
  });

  test("an act asked as a verb is the figure named by its noun: leaving is a bequest, giving a gift", () => {
    const figures = [figure(1, "bequest", "$150,000"), figure(1, "gifts", "$3,000", { period: "year" })];
    expect(answer("How much is Nana leaving Toby?", figures, ["Nana", "Toby"])).toBe("Bequest: $150,000.");
    expect(answer("How much does Peggy give to the shelter each year?", figures, ["Peggy"])).toBe(
      "Gifts: $3,000 a year.",
    );
    // Naming neither act, neither answers.
    expect(answer("How much is in the shelter's account?", figures)).toBeUndefined();
  });
});
