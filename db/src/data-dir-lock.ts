import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Thrown when another live process already owns the embedded database directory. */
export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

const lockedMessage = (dir: string, owner: number) =>
  `The data directory ${dir} is in use by another process (pid ${owner}). Stop it first, or set DATA_DIR to another folder.`;

const lockPathOf = (dir: string) => join(dir, "server.lock");

/**
 * Throws DataDirLockedError when a live process other than this one holds the directory's lock; takes nothing
 * (start-up checks this before its slower steps, and lockDataDir before taking over a stale lock).
 */
export function assertDataDirFree(dir: string): void {
  const lockPath = lockPathOf(dir);
  const owner = Number.parseInt(existsSync(lockPath) ? readFileSync(lockPath, "utf8") : "", 10);
  if (Number.isFinite(owner) && owner !== process.pid && isAlive(owner)) {
    throw new DataDirLockedError(lockedMessage(dir, owner));
  }
}

/**
 * Takes an exclusive lock on a data directory with a pid file written atomically
 * (O_EXCL), so two servers can never open the same embedded database and corrupt it.
 * A lock left by a dead process (or by this same process after a watch restart) is taken over.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const lockPath = lockPathOf(dir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      return () => {
        try {
          if (readFileSync(lockPath, "utf8") === String(process.pid)) rmSync(lockPath);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      assertDataDirFree(dir);
      rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}.`);
}
