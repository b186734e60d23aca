// Exponential backoff with jitter for calls to the AI service, or the wait the service asked for (retry-after,
// x-ratelimit-reset-*) up to a bound; aborts stop waiting immediately.

import {
  describeAiError,
  isAbortError,
  isTransientError,
  MalformedAiOutputError,
  RateLimitedAiError,
  toAiError,
} from "./ai-errors";
import { requestedWaitMs } from "./retry-after";

export interface RetryOptions {
  /** Total attempts including the first (default 4). */
  maxAttempts?: number;
  /** First wait; doubles on every retry (default 1000 ms) up to MAX_DELAY_MS. */
  baseDelayMs?: number;
  /** Longest wait a service may ask for with its headers; asking for more fails at once (default 60 s). */
  maxRequestedWaitMs?: number;
}

export const DEFAULT_MAX_REQUESTED_WAIT_MS = 60_000;
const MAX_DELAY_MS = 30_000;

export async function withRetries<T>(
  call: () => Promise<T>,
  options: RetryOptions & { signal?: AbortSignal },
): Promise<T> {
  const maxAttempts = Math.max(1, options.maxAttempts ?? 4);
  const baseDelayMs = options.baseDelayMs ?? 1000;
  const maxRequestedWaitMs = options.maxRequestedWaitMs ?? DEFAULT_MAX_REQUESTED_WAIT_MS;
  for (let attempt = 1; ; attempt++) {
    options.signal?.throwIfAborted();
    try {
      return await call();
    } catch (error) {
      if (isAbortError(error, options.signal)) throw error;
      // Malformed model output is often a one-off, so it gets the same retries as transient errors.
      const retryable = isTransientError(error) || error instanceof MalformedAiOutputError;
      const asked = retryable ? requestedWaitMs(error) : null;
      if (asked !== null && asked > maxRequestedWaitMs) throw tooLongWait(error, asked, maxRequestedWaitMs);
      if (!retryable || attempt >= maxAttempts) {
        const final = toAiError(error, options.signal);
        throw asked === null ? final : new RateLimitedAiError(final.message, asked, error);
      }
      // The service's own figure is exact; a little extra spreads parallel callers that were told the same.
      const delay =
        asked !== null
          ? asked * (1 + Math.random() * 0.1)
          : Math.min(MAX_DELAY_MS, baseDelayMs * 2 ** (attempt - 1)) * (0.75 + Math.random() * 0.5);
      await sleep(delay, options.signal);
    }
  }
}

/** The service wants more patience than a job should spend waiting in one go: fail now, say when to come back. */
function tooLongWait(error: unknown, askedMs: number, maxMs: number): RateLimitedAiError {
  const reason = describeAiError(error);
  const message = `${reason}; it asked to wait ${formatWait(askedMs)}, longer than the ${formatWait(maxMs)} allowed, so try again later`;
  return new RateLimitedAiError(message, askedMs, error);
}

function formatWait(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  return `${Math.round(ms / 60_000)} min`;
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
