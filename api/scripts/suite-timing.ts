// Where a `bun test` run's time went: each file's wall time, read from when its name appears in the output (bun
// prints "path/to/file.test.ts:" as it starts a file, one file at a time), and the machine's load beside it.
import { readFileSync } from "node:fs";

/** Follows the output as it streams and notes when each test file starts. */
export class FileClock {
  private readonly starts: { file: string; at: number }[] = [];
  private partial = "";

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Feeds the next piece of output (lines may be split across pieces). */
  see(text: string): void {
    const lines = (this.partial + text).split("\n");
    this.partial = lines.pop() ?? "";
    for (const line of lines) {
      if (/^\S.*\.test\.tsx?:$/.test(line)) this.starts.push({ file: line.slice(0, -1), at: this.now() });
    }
  }

  /** Each file's wall time (ms) up to `end`, longest first. */
  durations(end: number = this.now()): { file: string; ms: number }[] {
    return this.starts
      .map((start, i) => ({ file: start.file, ms: (this.starts[i + 1]?.at ?? end) - start.at }))
      .sort((a, b) => b.ms - a.ms);
  }
}

/** "1 min 23 s" or "4.5 s". */
export function formatDuration(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

/** The 1-, 5- and 15-minute load averages, or "unknown" where /proc is absent. */
export function loadAverage(): string {
  try {
    return readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  } catch {
    return "unknown";
  }
}
