// The executive summary's shape: purpose, what was found, what was decided (once), what happens next.
import { expect, test } from "bun:test";
import { composeExecutiveSummary } from "./executive-summary";

const parts = {
  title: "Annual review",
  clientName: "Ruiz household",
  found: ["The roof needs replacing next spring.", "Keep the umbrella policy."],
  decisions: ["Keep the umbrella policy."],
  actionItems: [{ task: "Send the renewal quote", assignee: "Ana Ruiz" }],
  nextMeeting: null,
  proper: new Set<string>(),
};

test("a decision among the findings is said once, under Decided", () => {
  expect(composeExecutiveSummary(parts)).toBe(
    "Purpose: Annual review. The roof needs replacing next spring. Decided: keep the umbrella policy. " +
      "Next: Ana to send the renewal quote.",
  );
});

test("findings that are not decisions stay", () => {
  expect(composeExecutiveSummary({ ...parts, decisions: [] })).toContain("Keep the umbrella policy.");
});
