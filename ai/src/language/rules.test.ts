import { describe, expect, test } from "bun:test";
import { exampleFailure, tableProblems } from "./rule-examples";
import { firstMatch, matchRule, ruleById, ruleTable } from "./rules";

// A rewrite table: each rule's effect is its replacement, and `apply` says what the rule makes of a text.
const tidy = ruleTable({
  id: "test.tidy",
  description: "Spoken shortcuts written out.",
  rules: [
    {
      id: "gonna",
      pattern: /\bgonna\b/gi,
      effect: "going to",
      examples: [
        { text: "We're gonna sell.", expect: "We're going to sell." },
        { text: "Gonzaga", expect: false },
      ],
    },
    { id: "wanna", pattern: /\bwanna\b/i, effect: "want to", examples: [{ text: "I wanna wait.", expect: true }] },
  ],
  apply: (rule, text) => (rule.pattern instanceof RegExp ? text.replace(rule.pattern, rule.effect) : text),
});

const weights = ruleTable({
  id: "test.weights",
  description: "Weights.",
  rules: [
    { id: "money", pattern: (text) => text.includes("$"), effect: "weigh", weight: 2, examples: [] },
    { id: "rate", pattern: (text) => (text.includes("%") ? "%" : null), effect: "weigh", weight: 0.5, examples: [] },
    { id: "plain", pattern: /\bfee\b/, effect: "weigh", examples: [] },
  ],
});

describe("rules", () => {
  test("a regex rule is tried from the start each time, global or not", () => {
    const rule = ruleById(tidy, "gonna");
    expect(matchRule(rule, "gonna, gonna")?.index).toBe(0);
    expect(matchRule(rule, "gonna, gonna")?.index).toBe(0);
  });

  test("a function rule answers true, a string or null", () => {
    expect(matchRule(ruleById(weights, "money"), "$5")).toEqual({ text: "$5", index: 0, captures: [] });
    expect(matchRule(ruleById(weights, "rate"), "at 4%")).toEqual({ text: "%", index: 4, captures: [] });
    expect(matchRule(ruleById(weights, "rate"), "none")).toBeNull();
  });

  test("firstMatch is the first rule of the table that matches", () => {
    expect(firstMatch(weights, "fee at 4%")?.rule.id).toBe("rate");
    expect(firstMatch(weights, "nothing")).toBeNull();
  });

  test("examples are checked against apply where the table has one", () => {
    expect(tableProblems(tidy)).toEqual([]);
    const gonna = ruleById(tidy, "gonna");
    expect(exampleFailure(tidy, gonna, { text: "gonna", expect: "gone" })).toBe('expected "gone", got "going to"');
  });

  test("a table's problems: ids, rules without a matching example, failing examples", () => {
    const broken = ruleTable({
      id: "test.broken",
      description: "Broken.",
      rules: [
        { id: "Bad_Id", pattern: /x/, effect: null, examples: [{ text: "y", expect: false }] },
        { id: "dup", pattern: /x/, effect: null, examples: [{ text: "y", expect: true }] },
        { id: "dup", pattern: /x/, effect: null, examples: [{ text: "x", expect: "xx" }] },
      ],
    });
    expect(tableProblems(broken)).toEqual([
      "rule id Bad_Id is not kebab-case",
      "rule Bad_Id has no example it matches",
      'rule dup, "y": expected a match, found none',
      "rule id dup is used twice",
      'rule dup, "x": expected to match "xx", matched "x"',
    ]);
  });

  test("an unknown rule id is a programming error", () => {
    expect(() => ruleById(tidy, "nope")).toThrow("rule table test.tidy has no rule nope");
  });
});
