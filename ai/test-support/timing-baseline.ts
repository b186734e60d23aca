// Time bounds in tests are relative to a baseline measured in the same run on the same machine: a loaded
// machine (two cores shared with other jobs) slows the baseline as much as the work under test, so only a real
// regression (a quadratic pattern, a stalled event loop) fails, not a busy neighbour. The bound is
// max(factor × baseline, floor): never stricter than the floor, looser when this machine is slower right now.

export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  worst: number;
}

/** Median, 95th percentile (nearest rank) and worst of a list of durations in ms. */
export function summariseLatencies(durations: number[]): LatencySummary {
  if (durations.length === 0) throw new Error("no durations to summarise");
  const sorted = [...durations].sort((a, b) => a - b);
  const rank = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  return { count: sorted.length, p50: rank(50), p95: rank(95), worst: sorted.at(-1) ?? 0 };
}

export interface BoundOptions {
  /** How many times the baseline the measured work may take. */
  factor: number;
  /** The least the bound may be, in ms (what a quiet machine comfortably meets). */
  floorMs: number;
  /**
   * The most the bound may be, in ms: below the duration of the failure the test is about (a 300 ms wait that an
   * abort must cut short, say), so a slow machine cannot stretch the bound until the failure passes.
   */
  ceilingMs?: number;
}

/** The largest duration that still passes: max(factor × baselineMs, floorMs), at most ceilingMs. */
export function boundFromBaseline(baselineMs: number, options: BoundOptions): number {
  if (!Number.isFinite(baselineMs) || baselineMs < 0) throw new Error(`not a baseline: ${baselineMs}`);
  return Math.min(
    Math.max(options.factor * baselineMs, options.floorMs),
    options.ceilingMs ?? Number.POSITIVE_INFINITY,
  );
}

/** Milliseconds one call of `work` takes. */
export async function timeMs(work: () => unknown): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** Milliseconds one call of synchronous `work` takes. */
export function timeSyncMs(work: () => unknown): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}

/**
 * The baseline for a synchronous step: the median of `runs` calls of `work` (a benign input of the same size, say),
 * so one descheduled call does not move it.
 */
export function measureSyncBaselineMs(work: () => unknown, runs = 5): number {
  return summariseLatencies(Array.from({ length: runs }, () => timeSyncMs(work))).p50;
}

/** As measureSyncBaselineMs, for asynchronous work (a request, say), run one after another. */
export async function measureBaselineMs(work: () => unknown, runs = 5): Promise<number> {
  const durations: number[] = [];
  for (let i = 0; i < runs; i++) durations.push(await timeMs(work));
  return summariseLatencies(durations).p50;
}

/** One line for the test log: what was measured, against what bound. */
export function describeBound(label: string, measuredMs: number, baselineMs: number, boundMs: number): string {
  return `[timing] ${label}: ${measuredMs.toFixed(1)} ms (baseline ${baselineMs.toFixed(1)} ms, bound ${boundMs.toFixed(0)} ms)`;
}
