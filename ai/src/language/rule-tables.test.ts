// Every rule table's examples, as tests (see describe-rule-table.ts), and the tables' ids unique across the engine.
import { expect, test } from "bun:test";
import { describeRuleTable } from "./describe-rule-table";
import { loadRuleTables, ruleTableFiles } from "./rule-table-files";

const tables = await loadRuleTables();

test("every *.rules.ts file exports at least one table, and table ids are unique", () => {
  const files = new Set(tables.map((found) => found.file));
  expect(ruleTableFiles().filter((file) => !files.has(file))).toEqual([]);
  const ids = tables.map((found) => found.table.id);
  expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
});

for (const { file, table } of tables) describeRuleTable(table, file);
