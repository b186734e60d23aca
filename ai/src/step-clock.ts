// Where a long piece of work spent its time: each step's wall-clock milliseconds, summed over repeats, for one log
// line at its end. A 10 MB transcript is minutes of parsing, summarising and ~15,000 chunks to embed and write; which
// step dominates decides what to speed up, and an operator can tell without a profiler.

export class StepClock {
  private readonly ms: Record<string, number> = {};

  /** Runs `work`, adding its time to `step`. */
  async time<T>(step: string, work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.ms[step] = (this.ms[step] ?? 0) + performance.now() - started;
    }
  }

  /** The steps timed so far as log fields: `{ parseMs: 812, … }`. */
  fields(): Record<string, number> {
    return Object.fromEntries(Object.entries(this.ms).map(([step, ms]) => [`${step}Ms`, Math.round(ms)]));
  }
}
