import { expect, test } from "bun:test";
import { termCoverage } from "./rank/term-coverage";
import { questionTerms } from "./understand/question-terms";

// Plain English says money moving in other words than the question: each pair below is one sense.
const covers = (question: string, sentence: string) => termCoverage(questionTerms(question), sentence, "");

test("money set aside: 'contribute' is said as 'put in', 'deposit' or 'save'", () => {
  const asked = "How much does Anika contribute to the college fund?";
  const said = "She puts about six hundred into the college fund.";
  expect(covers(asked, said)).toBeGreaterThan(covers(asked, "She talked about the college fund."));
  expect(covers("What do they deposit each payday?", "They save two hundred each payday.")).toBeGreaterThan(
    covers("What do they deposit each payday?", "They argue each payday."),
  );
});

test("money going out: 'pay' is said as 'cost' or 'spend'", () => {
  const asked = "What do they pay for the boat slip?";
  expect(covers(asked, "The boat slip costs nine hundred a season.")).toBeGreaterThan(
    covers(asked, "The boat slip is near the ramp."),
  );
  expect(covers("How much do they spend on groceries?", "Groceries cost them about eight hundred.")).toBeGreaterThan(
    covers("How much do they spend on groceries?", "Groceries are delivered."),
  );
});

test("money coming in: 'income' is said as 'earns'; 'making' an election is no income", () => {
  const asked = "What is Rosalind's income at the clinic?";
  expect(covers(asked, "Rosalind earns about ninety thousand at the clinic.")).toBeGreaterThan(
    covers(asked, "Rosalind likes the clinic."),
  );
  const tax = "Who files the final income tax return?";
  // "making" counts for no more than any other verb there.
  expect(covers(tax, "We're making the election on the return.")).toBe(
    covers(tax, "We're holding the election on the return."),
  );
});
