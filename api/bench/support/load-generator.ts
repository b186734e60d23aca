// A bounded loopback load generator: `connections` concurrent loops for `seconds`, latencies in ms.

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function summarise(latencies: number[], seconds: number, errors: number): LoadResult {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    errors,
  };
}

/**
 * Sends requests from `connections` loops until `seconds` have passed (and at most `maxRequests`).
 * `firstByte` measures until the response headers arrive (time to first byte) instead of the whole body.
 */
export async function runLoad(
  makeRequest: () => Request,
  options: { connections: number; seconds: number; maxRequests?: number; firstByte?: boolean },
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  const started = performance.now();
  const end = started + options.seconds * 1000;
  const max = options.maxRequests ?? Number.POSITIVE_INFINITY;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < end && sent < max) {
        sent++;
        const t = performance.now();
        try {
          const response = await fetch(makeRequest());
          const ttfb = performance.now() - t;
          await response.arrayBuffer();
          if (!response.ok) errors++;
          latencies.push(options.firstByte ? ttfb : performance.now() - t);
        } catch {
          errors++;
        }
      }
    }),
  );
  return summarise(latencies, (performance.now() - started) / 1000, errors);
}
