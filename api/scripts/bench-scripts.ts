// Which benchmark scripts `bun run bench WORD` runs: the script named WORD when there is one (`load` is
// api/bench/load.ts, not also the upload scripts whose names hold "load"), else every script whose path holds WORD.
import { Glob } from "bun";

/** The scripts in the bench folders of the four packages, relative to the repository root, sorted. */
export function benchScripts(root: string): string[] {
  return ["db", "ai", "api", "web"].flatMap((pkg) => [...new Glob(`${pkg}/bench/*.ts`).scanSync({ cwd: root })]).sort();
}

export function scriptsFor(scripts: string[], word: string | undefined): string[] {
  if (!word) return scripts;
  const named = scripts.filter((script) => script.endsWith(`/${word}.ts`));
  return named.length > 0 ? named : scripts.filter((script) => script.includes(word));
}
