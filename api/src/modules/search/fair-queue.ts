// A fair queue in front of a shared resource (the sentence encoder's one thread, an embedding service): at most
// `concurrency` tasks run at once, and when a place frees up the account served least recently goes next. One
// account's burst of questions therefore delays another account's question by at most one task, not by the burst.

/** Whose task it is: an account id. */
export type QueueAccount = number | string;

export interface FairQueue {
  /** Runs `task` when its account's turn comes; an abort while it waits rejects at once and frees its place. */
  run<T>(account: QueueAccount, task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Tasks waiting (not running), for tests and logs. */
  readonly waiting: number;
}

interface Waiting {
  start(): void;
  cancel(reason: unknown): void;
}

/** Accounts remembered (when they were last served) while the queue is busy; past it, idle ones are forgotten. */
const MAX_REMEMBERED_ACCOUNTS = 10_000;

export function createFairQueue(options: { concurrency: number }): FairQueue {
  const concurrency = Math.max(1, options.concurrency);
  // Accounts with waiting tasks, in the order they first came; each account's tasks in its own order.
  const queues = new Map<QueueAccount, Waiting[]>();
  const lastServed = new Map<QueueAccount, number>();
  let running = 0;
  let turn = 0;
  let waitingCount = 0;

  /** The waiting account served least recently (never served first; ties by arrival). */
  function nextAccount(): QueueAccount | undefined {
    let best: QueueAccount | undefined;
    let bestTurn = Number.POSITIVE_INFINITY;
    for (const account of queues.keys()) {
      const served = lastServed.get(account) ?? 0;
      if (served < bestTurn) {
        best = account;
        bestTurn = served;
      }
    }
    return best;
  }

  function forgetIdleAccounts(): void {
    if (running === 0 && queues.size === 0) lastServed.clear();
    if (lastServed.size <= MAX_REMEMBERED_ACCOUNTS) return;
    for (const account of lastServed.keys()) if (!queues.has(account)) lastServed.delete(account);
  }

  function pump(): void {
    while (running < concurrency) {
      const account = nextAccount();
      if (account === undefined) break;
      const tasks = queues.get(account)!;
      const next = tasks.shift()!;
      if (tasks.length === 0) queues.delete(account);
      waitingCount--;
      lastServed.set(account, ++turn);
      running++;
      next.start();
    }
    forgetIdleAccounts();
  }

  function remove(account: QueueAccount, entry: Waiting): boolean {
    const tasks = queues.get(account);
    const index = tasks?.indexOf(entry) ?? -1;
    if (!tasks || index < 0) return false;
    tasks.splice(index, 1);
    if (tasks.length === 0) queues.delete(account);
    waitingCount--;
    return true;
  }

  return {
    get waiting() {
      return waitingCount;
    },
    run<T>(account: QueueAccount, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        signal?.throwIfAborted();
        const onAbort = () => {
          if (remove(account, entry)) entry.cancel(signal?.reason ?? new Error("The question was aborted."));
        };
        const entry: Waiting = {
          start() {
            signal?.removeEventListener("abort", onAbort);
            let result: Promise<T>;
            try {
              result = task();
            } catch (error) {
              result = Promise.reject(error);
            }
            result.then(resolve, reject).finally(() => {
              running--;
              pump();
            });
          },
          cancel(reason) {
            signal?.removeEventListener("abort", onAbort);
            reject(reason);
          },
        };
        signal?.addEventListener("abort", onAbort, { once: true });
        const tasks = queues.get(account);
        if (tasks) tasks.push(entry);
        else queues.set(account, [entry]);
        waitingCount++;
        pump();
      });
    },
  };
}
