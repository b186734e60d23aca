// How many rows the next statement of a long write should carry so that it holds the database for about a target
// time. The embedded database is one session: while one statement runs, every other request waits. A row's cost
// varies by table (an HNSW insert of a 1536-dimension vector in WebAssembly costs 5-60 ms under load, a segment row
// well under one) and by the machine's load, so the size is measured, not fixed: each statement's time sets the next
// statement's size.

export interface BatchSizing {
  /** Rows of the first statement. */
  initial: number;
  /** Never more rows than this in one statement. */
  max: number;
  /** The time one statement should take, in ms. */
  targetMs: number;
}

/** About 100 ms a statement: a request that arrives meanwhile waits for one statement at most. */
export const STATEMENT_TARGET_MS = 100;

/**
 * How much of a slow statement's cost per row the next estimate keeps. On a loaded machine one statement may run at
 * full speed and the next at a tenth of it; forgetting the slow one after a single fast one let a statement grow to
 * 50 chunk rows and hold the embedded database for 3.7 s. Remembered, a slow cost fades over a few statements.
 */
const SLOW_COST_MEMORY = 0.8;

export class StatementBatches {
  private rows: number;
  /** The cost of a row (ms) the next size is fitted to: the latest, or more while a slower one fades. */
  private perRowMs = 0;

  constructor(private readonly sizing: BatchSizing) {
    this.rows = Math.max(1, Math.min(sizing.initial, sizing.max));
  }

  /** Rows for the next statement. */
  get size(): number {
    return this.rows;
  }

  /**
   * A statement of `rows` rows took `elapsedMs`: the next is sized to take the target time at the row cost seen (the
   * latest, or a slower earlier one fading), growing at most twofold a step (one fast statement is weak evidence)
   * and never below one row.
   */
  record(rows: number, elapsedMs: number): void {
    const observed = Math.max(elapsedMs, 0.01) / Math.max(rows, 1);
    this.perRowMs = Math.max(observed, this.perRowMs * SLOW_COST_MEMORY);
    const fitting = Math.floor(this.sizing.targetMs / this.perRowMs);
    this.rows = Math.max(1, Math.min(this.sizing.max, rows * 2, fitting));
  }

  /** Runs `statement` over `items` in statements sized as above, in order; stops early when it returns false. */
  async run<T>(items: T[], statement: (batch: T[]) => Promise<boolean | undefined>): Promise<boolean> {
    for (let from = 0; from < items.length; ) {
      const batch = items.slice(from, from + this.rows);
      const started = performance.now();
      const goOn = await statement(batch);
      this.record(batch.length, performance.now() - started);
      if (goOn === false) return false;
      from += batch.length;
    }
    return true;
  }

  /**
   * Repeats `statement` (which removes at most the rows it is given and answers how many it removed), sized as above,
   * until one removes nothing.
   */
  async removeUntilEmpty(statement: (rows: number) => Promise<number>): Promise<void> {
    for (;;) {
      const rows = this.rows;
      const started = performance.now();
      const removed = await statement(rows);
      this.record(Math.max(removed, 1), performance.now() - started);
      if (removed === 0) return;
    }
  }
}
