// Where the rule tables are: every `*.rules.ts` file under ai/src, and the tables each exports. Read by the test of
// every table and by the docs script, so a new table file is picked up by both without being registered.

import { join, relative } from "node:path";
import { Glob } from "bun";
import { isRuleTable, type RuleTable } from "./rules";

/** ai/src. */
export const SOURCE_ROOT = join(import.meta.dir, "..");

export interface FoundTable {
  /** Path relative to ai/src. */
  file: string;
  /** The name it is exported as. */
  exportName: string;
  table: RuleTable;
}

/** The `*.rules.ts` files under ai/src, sorted, relative to it. */
export function ruleTableFiles(root = SOURCE_ROOT): string[] {
  return [...new Glob("**/*.rules.ts").scanSync({ cwd: root })].sort();
}

/** Every rule table exported by a `*.rules.ts` file, in file then export order. */
export async function loadRuleTables(root = SOURCE_ROOT): Promise<FoundTable[]> {
  const found: FoundTable[] = [];
  for (const file of ruleTableFiles(root)) {
    const module: Record<string, unknown> = await import(join(root, file));
    for (const [exportName, value] of Object.entries(module)) {
      if (isRuleTable(value)) found.push({ file: relative(root, join(root, file)), exportName, table: value });
    }
  }
  return found;
}
