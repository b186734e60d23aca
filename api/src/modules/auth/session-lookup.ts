// Every signed-in request starts by reading its session and user: under load that was one query per request, the
// database round trips queueing behind each other (api/bench/load.ts). Requests that arrive while a lookup is under
// way wait for the next one, which reads all their sessions at once. Nothing is kept between lookups, so the answer
// is as fresh as a query of its own: each lookup starts after its requests arrived, so it sees every write committed
// before them, from any process (a sign-out, an expiry, a revoked session, a changed data version).
import type { Sql } from "@cm/db";
import { findLiveSessionUsers, type SessionData } from "@cm/db/queries/sessions";
import type { UserRow } from "@cm/db/queries/users";

export interface LiveSession {
  sess: SessionData;
  expire: Date;
  user: UserRow;
}

export interface SessionLookup {
  /** The live session stored under `key` (the hashed id) with its user, read by the next batched query. */
  find(key: string): Promise<LiveSession | undefined>;
  /** Queries run so far (tests: requests together share one). */
  queries(): number;
}

/** Sessions read in one query at most: a bound on the statement's size. */
const MAX_BATCH = 500;

type Waiter = { resolve(value: LiveSession | undefined): void; reject(error: unknown): void };

export function createSessionLookup(sql: Sql): SessionLookup {
  const waiting = new Map<string, Waiter[]>();
  let running = false;
  let queries = 0;

  async function runBatch() {
    running = true;
    while (waiting.size > 0) {
      const batch = new Map<string, Waiter[]>();
      for (const [key, waiters] of waiting) {
        if (batch.size >= MAX_BATCH) break;
        batch.set(key, waiters);
      }
      for (const key of batch.keys()) waiting.delete(key);
      queries++;
      try {
        const found = await findLiveSessionUsers(sql, [...batch.keys()]);
        for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(found.get(key));
      } catch (error) {
        for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
      }
    }
    running = false;
  }

  return {
    find(key) {
      return new Promise((resolve, reject) => {
        const waiters = waiting.get(key);
        if (waiters) waiters.push({ resolve, reject });
        else waiting.set(key, [{ resolve, reject }]);
        // The requests of this turn of the event loop join the first query; later ones the one after it.
        if (!running) {
          running = true;
          queueMicrotask(() => void runBatch());
        }
      });
    },
    queries: () => queries,
  };
}
