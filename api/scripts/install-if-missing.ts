// Runs first in `bun run dev`, `start` and `test` (package.json): installs the locked dependencies when they are
// missing or were installed from another bun.lock, so a fresh clone runs with one command. It imports nothing but
// Node's built-ins: every other module of the project needs the dependencies it checks for.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dir, "..", "..");
/** Written after a successful install: the hash of the bun.lock it installed. */
const MARKER = join(root, "node_modules", ".clearminute-lock");

const lockHash = () =>
  createHash("sha256")
    .update(readFileSync(join(root, "bun.lock")))
    .digest("hex");

function installedHash(): string | null {
  try {
    return readFileSync(MARKER, "utf8").trim();
  } catch {
    return null;
  }
}

function reason(installed: string | null): string {
  if (!existsSync(join(root, "node_modules"))) return "no dependencies yet";
  return installed === null ? "dependencies installed without this check" : "bun.lock changed since the last install";
}

const wanted = lockHash();
const installed = installedHash();
if (installed !== wanted) {
  console.log(`[install] ${reason(installed)}: bun install --frozen-lockfile`);
  const install = Bun.spawnSync([process.execPath, "install", "--frozen-lockfile"], {
    cwd: root,
    stdio: ["inherit", "inherit", "inherit"],
  });
  if (install.exitCode !== 0) {
    console.error(
      "[install] bun install --frozen-lockfile failed (see above). It needs the npm registry the first time; " +
        "when bun.lock and package.json disagree, run bun install and commit bun.lock.",
    );
    process.exit(install.exitCode ?? 1);
  }
  writeFileSync(MARKER, `${wanted}\n`);
}
