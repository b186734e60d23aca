// `bun run bench`: lists the benchmark scripts (*/bench/*.ts) and runs them one after another, or only the one
// named (`bun run bench load`), or those whose path contains the given word (`bun run bench fair`).
import { join } from "node:path";
import { benchScripts, scriptsFor } from "./bench-scripts";

const root = join(import.meta.dir, "..", "..");
const scripts = scriptsFor(benchScripts(root), process.argv[2]);
console.log(`benchmarks: ${scripts.join(", ") || "none"}`);
for (const script of scripts) {
  console.log(`\n## ${script}`);
  const proc = Bun.spawn(["bun", "run", script, ...process.argv.slice(3)], {
    cwd: root,
    stdio: ["inherit", "inherit", "inherit"],
  });
  if ((await proc.exited) !== 0) console.log(`(${script} failed)`);
}
