// `bun run bench`: lists the benchmark scripts (*/bench/*.ts) and runs them one after another,
// or only those whose path contains the given word (`bun run bench startup`).
import { join } from "node:path";
import { Glob } from "bun";

const root = join(import.meta.dir, "..", "..");
const filter = process.argv[2];
const scripts = ["db", "ai", "api", "web"]
  .flatMap((pkg) => [...new Glob(`${pkg}/bench/*.ts`).scanSync({ cwd: root })])
  .sort()
  .filter((s) => !filter || s.includes(filter));
console.log(`benchmarks: ${scripts.join(", ") || "none"}`);
for (const script of scripts) {
  console.log(`\n## ${script}`);
  const proc = Bun.spawn(["bun", "run", script, ...process.argv.slice(3)], {
    cwd: root,
    stdio: ["inherit", "inherit", "inherit"],
  });
  if ((await proc.exited) !== 0) console.log(`(${script} failed)`);
}
