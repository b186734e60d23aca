// Tests build the app the way production does. A test that swapped a service into a built context hid an unwired
// Stripe for a whole release; the context is read-only for TypeScript, and this test catches what a cast could hide.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Glob } from "bun";

const root = join(import.meta.dir, "..", "..");
const THIS_FILE = "api/test/wiring-rule.test.ts";
const sources = ["api", "ai", "db", "web"].flatMap((pkg) =>
  [...new Glob(`${pkg}/**/*.{ts,tsx}`).scanSync({ cwd: root })].filter(
    (file) => !file.includes("node_modules") && file !== THIS_FILE,
  ),
);

/** `something.ctx.name =` or `ctx.name =` (not `==`/`===`), and `Object.assign(x.ctx, …)`. */
function findContextAssignments(text: string): string[] {
  const found: string[] = [];
  for (const line of text.split("\n")) {
    const at = line.indexOf("ctx.");
    if (at === -1) continue;
    const rest = line.slice(at + 4);
    let end = 0;
    while (end < rest.length && /[A-Za-z0-9_]/.test(rest[end]!)) end++;
    const after = rest.slice(end).trimStart();
    if (end > 0 && after.startsWith("=") && !after.startsWith("==") && !after.startsWith("=>")) found.push(line.trim());
  }
  for (const line of text.split("\n"))
    if (line.includes("Object.assign(") && line.includes("ctx")) found.push(line.trim());
  return found;
}

test("no file assigns into an app context after it is built", () => {
  const offenders = sources.flatMap((file) =>
    findContextAssignments(readFileSync(join(root, file), "utf8")).map((line) => `${file}: ${line}`),
  );
  expect(offenders).toEqual([]);
});

test("the rule itself catches an assignment", () => {
  // Built from pieces, so this file holds no such line itself.
  const assignment = ["  server.ctx", ".payments = createStripeGateway(x);"].join("");
  expect(findContextAssignments(assignment)).toHaveLength(1);
  expect(findContextAssignments("  if (server.ctx.payments === undefined) {}")).toHaveLength(0);
});

test("the contexts are built in one place, and only production entry points and the worker thread call it", () => {
  const callers = sources.filter((file) => /create(Worker)?Context\(/.test(readFileSync(join(root, file), "utf8")));
  expect(callers.sort()).toEqual(
    [
      "api/src/create-context.ts",
      "api/src/create-worker-context.ts",
      "api/src/server.ts",
      "api/src/worker-main.ts",
      "api/src/worker/worker-thread.ts",
    ].sort(),
  );
});
