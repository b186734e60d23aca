// The server module's import graph leaves out the packages that load on first use (cold start, issue 30): a static
// import of one of them anywhere in the graph would bring its load time back into every start.
import { expect, test } from "bun:test";
import { join } from "node:path";

const apiDir = join(import.meta.dir, "..");
const LOADED_ON_FIRST_USE = ["@langchain/openai", "openai", "@langchain/textsplitters", "compromise", "pdfkit", "docx"];

test("importing the server loads none of the packages kept for first use", () => {
  // A fresh process: this test runner's own module cache says nothing about what the server imports.
  const script = `await import("./src/server.ts");
const packages = Object.keys(require.cache)
  .filter((path) => path.includes("/node_modules/"))
  .map((path) => path.slice(path.lastIndexOf("/node_modules/") + 14).split("/"))
  .map((parts) => (parts[0].startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]));
console.log(JSON.stringify([...new Set(packages)]));`;
  const run = Bun.spawnSync(["bun", "-e", script], { cwd: apiDir, env: { ...process.env, NODE_ENV: "production" } });
  expect(run.stderr.toString()).toBe("");
  const loaded = JSON.parse(run.stdout.toString().trim().split("\n").at(-1)!) as string[];
  // The check itself sees packages: the server's web framework is among them.
  expect(loaded).toContain("elysia");
  expect(loaded.filter((name) => LOADED_ON_FIRST_USE.includes(name))).toEqual([]);
});
