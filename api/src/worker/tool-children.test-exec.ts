// For the children tests: setpriv asks for the parent-death signal and then execs the tool. A parent killed before
// that request (a few milliseconds after the spawn, longer on a loaded machine) leaves a child the signal never
// reaches, so the tests let each tool start before they kill its parent; what they check is the signal, not the race.
import { readFileSync } from "node:fs";

const commandOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return "gone";
  }
};

/** Resolves once every process has become `tool` (setpriv has exec'd it), or after `limitMs`. */
export async function untilExecuted(pids: readonly number[], tool: string, limitMs = 30_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (pids.some((pid) => commandOf(pid) !== tool) && Date.now() < deadline) await Bun.sleep(5);
}
