// A diarizing model labels speakers per request ("A", "B", ... in order of appearance), so the same person can be
// "B" in one piece and "A" in the next. Neighbouring pieces share a stretch of audio: whoever speaks there in
// both pieces is the same person, so labels are matched by how long they talk at the same time in that stretch.
// A label silent there takes a speaker already heard in the meeting before a new one is counted.

import type { PieceWords } from "./piece-words";

type DiarizedPiece = Pick<PieceWords, "offsetSeconds" | "endSeconds" | "segments">;

/** Replaces each piece's own labels with meeting-wide ones ("Speaker 1", "Speaker 2", ... by first appearance). */
export function mapSpeakersAcrossPieces(pieces: DiarizedPiece[]): void {
  let speakers = 0;
  /** Meeting-wide speakers, most recently heard last. */
  const heard: string[] = [];
  for (const [index, piece] of pieces.entries()) {
    const previous = pieces[index - 1];
    const mapping = previous ? matchOverlap(previous, piece) : new Map<string, string>();
    const taken = new Set(mapping.values());
    for (const segment of piece.segments) {
      if (segment.speaker === null) continue;
      let global = mapping.get(segment.speaker);
      if (!global) {
        // Silent in the shared stretch: most likely someone already heard (the client who let the adviser talk),
        // the most recently heard first; a new speaker only when everyone heard so far is accounted for.
        global = heard.findLast((name) => !taken.has(name)) ?? `Speaker ${++speakers}`;
        mapping.set(segment.speaker, global);
        taken.add(global);
      }
      segment.speaker = global;
      const at = heard.indexOf(global);
      if (at !== -1) heard.splice(at, 1);
      heard.push(global);
    }
  }
}

/** Pairs the later piece's labels with the earlier piece's (already global) ones, most shared talk first. */
function matchOverlap(earlier: DiarizedPiece, later: DiarizedPiece): Map<string, string> {
  const from = later.offsetSeconds;
  const until = earlier.endSeconds;
  const shared = new Map<string, { global: string; local: string; seconds: number }>();
  for (const a of earlier.segments) {
    if (a.speaker === null || a.end <= from) continue;
    for (const b of later.segments) {
      if (b.speaker === null || b.start >= until) continue;
      const seconds = Math.min(a.end, b.end, until) - Math.max(a.start, b.start, from);
      if (seconds <= 0) continue;
      const key = `${a.speaker}\u0000${b.speaker}`;
      const pair = shared.get(key) ?? { global: a.speaker, local: b.speaker, seconds: 0 };
      pair.seconds += seconds;
      shared.set(key, pair);
    }
  }
  const mapping = new Map<string, string>();
  const taken = new Set<string>();
  for (const pair of [...shared.values()].sort((x, y) => y.seconds - x.seconds)) {
    if (mapping.has(pair.local) || taken.has(pair.global)) continue;
    mapping.set(pair.local, pair.global);
    taken.add(pair.global);
  }
  return mapping;
}
