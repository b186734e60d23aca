// Issue 28: `ai` defines the stores it reads through (search/answer-store.ts, intelligence/index-store.ts) and `db`
// implements them, so nothing under ai/src runs code of @cm/db. Types only, and only the one summary schema that
// crosses packages (types.ts).
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

/** The statements that would run db code: anything but `import type` / `export type`. */
function runTimeDbImports(text: string): string[] {
  return [...text.matchAll(DB_IMPORT)].map((m) => m[0]).filter((s) => !/^(?:import|export)\s+type\b/.test(s));
}

test("no file under ai/src imports @cm/db at run time", () => {
  const offenders = sourceFiles(join(root, "src")).filter(
    (path) => runTimeDbImports(readFileSync(path, "utf8")).length > 0,
  );
  expect(offenders.map((p) => relative(root, p))).toEqual([]);
});

test("type-only imports of @cm/db are the summary schema's alone", () => {
  const typeOnly = sourceFiles(join(root, "src")).filter((path) =>
    /from\s*["']@cm\/db/.test(readFileSync(path, "utf8")),
  );
  expect(typeOnly.map((p) => relative(root, p))).toEqual(["src/types.ts"]);
});

test("the check tells a run-time import from a type-only one", () => {
  expect(runTimeDbImports('import { findNote } from "@cm/db/queries/notes";')).toHaveLength(1);
  expect(runTimeDbImports('import {\n  type A,\n  listX,\n} from "@cm/db/queries/chunks";')).toHaveLength(1);
  expect(runTimeDbImports('const m = await import("@cm/db");')).toHaveLength(1);
  expect(runTimeDbImports('import type { Sql } from "@cm/db";')).toEqual([]);
  expect(runTimeDbImports('import { helper } from "./local";')).toEqual([]);
});
