import { expect, test } from "bun:test";
import { countLimitMessage } from "./limit-messages";

test("a limit of one reads as a sentence: '1 client', not '1 clients'", () => {
  expect(countLimitMessage("clients", 1)).toContain("may have 1 client.");
  expect(countLimitMessage("meetings", 1)).toContain("may have 1 meeting, planned ones included.");
  expect(countLimitMessage("actionItems", 1)).toContain("may have 1 action item,");
  expect(countLimitMessage("contacts", 1)).toContain("may have 1 contact address.");
});

test("larger limits are grouped and plural", () => {
  expect(countLimitMessage("clients", 5000)).toContain("may have 5,000 clients.");
  expect(countLimitMessage("contacts", 50)).toContain("may have 50 contact addresses.");
});
