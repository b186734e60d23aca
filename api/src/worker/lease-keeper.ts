import type { Sql } from "@cm/db";
import { renewLeases } from "@cm/db/queries/jobs";
import type { Logger } from "../logger";

/**
 * Keeps the leases of the jobs a worker runs, on a timer of its own: one statement a second renews them all, and a
 * job that is gone from the queue (its meeting deleted) or no longer this worker's is reported lost, so its work is
 * aborted within about a second. The worker thread hands this to the server's main thread (see
 * start-worker-thread.ts), so a step that blocks the worker thread does not let its lease run out.
 */
export interface JobLeases {
  watch(jobId: number, onLost: () => void): void;
  unwatch(jobId: number): void;
  /** Renews now (a step just finished); the timer renews anyway. */
  renewNow(): Promise<void>;
  /** The running step's time limit, for a keeper outside the job's thread that can stop a stuck thread. */
  setDeadline?(jobId: number, atMs: number, message: string): void;
  stop(): void;
}

export interface LeaseKeeperOptions {
  sql: Sql;
  workerId: string;
  leaseMs: number;
  logger: Logger;
  /** How often leases are renewed and lost jobs noticed (default 1 s, or a third of a shorter lease). */
  everyMs?: number;
}

export function startLeaseKeeper(options: LeaseKeeperOptions): JobLeases {
  const watched = new Map<number, () => void>();
  let renewing: Promise<void> | undefined;

  async function renew() {
    const ids = [...watched.keys()];
    if (ids.length === 0) return;
    let kept: Set<number>;
    try {
      kept = await renewLeases(options.sql, { ids, workerId: options.workerId, leaseMs: options.leaseMs });
    } catch (error) {
      // The database is unreachable for now: the lease has most of a minute left; try again next tick.
      options.logger.warn("job leases could not be renewed", { error: (error as Error).message });
      return;
    }
    for (const id of ids) {
      const onLost = watched.get(id);
      if (kept.has(id) || !onLost) continue;
      watched.delete(id);
      onLost();
    }
  }

  const renewOnce = () => {
    renewing ??= renew().finally(() => {
      renewing = undefined;
    });
    return renewing;
  };
  const timer = setInterval(() => void renewOnce(), options.everyMs ?? Math.min(1000, options.leaseMs / 3));

  return {
    watch: (jobId, onLost) => void watched.set(jobId, onLost),
    unwatch: (jobId) => void watched.delete(jobId),
    renewNow: renewOnce,
    stop() {
      clearInterval(timer);
      watched.clear();
    },
  };
}
