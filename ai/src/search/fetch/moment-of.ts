import type { Passage } from "../answer-types";

/** Where a sentence was said: the start of the segment (within the passage's segments) whose text holds it. */
export function momentOf(
  sentence: string,
  passage: Passage,
  segments: readonly { start: number | null; text: string }[] | undefined,
): number | null {
  const fallback = passage.startSeconds ?? null;
  if (!segments || !passage.segmentIndexes) return fallback === null ? null : Math.floor(fallback);
  const [first, last] = passage.segmentIndexes;
  const probe = sentence.slice(0, 80);
  const head = sentence.slice(0, 24);
  for (let i = Math.max(0, first); i <= Math.min(last, segments.length - 1); i++) {
    const segment = segments[i]!;
    if (segment.start === null) continue;
    const text = segment.text.replace(/\s+/g, " ");
    if (text.includes(probe)) return Math.floor(segment.start);
    // A sentence joined across caption cues starts in the segment that ends with its beginning.
    const at = text.indexOf(head);
    if (at >= 0 && sentence.startsWith(text.slice(at).trimEnd())) return Math.floor(segment.start);
  }
  return fallback === null ? null : Math.floor(fallback);
}
