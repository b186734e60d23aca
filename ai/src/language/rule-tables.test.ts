// Every rule table's examples, as tests (one `bun:test` case per example of each rule of a table, so a table needs
// no test file of its own), and the tables' ids unique across the engine.
import { describe, expect, test } from "bun:test";
import { loadWordKinds } from "../local/record/word-kinds";
import { exampleFailure } from "./rule-examples";
import { loadRuleTables, ruleTableFiles } from "./rule-table-files";
import type { RuleTable } from "./rules";

// Some tables write with the lexicon's words (a decision's "-ing" verb said in its base form), as the engine does.
await loadWordKinds();
const tables = await loadRuleTables();

test("every *.rules.ts file exports at least one table, and table ids are unique", () => {
  const files = new Set(tables.map((found) => found.file));
  expect(ruleTableFiles().filter((file) => !files.has(file))).toEqual([]);
  const ids = tables.map((found) => found.table.id);
  expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
});

for (const { file, table } of tables) describeRuleTable(table, file);

/** Registers the table's tests: its ids are sound, each rule has an example it matches, each example holds. */
function describeRuleTable<E, O>(table: RuleTable<E, O>, file = ""): void {
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
