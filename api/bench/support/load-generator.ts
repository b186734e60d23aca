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

// wrk reports its own percentiles through this script: one JSON line at the end of the run.
const WRK_REPORT = `
done = function(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.status + summary.errors.timeout
  io.write(string.format('{"requests":%d,"seconds":%f,"p50":%f,"p95":%f,"p99":%f,"errors":%d}\\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50) / 1e3, latency:percentile(95) / 1e3,
    latency:percentile(99) / 1e3, errors))
end
`;

/** Debian's wrk, when installed: a C load generator takes less of the 2 cores than a JavaScript one. */
export function findWrk(): string | undefined {
  return Bun.which("wrk") ?? undefined;
}

/** `connections` keep-alive connections on one wrk thread for `seconds`; whole responses, latencies in ms. */
export async function runWrk(
  wrk: string,
  url: string,
  headers: Record<string, string>,
  options: { connections: number; seconds: number },
): Promise<LoadResult> {
  const script = `${Bun.env.TMPDIR ?? "/tmp"}/cm-wrk-report-${process.pid}.lua`;
  await Bun.write(script, WRK_REPORT);
  const args = [wrk, "-t1", `-c${options.connections}`, `-d${options.seconds}s`, "--timeout", "10s", "-s", script];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  const proc = Bun.spawn([...args, url], { stdout: "pipe", stderr: "pipe" });
  const output = await new Response(proc.stdout).text();
  await proc.exited;
  const line = output.split("\n").find((l) => l.startsWith("{"));
  if (!line) throw new Error(`wrk printed no report: ${output.slice(0, 400)}`);
  const r = JSON.parse(line) as {
    requests: number;
    seconds: number;
    p50: number;
    p95: number;
    p99: number;
    errors: number;
  };
  return { requests: r.requests, rps: r.requests / r.seconds, p50: r.p50, p95: r.p95, p99: r.p99, errors: r.errors };
}
