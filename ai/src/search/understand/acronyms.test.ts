import { expect, test } from "bun:test";
import { abbreviationsOf, sayAbbreviated, spelledOut } from "./acronyms";

test("an abbreviation of the question, without its plural", () => {
  expect(abbreviationsOf("Which clients have HSAs or an FSA?")).toEqual(["hsa", "fsa"]);
  expect(abbreviationsOf("which clients have a trust?")).toEqual([]);
});

test("the spelled-out form read from the meetings: the run of words spelling it said most often", () => {
  const forms = spelledOut(
    ["hsa"],
    ["We opened a health savings account.", "Her health savings accounts are both funded.", "He has some assets."],
  );
  expect(forms.get("hsa")).toBe("health savings account");
  expect(spelledOut(["qdr"], ["Nothing spells it here."]).size).toBe(0);
});

test("a spelled-out form said as its abbreviation, for matching only", () => {
  const forms = new Map([["hsa", "health savings account"]]);
  expect(sayAbbreviated("Both Health Savings Accounts, and a health savings account.", forms)).toBe(
    "Both HSA, and a HSA.",
  );
});

test("reading the spelled-out form is linear in the text", () => {
  const text = "health savings ".repeat(20_000);
  const started = performance.now();
  spelledOut(["hsa"], [text]);
  sayAbbreviated(text, new Map([["hsa", "health savings account"]]));
  expect(performance.now() - started).toBeLessThan(500);
});
