/**
 * Wakes this process's job worker when a request queues work, so it starts at once instead of at its next poll.
 * Without a worker in the process (WORKER=off) a wake-up goes nowhere: the separate worker polls.
 */
export interface JobSignal {
  wake(): void;
  /** The worker subscribes; the returned function unsubscribes. */
  subscribe(listener: () => void): () => void;
}

export function createJobSignal(): JobSignal {
  const listeners = new Set<() => void>();
  return {
    wake() {
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
