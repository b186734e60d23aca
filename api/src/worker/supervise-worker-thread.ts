import type { Sql } from "@cm/db";
import { failJobAndMeeting, handBackJob } from "@cm/db/queries/jobs";
import type { Logger } from "../logger";
import { endChildProcesses } from "./end-child-processes";
import { startLeaseKeeper } from "./lease-keeper";
import type { ThreadMessage } from "./worker-thread-messages";

export interface ThreadSupervisorOptions {
  sql: Sql;
  /** The name the thread's jobs are locked under. */
  workerId: string;
  leaseMs: number;
  logger: Logger;
  /** Tells the thread that a job left the queue (its meeting was deleted): the thread aborts it. */
  notifyLost(jobId: number): void;
  /** Ends the thread at once; called at most once. */
  terminate(): void;
  /** The thread was terminated and its jobs settled: start another. */
  onTerminated(): void;
  /** How long past a step's time limit the thread has to end the job itself (default 10 s). */
  graceMs?: number;
  /** How often deadlines are checked and leases renewed (default 1 s). */
  everyMs?: number;
}

export interface ThreadSupervisor {
  /** Takes the thread's job messages; answers false for other messages. */
  handle(message: ThreadMessage): boolean;
  stop(): void;
  /** Kills and reaps the child processes the thread last reported (after it was terminated some other way). */
  endChildren(): void;
}

interface Deadline {
  atMs: number;
  /** The job's failure reason. */
  message: string;
}

/**
 * The main thread's watch over the worker thread. It keeps the leases of the thread's jobs (a timer here, so a step
 * that blocks the worker thread with CPU work does not lose its lease), passes on cancels (the job stops itself at its
 * next batch boundary), and, when a job is still running `graceMs` past its step's time limit, the thread is taken to
 * be stuck in synchronous code: it is terminated, the child processes it started are killed and reaped, the overdue
 * job fails with its reason (its meeting shows Failed with Retry), the thread's other jobs go back to the queue with
 * their attempts kept, and a new thread starts.
 */
export function superviseWorkerThread(options: ThreadSupervisorOptions): ThreadSupervisor {
  const graceMs = options.graceMs ?? 10_000;
  const keeper = startLeaseKeeper({
    sql: options.sql,
    workerId: options.workerId,
    leaseMs: options.leaseMs,
    logger: options.logger,
    ...(options.everyMs === undefined ? {} : { everyMs: options.everyMs }),
  });
  const running = new Set<number>();
  const deadlines = new Map<number, Deadline>();
  let childPids: number[] = [];
  let lastAlive = Date.now();
  let warnedSilent = false;
  let ended = false;

  function watch(jobId: number) {
    running.add(jobId);
    // A cancel sets no deadline of its own: the job stops at its next batch boundary, and only its step's time limit
    // (a thread really stuck in synchronous code) may end the thread, never a delete.
    keeper.watch(jobId, () => options.notifyLost(jobId));
  }

  function forget(jobId: number) {
    running.delete(jobId);
    deadlines.delete(jobId);
    keeper.unwatch(jobId);
  }

  function check() {
    const now = Date.now();
    if (now - lastAlive > options.leaseMs && running.size > 0 && !warnedSilent) {
      warnedSilent = true;
      options.logger.warn("the job worker thread has not answered for a while; its leases are kept", {
        silentMs: now - lastAlive,
      });
    }
    const overdue = [...deadlines].filter(([, deadline]) => deadline.atMs + graceMs < now);
    if (overdue.length > 0) void endStuckThread(new Map(overdue));
  }

  async function endStuckThread(overdue: Map<number, Deadline>) {
    if (ended) return;
    ended = true;
    clearInterval(timer);
    keeper.stop();
    options.terminate();
    reapChildren();
    options.logger.error("job worker thread stuck past a time limit: terminated, starting another", {
      jobs: [...overdue.keys()],
    });
    const { sql, workerId } = options;
    for (const jobId of running) {
      const deadline = overdue.get(jobId);
      try {
        if (deadline) await failJobAndMeeting(sql, { id: jobId, workerId, reason: deadline.message });
        else await handBackJob(sql, { id: jobId, workerId });
      } catch (error) {
        // Its lease runs out and another worker takes it up.
        options.logger.warn("a job of the stuck thread could not be settled", { jobId, error: String(error) });
      }
    }
    options.onTerminated();
  }

  /** Kills and waits for the children the ended thread last reported: they would otherwise stay as zombies. */
  function reapChildren() {
    const pids = childPids;
    childPids = [];
    void endChildProcesses(pids).then((left) => {
      if (left.length > 0) options.logger.warn("child processes of an ended worker thread were not reaped", { left });
    });
  }

  const timer = setInterval(check, options.everyMs ?? 1000);

  return {
    handle(message) {
      if (ended) return message.type.startsWith("job-") || message.type === "alive";
      switch (message.type) {
        case "job-started":
          watch(message.jobId);
          return true;
        case "job-deadline":
          deadlines.set(message.jobId, { atMs: message.atMs, message: message.message });
          return true;
        case "job-ended":
          forget(message.jobId);
          return true;
        case "alive":
          lastAlive = Date.now();
          warnedSilent = false;
          childPids = message.childPids;
          return true;
        default:
          return false;
      }
    },
    stop() {
      ended = true;
      clearInterval(timer);
      keeper.stop();
    },
    endChildren: reapChildren,
  };
}
