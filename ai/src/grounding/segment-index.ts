// An inverted index of a transcript's segments by content term, so an item finds the segment it came from without
// comparing it with every segment: each term's list of segments is read once, and terms said in very many segments
// ("plan", "year") are skipped as they point nowhere in particular.

import { contentTerms } from "../language/tokens";
import { shorthandAmounts } from "../local/record/shorthand-amounts";
import { writeNumbersAsFigures } from "../local/record/spoken-numbers";
import type { TranscriptSegment } from "../types";

/** A term in more segments than this says little about where an item came from; its list is not read. */
const MAX_POSTINGS = 200;

export interface SegmentIndex {
  readonly segmentCount: number;
  /**
   * The segment with the most distinct terms of `text` (rarer terms weigh more; the earlier wins a tie); undefined
   * when no segment says any of them.
   */
  locate(text: string): number | undefined;
  /** How many distinct content terms of `text` segment `index` says. */
  overlap(text: string, index: number): number;
}

export function buildSegmentIndex(segments: readonly TranscriptSegment[]): SegmentIndex {
  const postings = new Map<string, number[]>();
  const termsBySegment: Set<string>[] = [];
  segments.forEach((segment, index) => {
    // A figure said in words is found as written too: "four eighty-eight" is where "$488,000" was said.
    const terms = new Set([
      ...contentTerms(segment.text),
      ...figureTerms(writeNumbersAsFigures(segment.text)),
      ...shorthandTerms(segment.text),
    ]);
    termsBySegment.push(terms);
    for (const term of terms) {
      const list = postings.get(term);
      if (list) list.push(index);
      else postings.set(term, [index]);
    }
  });
  const count = segments.length;
  return {
    segmentCount: count,
    locate(text) {
      const scores = new Map<number, number>();
      let rarest: number[] | undefined;
      for (const term of itemTerms(text)) {
        const list = postings.get(term);
        if (list && (!rarest || list.length < rarest.length)) rarest = list;
        if (!list || list.length > MAX_POSTINGS) continue;
        const weight = Math.log(1 + count / list.length);
        for (const index of list) scores.set(index, (scores.get(index) ?? 0) + weight);
      }
      let best: number | undefined;
      let bestScore = 0;
      for (const [index, score] of scores) {
        if (score > bestScore || (score === bestScore && best !== undefined && index < best)) {
          best = index;
          bestScore = score;
        }
      }
      // Only common terms matched: the rarest one's first mention is the best guess there is.
      return best ?? rarest?.[0];
    },
    overlap(text, index) {
      const terms = termsBySegment[index];
      if (!terms) return 0;
      let shared = 0;
      for (const term of itemTerms(text)) if (terms.has(term)) shared++;
      return shared;
    },
  };
}

/** Each figure of the text as one term, its digits alone ("$488,000." → "488000"); a word at a time, linear. */
function figureTerms(text: string): string[] {
  const out: string[] = [];
  for (const word of text.split(/\s+/)) {
    if (!/\d/.test(word)) continue;
    let digits = "";
    for (const char of word) if ((char >= "0" && char <= "9") || char === ".") digits += char;
    while (digits.endsWith(".")) digits = digits.slice(0, -1);
    if (digits) out.push(`#${digits}`);
  }
  return out;
}

/**
 * The amounts said as pairs ("sixteen fifty", "four twenty-five") as figure terms, at both scales they may be read
 * at (1,650 and 1,650,000; 425 and 425,000): the record reads them from the money talk around them, and its point
 * ("Rents: $1,650.") is found where they were said.
 */
function shorthandTerms(text: string): string[] {
  return shorthandAmounts(text).flatMap(({ value }) => [`#${value}`, `#${value * 1000}`]);
}

/** An item's terms: its content words and its figures. */
const itemTerms = (text: string) => new Set([...contentTerms(text), ...figureTerms(text)]);
