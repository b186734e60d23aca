import type { JobLeases } from "./lease-keeper";
import type { ThreadMessage } from "./worker-thread-messages";

/**
 * The worker thread's side of its leases: it tells the main thread which jobs it runs and their steps' time limits,
 * and hears back when one is lost. The main thread renews them (./supervise-worker-thread.ts), so a step that
 * blocks this thread does not cost the job its lease.
 */
export interface ThreadLeases extends JobLeases {
  /** The main thread found the job gone. */
  lost(jobId: number): void;
}

export function createThreadLeases(post: (message: ThreadMessage) => void): ThreadLeases {
  const watched = new Map<number, () => void>();
  return {
    watch(jobId, onLost) {
      watched.set(jobId, onLost);
      post({ type: "job-started", jobId });
    },
    unwatch(jobId) {
      if (watched.delete(jobId)) post({ type: "job-ended", jobId });
    },
    // The main thread renews every second whatever this thread is doing.
    renewNow: async () => {},
    setDeadline(jobId, atMs, message) {
      post({ type: "job-deadline", jobId, atMs, message });
    },
    // The job stays watched until its run ends (unwatch): the main thread hears "job-ended" for a cancelled job too,
    // and forgets it. Dropped here, a cancelled job was never reported ended, and the watchdog took the thread for
    // stuck and ended it, with every other account's job on it.
    lost(jobId) {
      const onLost = watched.get(jobId);
      if (!onLost) return; // ended meanwhile: its "job-ended" crossed this message
      watched.set(jobId, () => {});
      onLost();
    },
    stop() {
      watched.clear();
    },
  };
}
