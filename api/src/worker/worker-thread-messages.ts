import type { DatabaseAddress } from "@cm/db";
import type { AppConfig } from "../config";
import type { LogFields } from "../logger";

export interface WorkerThreadStart {
  config: AppConfig;
  address: DatabaseAddress;
  /** The name the thread's jobs are locked under; the main thread renews their leases under it. */
  workerId: string;
  leaseMs: number;
}

/** What the worker thread tells the main thread. */
export type ThreadMessage =
  | { type: "started"; workerId: string }
  | { type: "failed"; message: string }
  | { type: "stopped" }
  | { type: "log"; level: "info" | "warn" | "error"; msg: string; fields: LogFields | undefined }
  /** Sent every second from the thread's event loop, with the child processes it has running. */
  | { type: "alive"; childPids: number[] }
  | { type: "job-started"; jobId: number }
  | { type: "job-deadline"; jobId: number; atMs: number; message: string }
  | { type: "job-ended"; jobId: number };

/** What the main thread tells the worker thread. */
export type MainMessage =
  | ({ type: "start" } & WorkerThreadStart)
  | { type: "wake" }
  | { type: "stop" }
  /** The job left the queue (its meeting deleted) or is no longer the thread's: abort it. */
  | { type: "job-lost"; jobId: number };
