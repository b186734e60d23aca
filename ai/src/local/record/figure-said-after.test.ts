import { expect, test } from "bun:test";
import { subjectSaidAfter } from "./figure-said-after";

test("where a sum goes or stays is what it is", () => {
  expect(subjectSaidAfter(" goes into a bond ladder, three to seven years")).toBe("bond ladder");
  expect(subjectSaidAfter(" stays in cash, for the new furnace")).toBe("cash");
  expect(subjectSaidAfter(", goes into the taxable account, with the same mix")).toBe("taxable account");
  expect(subjectSaidAfter(" will go to the college fund.")).toBe("college fund");
});

test("what a sum is counted in, right after it", () => {
  expect(subjectSaidAfter(" in state tax, give or take")).toBe("state tax");
  expect(subjectSaidAfter(" in legal fees, plus the filing")).toBe("legal fees");
});

test("when, how or how much is no thing", () => {
  expect(subjectSaidAfter(" in a year, roughly")).toBeNull();
  expect(subjectSaidAfter(" in total.")).toBeNull();
  expect(subjectSaidAfter(" in December, once the deal closes")).toBeNull();
  expect(subjectSaidAfter(" in cash, no contingency")).toBeNull();
  expect(subjectSaidAfter(" in two years")).toBeNull();
  expect(subjectSaidAfter(" goes into it")).toBeNull();
  expect(subjectSaidAfter(" in his?")).toBeNull();
  expect(subjectSaidAfter(" a month, after tax")).toBeNull();
});
