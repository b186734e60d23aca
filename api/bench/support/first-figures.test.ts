import { describe, expect, test } from "bun:test";
import { firstFigures } from "./first-figures";
import type { IssueFigures } from "./issue-figures";

const count = (n: number, of: number) => ({ n, of });
const issue: IssueFigures = {
  answers: count(1, 2),
  across: count(0, 0),
  nothingFound: count(1, 1),
  recall: count(3, 4),
  precision: count(3, 5),
  nextDay: count(1, 2),
  nextWithTopics: null,
  facts: count(2, 3),
  keyPoints: [],
  quotes: { summary: count(0, 0), keyPoints: count(0, 0), email: count(0, 0) },
};
const lead = (confident: boolean, factInLead: boolean, factIn400: boolean, expectsNothing = false) => ({
  confident,
  factInLead,
  factIn400,
  wrongLead: confident && !factInLead,
  leadText: "",
  expectsNothing,
});

describe("issue 38's figures of one set", () => {
  test("count confident answers of the answerable, wrong leads of the confident, off-topic ones apart", () => {
    const figures = firstFigures(
      issue,
      [lead(true, true, true), lead(true, false, true), lead(false, false, true), lead(true, false, false, true)],
      [false, true],
      [],
    );
    expect(figures.confident).toEqual(count(2, 3));
    expect(figures.wrongLeads).toEqual(count(2, 3));
    expect(figures.wrongLeadsOffTopic).toBe(1);
    expect(figures.factInLead).toEqual(count(1, 3));
    expect(figures.factIn400).toEqual(count(3, 3));
    expect(figures.nextWrongDay).toEqual(count(1, 2));
  });

  test("count drafts passing every check and name the check failed most; a missing draft fails", () => {
    const failed = (...checks: ("question mark" | "Unassigned")[]) => ({ passed: false, failed: checks, evidence: {} });
    const figures = firstFigures(
      issue,
      [],
      [],
      [
        { passed: true, failed: [], evidence: {} },
        failed("question mark", "Unassigned"),
        failed("question mark"),
        null,
      ],
    );
    expect(figures.followUp.passed).toEqual(count(1, 4));
    expect(figures.followUp.mostFailed).toBe("question mark (2)");
    expect(figures.followUp.failures.Unassigned).toBe(1);
    expect(figures.followUp.failures["no draft"]).toBe(1);
  });

  test("name every check tied for the most failures", () => {
    const failed = (check: "question mark" | "Unassigned") => ({ passed: false, failed: [check], evidence: {} });
    const figures = firstFigures(issue, [], [], [failed("question mark"), failed("Unassigned")]);
    expect(figures.followUp.mostFailed).toBe("question mark, Unassigned (1 each)");
  });
});
