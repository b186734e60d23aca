// What an example of a rule expects, checked: shared by the generated tests and the docs script (which will not
// document a table whose examples fail).

import { isDeepStrictEqual } from "node:util";
import { matchRule, type Rule, type RuleExample, type RuleTable } from "./rules";

/** Why the example fails for the rule, or null when it holds. */
export function exampleFailure<E, O>(table: RuleTable<E, O>, rule: Rule<E, O>, example: RuleExample<O>): string | null {
  const hit = matchRule(rule, example.text);
  const { expect } = example;
  if (typeof expect === "boolean") {
    if (expect === (hit !== null)) return null;
    return expect ? "expected a match, found none" : `expected no match, matched "${hit?.text}"`;
  }
  if (table.apply) {
    const actual = table.apply(rule, example.text);
    return isDeepStrictEqual(actual, expect) ? null : `expected ${show(expect)}, got ${show(actual)}`;
  }
  if (typeof expect === "string") {
    if (hit?.text === expect) return null;
    return hit ? `expected to match "${expect}", matched "${hit.text}"` : `expected to match "${expect}", found none`;
  }
  return `expects ${show(expect)}, but table ${table.id} has no apply to compare it with`;
}

/** Every problem of a table's shape: ids, missing examples, and examples that fail. */
export function tableProblems(table: RuleTable<unknown, unknown>): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const rule of table.rules) {
    if (seen.has(rule.id)) problems.push(`rule id ${rule.id} is used twice`);
    seen.add(rule.id);
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(rule.id)) problems.push(`rule id ${rule.id} is not kebab-case`);
    if (!rule.examples.some((example) => example.expect !== false))
      problems.push(`rule ${rule.id} has no example it matches`);
    for (const example of rule.examples) {
      const failure = exampleFailure(table, rule, example);
      if (failure) problems.push(`rule ${rule.id}, "${example.text}": ${failure}`);
    }
  }
  return problems;
}

function show(value: unknown): string {
  return typeof value === "string" ? `"${value}"` : JSON.stringify(value);
}
