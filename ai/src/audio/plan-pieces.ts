// Pure planning of where to cut a long recording: prefer silences near each limit, else a hard cut.

/** A stretch of the recording, in seconds: a silence, or a planned piece. */
interface Span {
  start: number;
  end: number;
}

/** Parses ffmpeg's silencedetect log lines ("silence_start: 1.2", "silence_end: 3.4 | ..."). */
export function parseSilences(stderr: string, totalSeconds: number): Span[] {
  const silences: Span[] = [];
  let openStart: number | null = null;
  for (const line of stderr.split("\n")) {
    const start = /silence_start:\s*(-?[\d.]+)/.exec(line);
    if (start?.[1]) {
      openStart = Math.max(0, Number.parseFloat(start[1]));
      continue;
    }
    const end = /silence_end:\s*([\d.]+)/.exec(line);
    if (end?.[1] && openStart !== null) {
      silences.push({ start: openStart, end: Number.parseFloat(end[1]) });
      openStart = null;
    }
  }
  // A silence running to the end of the file has no silence_end line.
  if (openStart !== null) silences.push({ start: openStart, end: totalSeconds });
  return silences;
}

/**
 * Splits [0, total] into pieces of at most maxSeconds. Each cut lands in the latest silence of the
 * second half of the allowed window (so pieces stay long); consecutive pieces overlap by overlapSeconds.
 */
export function planPieces(totalSeconds: number, silences: Span[], maxSeconds: number, overlapSeconds: number): Span[] {
  if (totalSeconds <= maxSeconds) return [{ start: 0, end: totalSeconds }];
  // Overlap must leave real progress per piece, or the loop would never end.
  const overlap = Math.min(Math.max(0, overlapSeconds), maxSeconds / 4);
  const pieces: Span[] = [];
  let start = 0;
  while (start + maxSeconds < totalSeconds) {
    const limit = start + maxSeconds;
    const earliest = start + Math.max(maxSeconds / 2, overlap + 1);
    const cut = findCutInSilence(silences, earliest, limit) ?? limit;
    pieces.push({ start, end: cut });
    start = cut - overlap;
  }
  pieces.push({ start, end: totalSeconds });
  balanceShortLastPiece(pieces, silences, maxSeconds, overlap);
  return pieces;
}

/**
 * A last piece of a few seconds (a one-hour file in 20-minute pieces ends in a 9 s piece) is heard without context
 * and is mostly overlap. It shares the time of the piece before it instead: same number of requests, same audio.
 */
function balanceShortLastPiece(pieces: Span[], silences: Span[], maxSeconds: number, overlap: number) {
  const last = pieces.at(-1);
  const previous = pieces.at(-2);
  if (!last || !previous || last.end - last.start >= Math.min(maxSeconds / 4, 120)) return;
  const span = last.end - previous.start;
  const middle = previous.start + (span + overlap) / 2;
  const reach = span / 8;
  const cut =
    findCutInSilence(silences, middle - reach, Math.min(middle + reach, previous.start + maxSeconds)) ?? middle;
  previous.end = cut;
  last.start = cut - overlap;
}

function findCutInSilence(silences: Span[], earliest: number, limit: number): number | null {
  let best: number | null = null;
  for (const silence of silences) {
    if (silence.end < earliest || silence.start > limit) continue;
    // Middle of the silence, clamped into the window when the silence straddles its edges.
    const middle = Math.min(Math.max((silence.start + silence.end) / 2, earliest), limit);
    if (best === null || middle > best) best = middle;
  }
  return best;
}
