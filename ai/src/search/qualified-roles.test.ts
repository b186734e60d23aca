// A role with a word before it that makes it another role ("backup guardian", "successor trustee", "contingent
// beneficiary") is not the role a question asks for: "Who is the guardian?" is answered by "Dana as guardian", not by
// "add Rowan as backup guardian", unless the question asks for the backup itself.
import { expect, test } from "bun:test";
import { QUALIFIED_ROLE_WEIGHT, termCoverage } from "./rank/term-coverage";
import { questionTerms } from "./understand/question-terms";

const asked = questionTerms("Who is the guardian for Milo?");

test("a role said only as another role counts for a quarter", () => {
  expect(termCoverage(asked, "So, Dana as guardian for Milo.", "")).toBe(1);
  const backup = termCoverage(asked, "I'll add Rowan as backup guardian for Milo.", "");
  expect(backup).toBeLessThan(1);
  expect(backup).toBeGreaterThan(termCoverage(asked, "I'll add Rowan for Milo.", ""));
  expect(QUALIFIED_ROLE_WEIGHT).toBeLessThan(0.5);
});

test("the role said plainly as well, or asked with its qualifier, counts in full", () => {
  expect(termCoverage(asked, "Rowan is the backup guardian and Dana the guardian for Milo.", "")).toBe(1);
  const backupAsked = questionTerms("Who is the backup guardian for Milo?");
  expect(termCoverage(backupAsked, "I'll add Rowan as backup guardian for Milo.", "")).toBe(1);
  // "co-trustee" is another role than the trustee.
  expect(termCoverage(questionTerms("Who is the trustee?"), "Dana will be co-trustee.", "")).toBeLessThan(1);
});
