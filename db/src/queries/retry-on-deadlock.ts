/** PostgreSQL's deadlock and serialization failures: the transaction was rolled back whole and may simply run again. */
const RETRYABLE_CODES = new Set(["40P01", "40001"]);
/** Runs after the first: a deadlock between two transactions is resolved by one of them going again. */
const RETRIES = 4;
/** The wait before run n is about n times this, with jitter, so the two sides do not meet again in step. */
const BACKOFF_MS = 25;

export const isRetryableConflict = (error: unknown) =>
  RETRYABLE_CODES.has(String((error as { code?: unknown } | undefined)?.code ?? ""));

/**
 * Runs `transaction` (one whole transaction, nothing outside the database) again when PostgreSQL chose it as the
 * victim of a deadlock. A deletion takes the locks of every row hanging off a meeting while the worker writes the
 * meeting's notes: the worker holds a key-share lock from its insert and then asks to update the meeting row, so the
 * deletion waiting in between closes a cycle, and one side is rolled back. That is no failure the user should see.
 */
export async function retryOnDeadlock<T>(transaction: () => Promise<T>): Promise<T> {
  for (let run = 0; ; run++) {
    try {
      return await transaction();
    } catch (error) {
      if (run >= RETRIES || !isRetryableConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, BACKOFF_MS * (run + 1) * (0.5 + Math.random())));
    }
  }
}
