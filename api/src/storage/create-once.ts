import { existsSync, linkSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * The text kept in `file`, written there first by whichever process gets there first. Processes starting at once (a
 * supervised group, hosts sharing a folder) each write a candidate aside and link it to the name: one link wins and
 * everyone reads the winner, never a half-written file.
 */
export function readOrCreateOnce(file: string, make: () => string): string {
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const candidate = join(dirname(file), `.candidate-${process.pid}-${Math.random().toString(36).slice(2)}`);
  writeFileSync(candidate, make(), { mode: 0o600 });
  try {
    linkSync(candidate, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A file system without hard links: an exclusive create, which a process starting at the same moment may read
    // before it is written (rare, and only there).
    if (code === "EPERM" || code === "ENOTSUP" || code === "ENOSYS") {
      try {
        writeFileSync(file, readFileSync(candidate, "utf8"), { mode: 0o600, flag: "wx" });
      } catch (again) {
        if ((again as NodeJS.ErrnoException).code !== "EEXIST") throw again;
      }
    } else if (code !== "EEXIST") throw error;
  } finally {
    rmSync(candidate, { force: true });
  }
  return readFileSync(file, "utf8").trim();
}
