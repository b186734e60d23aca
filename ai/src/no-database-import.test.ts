// Issue 28: `ai` defines the stores it reads through (search/answer-store.ts, intelligence/index-store.ts) and `db`
// implements them, so nothing under ai/src runs code of @cm/db, but for the one summary schema that crosses packages
// (TypeBox, no database code; issue 38): its types (types.ts) and the chat model's wire shape made from it
// (openai/summary-schema.ts).
import { expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const root = join(import.meta.dir, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every import or export statement naming @cm/db, whole (across lines). */
const DB_IMPORT = /\b(?:import|export)\b[^;]*?from\s*["']@cm\/db(?:\/[^"']*)?["']|\bimport\s*\(\s*["']@cm\/db/g;

/** The one module of @cm/db that ai may run: the summary schema, plain TypeBox. */
const SUMMARY_SCHEMA = /["']@cm\/db\/queries\/summary-schema["']/;

/** The statements that would run db code: anything but `import type` / `export type` and the summary schema. */
function runTimeDbImports(text: string): string[] {
  return [...text.matchAll(DB_IMPORT)]
    .map((m) => m[0])
    .filter((s) => !/^(?:import|export)\s+type\b/.test(s) && !SUMMARY_SCHEMA.test(s));
}

test("no file under ai/src imports @cm/db at run time", () => {
  const offenders = sourceFiles(join(root, "src")).filter(
    (path) => runTimeDbImports(readFileSync(path, "utf8")).length > 0,
  );
  expect(offenders.map((p) => relative(root, p))).toEqual([]);
});

test("the imports of @cm/db are the summary schema's alone", () => {
  const importers = sourceFiles(join(root, "src")).filter((path) =>
    /from\s*["']@cm\/db/.test(readFileSync(path, "utf8")),
  );
  expect(importers.map((p) => relative(root, p)).sort()).toEqual(["src/openai/summary-schema.ts", "src/types.ts"]);
  for (const path of importers) {
    const named = [...readFileSync(path, "utf8").matchAll(/from\s*["'](@cm\/db[^"']*)["']/g)].map((m) => m[1]);
    expect(new Set(named)).toEqual(new Set(["@cm/db/queries/summary-schema"]));
  }
});

test("the check tells a run-time import from a type-only one", () => {
  expect(runTimeDbImports('import { findNote } from "@cm/db/queries/notes";')).toHaveLength(1);
  expect(runTimeDbImports('import {\n  type A,\n  listX,\n} from "@cm/db/queries/chunks";')).toHaveLength(1);
  expect(runTimeDbImports('const m = await import("@cm/db");')).toHaveLength(1);
  expect(runTimeDbImports('import type { Sql } from "@cm/db";')).toEqual([]);
  expect(runTimeDbImports('import { helper } from "./local";')).toEqual([]);
  expect(runTimeDbImports('import { MeetingSummary } from "@cm/db/queries/summary-schema";')).toEqual([]);
});
