// What kind of fact a question asks for, and which sentences hold it: "how many" asks for a count, not money;
// pensions, benefits and charges are amounts; "how long" asks for a time; a name asks for a person. A spoken amount
// with a rate ("fifty-one twenty a month") is a figure; a reply's speaker label, a capital starting a sentence and
// an acronym are not a person's name.
import { expect, test } from "bun:test";
import type { Passage } from "./answer-types";
import { correctionAfter, passageSentences } from "./rank/candidate-sentences";
import { kindMatch, statesFigure } from "./rank/fact-features";
import { figureFirst, holdsFact, pickEvidence } from "./rank/pick-evidence";
import type { ScoredSentence } from "./rank/score-sentences";
import { namesIn } from "./understand/names-in-text";
import { detectQuestionKinds } from "./understand/understand-question";

test("a count, an amount named by its noun, a duration and a name are the kinds asked", () => {
  expect(detectQuestionKinds("How many staff does the bakery employ?")).toEqual(["count"]);
  expect(detectQuestionKinds("What is Dora's widow's pension?")).toEqual(["amount"]);
  expect(detectQuestionKinds("Which disability benefit did we settle on?")).toContain("amount");
  expect(detectQuestionKinds("What is the notary charging for the deed?")).toEqual(["amount"]);
  expect(detectQuestionKinds("How long will he keep the cabin?")).toEqual(["when"]);
  expect(detectQuestionKinds("What is the accountant's name?")).toEqual(["who"]);
});

test("a count is a number in digits or words; money is not needed", () => {
  expect(kindMatch("We have nineteen people on the crew.", "Ines Vela", ["count"])).toBe(1);
  expect(kindMatch("We have a big crew.", "Ines Vela", ["count"])).toBe(0);
});

test("a spoken amount with a rate is a figure; tens alone or a rate alone are not", () => {
  expect(statesFigure("The estimate says about sixty-two forty a month.")).toBe(true);
  expect(statesFigure("She turns seventy this spring.")).toBe(false);
  expect(statesFigure("We meet once a month.")).toBe(false);
});

test("a house number before its street names a place: no amount", () => {
  expect(statesFigure("The farmhouse is out on Quarry Road, 1460 Quarry.")).toBe(false);
  expect(kindMatch("The farmhouse is out on Quarry Road, 1460 Quarry.", null, ["amount"])).toBe(0);
  expect(statesFigure("We're at 77 Linden Street now, the rent is $2,150.")).toBe(true);
  // A day of a month is no street, and an amount stays one.
  expect(kindMatch("The closing was moved to 14 June.", null, ["amount"])).toBe(0.5);
  expect(statesFigure("The barn sold for 640 thousand.")).toBe(true);
});

test("an interest rate or a percentage asks for a share: a sentence with one answers better than a sum", () => {
  expect(detectQuestionKinds("What's the interest rate on the boat loan?")).toEqual(["amount", "share"]);
  expect(detectQuestionKinds("What percentage does Ines own?")).toEqual(["amount", "share"]);
  // A rate alone may be a price.
  expect(detectQuestionKinds("What is the care home's new rate?")).toEqual(["amount"]);
  const kinds = detectQuestionKinds("What's the interest rate on the boat loan?");
  expect(kindMatch("The loan is at four point two percent.", null, kinds)).toBe(1);
  expect(kindMatch("We owe about eighteen thousand on the boat.", null, kinds)).toBe(0.5);
  expect(holdsFact("Fixed at 4.2 for five years.", ["share"])).toBe(true);
  expect(holdsFact("Fixed for five years.", ["share"])).toBe(false);
});

test("a tax form named by its number, letters first or last, states no amount", () => {
  expect(statesFigure("Bring the SSA-1099 and the 1099-R for the pension.")).toBe(false);
  expect(kindMatch("Bring the SSA-1099 and the 1099-R for the pension.", null, ["amount"])).toBe(0);
  // The end of a sum before "a month" is no plan ("401(a)").
  expect(statesFigure("The pension pays 1,450 a month.")).toBe(true);
  expect(kindMatch("The 403 b and the 457b are with the district.", null, ["amount"])).toBe(0);
  expect(statesFigure("The lake lot is maybe 450k.")).toBe(true);
});

test("a conclusion answers what someone decided or concluded", () => {
  expect(kindMatch("The surveyor's conclusion is that the fence sits on our side.", null, ["decision"])).toBe(1);
  // What someone will do is a plan or a promise: half a decision, behind a decision said.
  expect(kindMatch("Okay, I'll ring the surveyor after this.", null, ["decision"])).toBe(0.5);
  expect(kindMatch("We agreed to keep the fence where it is.", null, ["decision"])).toBe(1);
});

test("a 'how many' question keeps its best sentence though it states no money", () => {
  const s = (text: string, score: number): ScoredSentence => ({
    passage: 0,
    speaker: "Ines Vela",
    text,
    next: null,
    similarity: 0.2,
    coverage: 0.8,
    known: 1,
    kind: 1,
    score,
  });
  const ranked = [s("Nineteen, with the two apprentices.", 0.6), s("Payroll runs about forty thousand a month.", 0.5)];
  // The figure rule is for money questions only: pickEvidence applies it when "amount" is asked.
  expect(detectQuestionKinds("How many people work there?")).not.toContain("amount");
  expect(figureFirst(ranked)[0]?.text).toBe("Payroll runs about forty thousand a month.");
});

test("a reply's speaker label, a capital after a stop and an acronym are no name; a titled name is", () => {
  const who = ["who"] as const;
  expect(kindMatch("What do you need? Omar Tran: Your dentist's name and the clinic.", null, who)).toBe(0);
  expect(kindMatch("Then you sign the HIPAA release.", null, who)).toBe(0);
  expect(kindMatch("My dentist is Dr. Ng.", null, who)).toBe(1);
  expect(kindMatch("We asked Aurelie about the claim.", null, who)).toBe(1);
});

test("'when' is answered best by a day on the calendar, a span counts for half", () => {
  expect(kindMatch("Then come in Tuesday, May 4th, at nine.", null, ["when"])).toBe(1);
  expect(kindMatch("The deed is recorded on the 17th.", null, ["when"])).toBe(1);
  expect(kindMatch("Drafts take about three weeks.", null, ["when"])).toBe(0.5);
});

test("the people a question names are not the person it asks for", () => {
  expect(namesIn("Who is the executor for Wilma's estate, and does Otto agree?")).toEqual(["wilma", "otto"]);
  expect(namesIn("Who did we name?")).toEqual([]);
});

test("a figure the speaker takes back is read with its correction", () => {
  expect(
    correctionAfter("The rent is fourteen hundred a month.", ["Sorry, no, they raised it.", "It's $1,550 now."]),
  ).toEqual({ correctedBy: "Sorry, no, they raised it. It's $1,550 now." });
  expect(correctionAfter("The fee is $900.", ["Actually, $950 with filing."])).toEqual({
    correctedBy: "Actually, $950 with filing.",
  });
  // No correction word, or no new figure: nothing is added.
  expect(correctionAfter("The fee is $900.", ["That covers the deed.", "It's $40 to record."])).toEqual({});
  expect(correctionAfter("The fee is $900.", ["Sorry, I lost my place.", "Where were we?"])).toEqual({});
});

test("the finding keeps the correction the speaker made in the next cues", () => {
  const passage: Passage = {
    meetingId: 2,
    title: "Rental review",
    date: new Date(2026, 1, 2),
    clientName: "Varga household",
    source: "transcript",
    content:
      "Ines Varga: The rent is fourteen hundred a month.\nInes Varga: Sorry, no, they raised it. It's $1,550 now.",
    speakers: ["Ines Varga"],
  };
  const rent = passageSentences([passage]).find((c) => c.text.startsWith("The rent"))!;
  const [finding] = pickEvidence(
    [{ ...rent, similarity: 0.5, coverage: 1, known: 1, kind: 1, score: 1 }],
    [passage],
    ["amount"],
  );
  expect(finding?.text).toBe("The rent is fourteen hundred a month. Sorry, no, they raised it. It's $1,550 now.");
});
