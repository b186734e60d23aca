// Issue 38: no import cycles in ai/. Walks the static imports of every source file under ai/src (relative paths and
// @cm/ai/... through package.json "exports") and fails naming each cycle. Type-only imports count too: they do not
// run, but a cycle of types still ties two modules so neither can move without the other.
import { expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const packageRoot = join(import.meta.dir, "..");
const sourceRoot = join(packageRoot, "src");
const exportsMap: Record<string, string> = JSON.parse(readFileSync(join(packageRoot, "package.json"), "utf8")).exports;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every static import or re-export (type-only ones too: a cycle of types is a cycle of design), by its specifier. */
const STATIC_IMPORT = /^\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']/gm;

/** The import specifiers of a file's text, in order. */
export function importSpecifiers(text: string): string[] {
  return [...text.matchAll(STATIC_IMPORT)].flatMap((m) => {
    const specifier = m[1] ?? m[2];
    return specifier ? [specifier] : [];
  });
}

function resolveFile(base: string): string | undefined {
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile());
}

function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (specifier.startsWith(".")) return resolveFile(resolve(dirname(from), specifier));
  if (specifier === "@cm/ai" || specifier.startsWith("@cm/ai/")) {
    const target = exportsMap[`.${specifier.slice("@cm/ai".length)}`];
    return target && !target.includes("*") ? resolveFile(join(packageRoot, target)) : undefined;
  }
  return undefined;
}

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(sourceRoot)) {
    const targets = importSpecifiers(readFileSync(file, "utf8"))
      .map((specifier) => resolveSpecifier(file, specifier))
      .filter((target): target is string => target?.startsWith(sourceRoot) === true);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Strongly connected components (Tarjan, iterative), each of more than one file or importing itself. */
function cyclicComponents(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; next: number };
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const target = edges[frame.next++] as string;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node) as number, index.get(target) as number));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(frame.node) as number));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      const selfImport = (graph.get(frame.node) ?? []).includes(frame.node);
      if (component.length > 1 || selfImport) components.push(component.sort());
    }
  }
  return components;
}

/** The shortest cycle through `start` inside its component (breadth first). */
function shortestCycle(graph: Map<string, string[]>, members: Set<string>, start: string): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let at = 0; at < queue.length; at++) {
    const node = queue[at] as string;
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0] as string) as string);
        return [...path, start];
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, node);
        queue.push(target);
      }
    }
  }
  return [];
}

/** Each cycle as its files joined by " -> " (from ai/src, the first again last); one shortest per file of a cycle. */
function describeCycles(graph: Map<string, string[]>): string[] {
  const described = new Set<string>();
  for (const component of cyclicComponents(graph)) {
    const members = new Set(component);
    const seen = new Set<string>();
    for (const file of component) {
      const cycle = shortestCycle(graph, members, file);
      const key = [...cycle.slice(1)].sort().join("|");
      if (seen.has(key)) continue;
      seen.add(key);
      described.add(cycle.map((path) => relative(sourceRoot, path)).join(" -> "));
    }
  }
  return [...described].sort();
}

test("ai/src has no import cycles", () => {
  expect(describeCycles(importGraph())).toEqual([]);
});

test("the walk reads every static import, type-only ones too, across lines", () => {
  const text = [
    'import { a } from "./a";',
    'import type { B } from "./b";',
    'export { g } from "./g";',
    'import "./side-effect";',
    "import {\n  one,\n  two,\n} from './multi-line';",
    'const later = await import("./dynamic");',
  ].join("\n");
  expect(importSpecifiers(text)).toEqual(["./a", "./b", "./g", "./side-effect", "./multi-line"]);
});

test("a cycle is found and named", () => {
  const graph = new Map([
    ["/x/a.ts", ["/x/b.ts"]],
    ["/x/b.ts", ["/x/c.ts"]],
    ["/x/c.ts", ["/x/a.ts"]],
    ["/x/d.ts", ["/x/a.ts"]],
  ]);
  expect(cyclicComponents(graph)).toEqual([["/x/a.ts", "/x/b.ts", "/x/c.ts"]]);
  expect(shortestCycle(graph, new Set(["/x/a.ts", "/x/b.ts", "/x/c.ts"]), "/x/a.ts")).toEqual([
    "/x/a.ts",
    "/x/b.ts",
    "/x/c.ts",
    "/x/a.ts",
  ]);
});
