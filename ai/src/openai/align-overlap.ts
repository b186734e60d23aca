// Finds the words two neighbouring pieces both transcribed from their shared stretch of audio: the longest run
// of equal words between the end of one piece and the start of the next.

export interface SharedRun {
  /** Index in `tail` of the run's first word. */
  tailStart: number;
  /** Index in `head` of the run's first word. */
  headStart: number;
  length: number;
}

/** A run this short or this light ("of the") is too likely to be a coincidence. */
const MIN_RUN_WORDS = 2;
const MIN_RUN_LETTERS = 6;

/**
 * `tail` and `head` are normalised words (empty strings never match). Among runs of equal length, the one nearest
 * the cut wins: close to the end of `tail` and the start of `head`, where the shared audio is.
 */
export function findSharedRun(tail: readonly string[], head: readonly string[]): SharedRun | null {
  let best: (SharedRun & { distance: number }) | null = null;
  let previous = new Array<number>(head.length + 1).fill(0);
  for (let i = 1; i <= tail.length; i++) {
    const current = new Array<number>(head.length + 1).fill(0);
    const word = tail[i - 1];
    for (let j = 1; j <= head.length; j++) {
      if (!word || word !== head[j - 1]) continue;
      const length = (previous[j - 1] ?? 0) + 1;
      current[j] = length;
      const tailStart = i - length;
      const headStart = j - length;
      const distance = tail.length - i + headStart;
      if (!best || length > best.length || (length === best.length && distance < best.distance)) {
        best = { tailStart, headStart, length, distance };
      }
    }
    previous = current;
  }
  if (!best || best.length < MIN_RUN_WORDS) return null;
  const letters = tail
    .slice(best.tailStart, best.tailStart + best.length)
    .join("")
    .replace(/\s/g, "").length;
  if (letters < MIN_RUN_LETTERS) return null;
  return { tailStart: best.tailStart, headStart: best.headStart, length: best.length };
}
