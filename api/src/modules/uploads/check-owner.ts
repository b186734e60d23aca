import { hostname } from "node:os";
import type { AppConfig } from "../../config";

/**
 * Names this process in an upload's check claim: its host and its name in a supervised group, which the supervisor
 * gives it again when it restarts it, so the restarted process knows the checks its previous life left
 * (releaseUploadChecksOf). A process started on its own is "main".
 */
export function uploadCheckOwner(config: Pick<AppConfig, "processName">): string {
  return `${hostname()}/${config.processName ?? "main"}`;
}
