// Exponential backoff with jitter for calls to the AI service; aborts stop waiting immediately.

import { isAbortError, isTransientError, MalformedAiOutputError, toAiError } from "./ai-errors";

export interface RetryOptions {
  /** Total attempts including the first (default 4). */
  maxAttempts?: number;
  /** First wait; doubles on every retry (default 1000 ms). */
  baseDelayMs?: number;
  maxDelayMs?: number;
}

export async function withRetries<T>(
  call: (attempt: number) => Promise<T>,
  options: RetryOptions & { signal?: AbortSignal },
): Promise<T> {
  const maxAttempts = Math.max(1, options.maxAttempts ?? 4);
  const baseDelayMs = options.baseDelayMs ?? 1000;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  for (let attempt = 1; ; attempt++) {
    options.signal?.throwIfAborted();
    try {
      return await call(attempt);
    } catch (error) {
      if (isAbortError(error, options.signal)) throw error;
      // Malformed model output is often a one-off, so it gets the same retries as transient errors.
      const retryable = isTransientError(error) || error instanceof MalformedAiOutputError;
      if (!retryable || attempt >= maxAttempts) throw toAiError(error, options.signal);
      const delay = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
      await sleep(delay * (0.75 + Math.random() * 0.5), options.signal);
    }
  }
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Runs tasks with at most `limit` in flight; results keep the input order. */
export async function mapConcurrently<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  // After one failure the others finish their current task but start no new one.
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await task(items[index] as T, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
