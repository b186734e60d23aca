import { expect, test } from "bun:test";
import { subjectSaid, subjectShare, subjectTerms, subjectWeights, wordFamily } from "./subject-match";

const shares = (family: string, other: string) => wordFamily(family).some((k) => wordFamily(other).includes(k));

test("a derived noun and its verb are one word family", () => {
  expect(shares("conversions", "converting")).toBe(true);
  expect(shares("application", "apply")).toBe(true);
  expect(shares("appraisal", "appraised")).toBe(true);
  expect(shares("renewal", "renew")).toBe(true);
  expect(shares("distribution", "distributed")).toBe(true);
  // Families stay apart where only a few letters agree.
  expect(shares("conversion", "conversation")).toBe(false);
  expect(shares("term", "terminal")).toBe(false);
});

test("irregular forms are of their verb's family: a sale is selling, bought is buying", () => {
  expect(shares("selling", "sale")).toBe(true);
  expect(shares("selling", "sold")).toBe(true);
  expect(shares("buying", "bought")).toBe(true);
  expect(shares("paying", "paid")).toBe(true);
  expect(shares("selling", "salary")).toBe(false);
  const terms = subjectTerms("selling a house");
  expect(subjectSaid(terms, "Today I want to cover the house sale and the storage unit.").said).toEqual([true, true]);
});

test("a subject word said in another form of its family counts as said", () => {
  const terms = subjectTerms("Roth conversions");
  expect(subjectSaid(terms, "We'll put the money in and convert it the same week to the Roth.").said).toEqual([
    true,
    true,
  ]);
});

test("a hyphenated compound does not say one of its parts on its own", () => {
  const terms = subjectTerms("term life insurance");
  // "short-term" is not "term": only "life" and "insurance" are said.
  expect(subjectSaid(terms, "Her life insurance has a short-term disability rider.").said).toEqual([false, true, true]);
  // A plain "term" is.
  expect(subjectSaid(terms, "He wants thirty-year term on himself.").said).toEqual([true, false, false]);
  // The compound counts when the subject holds its parts side by side.
  expect(subjectSaid(subjectTerms("short term bonds"), "They own short-term bonds.").said).toEqual([true, true, true]);
});

test("a subject said just after a negation is read as denied", () => {
  const terms = subjectTerms("flood insurance");
  expect(subjectSaid(terms, "We never bought any flood insurance for the cabin.").denied).toBe(true);
  expect(subjectSaid(terms, "No, the flood policy lapsed.").denied).toBe(true);
  expect(subjectSaid(terms, "The flood insurance renews in May.").denied).toBe(false);
  // A negation far from the subject does not deny it.
  expect(subjectSaid(terms, "I can't believe how much the premium on our flood insurance rose.").denied).toBe(false);
});

test("a number is one word: a subject's 18 is not said by $18,300, nor 3 by 3.1", () => {
  const terms = subjectTerms("children under 18");
  expect(subjectSaid(terms, "The claim is $18,300.").said).toEqual([false, false]);
  expect(subjectSaid(terms, "Both children are under 18.").said).toEqual([true, true]);
  expect(subjectSaid(subjectTerms("3 rentals"), "The rate is 3.1 on both rentals.").said).toEqual([false, true]);
});

test("rarer subject words weigh more, and words no text says weigh nothing", () => {
  const terms = subjectTerms("yacht insurance crypto");
  const weights = subjectWeights(terms, [
    "The yacht insurance bill came.",
    "Home insurance is due.",
    "Auto insurance went up.",
  ]);
  expect(weights[0]!).toBeGreaterThan(weights[1]!);
  expect(weights[2]).toBe(0);
  expect(subjectShare([true, false, false], weights)).toBeGreaterThan(0.5);
  expect(subjectShare([false, false, true], [0, 0, 0])).toBe(0);
});

test("a word that is also a function word is said where only a noun can stand", () => {
  const terms = subjectTerms("new wills");
  const said = (text: string) => subjectSaid(terms, text).said[1];
  // After an article, a possessive or a word that qualifies nouns, "will" is the document.
  expect(said("Draft a new will and a durable power of attorney.")).toBe(true);
  expect(said("Bring Arne's original will from the safe deposit box.")).toBe(true);
  expect(said("Peggy's will leaves the house to Karin.")).toBe(true);
  // Elsewhere it is the verb's helper, and "that will" is a pronoun before it.
  expect(said("Ruth will draft the power of attorney.")).toBe(false);
  expect(said("The client will call us next week.")).toBe(false);
  expect(said("That will work for the closing.")).toBe(false);
});
