// Issue 38: the answer path's stages import only downward — understand, then fetch, then rank, then the kinds that
// gather through them, then write — and nothing under ai/src/search imports in a cycle. Read from the files
// themselves (every relative import, type imports too), so a new file is held to it at once.
import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const ROOT = import.meta.dir;
/** Each stage's place: a file may import its own stage's files and those of earlier stages, never a later one. */
const STAGES = ["understand", "fetch", "rank", "kinds", "write"];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/** The files under ai/src/search a file imports (relative imports only), as paths relative to ROOT. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*"(\.[^"]+)"/g)].map((m) => m[1]!);
  return specs
    .map((spec) => relative(ROOT, resolve(dirname(file), spec)))
    .filter((path) => !path.startsWith(".."))
    .map((path) => (path.endsWith(".ts") || path.endsWith(".json") ? path : `${path}.ts`));
}

const stageOf = (path: string) => STAGES.indexOf(path.split("/")[0]!);

const files = sources(ROOT).map((file) => relative(ROOT, file));
const graph = new Map(files.map((file) => [file, importsOf(join(ROOT, file))]));

test("every stage imports only its own and earlier stages", () => {
  const upward = files.flatMap((file) => {
    const own = stageOf(file);
    if (own < 0) return [];
    return graph
      .get(file)!
      .filter((target) => stageOf(target) > own)
      .map((target) => `${file} → ${target}`);
  });
  expect(upward).toEqual([]);
});

test("nothing under ai/src/search imports in a cycle", () => {
  const cycles: string[] = [];
  const state = new Map<string, "open" | "done">();
  const visit = (file: string, path: string[]) => {
    if (state.get(file) === "done") return;
    if (state.get(file) === "open") {
      cycles.push([...path.slice(path.indexOf(file)), file].join(" → "));
      return;
    }
    state.set(file, "open");
    for (const target of graph.get(file) ?? []) if (graph.has(target)) visit(target, [...path, file]);
    state.set(file, "done");
  };
  for (const file of files) visit(file, []);
  expect(cycles).toEqual([]);
});

test("the reading of imports sees an upward import and a cycle when there is one", () => {
  // The check itself: a fetch file importing rank would be upward, and a file importing itself a cycle.
  expect(stageOf("fetch/a.ts") < stageOf("rank/b.ts")).toBe(true);
  expect(graph.get("write/compose-local-answer.ts")).toContain("rank/answer-confidence.ts");
});
