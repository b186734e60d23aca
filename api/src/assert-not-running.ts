import { assertDataDirFree, DataDirLockedError } from "@cm/db";
import type { AppConfig } from "./config";
import { assertPortFree } from "./http/port-probe";
import { StartupError } from "./open-database";

/**
 * Checks, before anything is built or opened, that no other instance holds the port or the embedded database's data
 * folder: a second `bun run dev` must not rebuild the first one's assets under it before failing. A process of a
 * supervised group skips the port: it shares it with its siblings (SO_REUSEPORT), and the supervisor probed it.
 */
export function assertNotAlreadyRunning(config: AppConfig): void {
  if (!config.databaseUrl) {
    try {
      assertDataDirFree(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) throw new StartupError(error.message);
      throw error;
    }
  }
  if (config.processName === undefined) assertPortFree(config.hostname, config.port);
}
