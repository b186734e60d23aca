// Every rule of the next meeting's tables holds its own examples: the tests are generated from the tables.
import { describe, expect, test } from "bun:test";
import { matchRule, type Rule } from "./rule-table";
import { SCHEDULING_ACTS } from "./scheduling.rules";
import { TOPIC_LEADS, TOPIC_VERBS } from "./topics.rules";

const TABLES: readonly { id: string; rules: readonly Rule<unknown>[] }[] = [SCHEDULING_ACTS, TOPIC_LEADS, TOPIC_VERBS];

function outcome(rule: Rule<unknown>, text: string, expected: unknown): unknown {
  const hit = matchRule(rule, text);
  if (typeof expected === "boolean") return hit !== null;
  return hit?.text ?? null;
}

for (const table of TABLES) {
  describe(table.id, () => {
    test("ids are unique and kebab-case, and every rule has an example it matches", () => {
      const ids = table.rules.map((r) => r.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const rule of table.rules) {
        expect(rule.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
        expect(rule.examples.some((e) => e.expect !== false)).toBe(true);
      }
    });
    for (const rule of table.rules) {
      for (const example of rule.examples) {
        test(`${rule.id}: "${example.text}" → ${JSON.stringify(example.expect)}`, () => {
          expect(outcome(rule, example.text, example.expect)).toEqual(example.expect);
        });
      }
    }
  });
}
