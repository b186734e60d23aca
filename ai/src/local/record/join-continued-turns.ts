// Caption files cut long turns into cues mid-sentence ("…with a stent at 64, you're probably" | "not a candidate
// for…"). For the summary a sentence must be whole, so a segment that does not end a sentence is joined to the next
// one of the same speaker. Each joined segment remembers the first segment it came from, for transcript moments.

import type { TranscriptSegment } from "../../types";

/** A joined turn stops growing here: a caption file without any punctuation must not become one segment. */
const MAX_JOINED_CHARS = 2_000;
const ENDS_SENTENCE = /[.!?…]["'”’)\]]*\s*$/;

export interface JoinedSegments {
  segments: TranscriptSegment[];
  /** For each joined segment, the index of the first original segment in it. */
  firstIndex: number[];
}

export function joinContinuedTurns(segments: TranscriptSegment[]): JoinedSegments {
  const joined: TranscriptSegment[] = [];
  const firstIndex: number[] = [];
  let parts: string[] = [];
  let length = 0;
  const flush = () => {
    const last = joined.at(-1);
    if (last && parts.length > 1) last.text = parts.join(" ");
    parts = [];
    length = 0;
  };
  segments.forEach((segment, index) => {
    const last = joined.at(-1);
    const text = segment.text.trim();
    const continues =
      last !== undefined &&
      parts.length > 0 &&
      last.speaker === segment.speaker &&
      !ENDS_SENTENCE.test(parts.at(-1)!) &&
      length + text.length <= MAX_JOINED_CHARS;
    if (continues) {
      parts.push(text);
      length += text.length + 1;
      last.end = segment.end ?? last.end;
      return;
    }
    flush();
    joined.push({ ...segment, text });
    firstIndex.push(index);
    parts = [text];
    length = text.length;
  });
  flush();
  return { segments: joined, firstIndex };
}

/**
 * The original segments of each joined turn of more than one, listed under the first of them: where to look for the
 * caption a sentence of the turn was said in.
 */
export function turnsByFirst({ firstIndex }: JoinedSegments, segmentCount: number): Map<number, number[]> {
  const turns = new Map<number, number[]>();
  firstIndex.forEach((first, turn) => {
    const end = firstIndex[turn + 1] ?? segmentCount;
    if (end - first > 1)
      turns.set(
        first,
        Array.from({ length: end - first }, (_, i) => first + i),
      );
  });
  return turns;
}
