// The test generator: one `bun:test` case per example of each rule of a table. Test code only (it imports
// bun:test); rule-tables.test.ts calls it for every table under ai/src, so a table needs no test file of its own.

import { describe, expect, test } from "bun:test";
import { exampleFailure } from "./rule-examples";
import type { RuleTable } from "./rules";

/** Registers the table's tests: its ids are sound, each rule has an example it matches, each example holds. */
export function describeRuleTable<E, O>(table: RuleTable<E, O>, file = ""): void {
  describe(`rule table ${table.id}${file ? ` (${file})` : ""}`, () => {
    test("rule ids are kebab-case and unique", () => {
      const ids = table.rules.map((rule) => rule.id);
      expect(ids.filter((id) => !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(id))).toEqual([]);
      expect(new Set(ids).size).toBe(ids.length);
    });
    for (const rule of table.rules) {
      test(`${rule.id}: has an example it matches`, () => {
        expect(rule.examples.some((example) => example.expect !== false)).toBe(true);
      });
      for (const example of rule.examples) {
        const says = typeof example.expect === "boolean" ? (example.expect ? "matches" : "does not match") : "gives";
        test(`${rule.id} ${says}: ${example.text}`, () => {
          expect(exampleFailure(table, rule, example)).toBeNull();
        });
      }
    }
  });
}
