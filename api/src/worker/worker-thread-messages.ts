import type { DatabaseAddress } from "@cm/db";
import type { AppConfig } from "../config";
import type { LogFields } from "../logger";

export interface WorkerThreadStart {
  config: AppConfig;
  address: DatabaseAddress;
}

/** What the worker thread tells the main thread. */
export type ThreadMessage =
  | { type: "started"; workerId: string }
  | { type: "failed"; message: string }
  | { type: "stopped" }
  | { type: "log"; level: "info" | "warn" | "error"; msg: string; fields: LogFields | undefined };
