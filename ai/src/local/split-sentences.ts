// Sentence splitting for transcript turns, keeping who said each sentence and where.

import type { TranscriptSegment } from "../types";

export interface Sentence {
  text: string;
  speaker: string | null;
  segmentIndex: number;
  /** Position among all sentences of the meeting. */
  index: number;
}

const ABBREVIATIONS = new Set([
  "mr",
  "mrs",
  "ms",
  "dr",
  "prof",
  "st",
  "jr",
  "sr",
  "vs",
  "etc",
  "e.g",
  "i.e",
  "inc",
  "ltd",
  "co",
  "corp",
  "no",
  "approx",
  "jan",
  "feb",
  "mar",
  "apr",
  "jun",
  "jul",
  "aug",
  "sep",
  "sept",
  "oct",
  "nov",
  "dec",
]);

/** Splits one turn into sentences at ., ! or ? followed by a space, ignoring abbreviations and decimals. */
function splitTextIntoSentences(text: string): string[] {
  const sentences: string[] = [];
  // `(?<![.!?…])`: a boundary starts where its run of punctuation starts (the same match, without rescanning the
  // run from each of its characters).
  const boundary = /(?<![.!?…])[.!?…]+["')\]]*\s+(?=["'([]?[\p{Lu}\p{N}])/gu;
  let start = 0;
  for (const match of text.matchAll(boundary)) {
    const end = (match.index ?? 0) + match[0].length;
    const lastWord = lastWordBefore(text, start, match.index ?? 0);
    // "Dr. Raman" and initials such as "J. Smith" do not end a sentence.
    if (
      match[0].startsWith(".") &&
      (ABBREVIATIONS.has(lastWord.toLowerCase()) || (/^\p{Lu}$/u.test(lastWord) && lastWord !== "I"))
    )
      continue;
    sentences.push(text.slice(start, end).trim());
    start = end;
  }
  const rest = text.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences.filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));
}

const WHITESPACE = /\s/;
const LAST_WORD = /(?<![\p{L}.])[\p{L}.]+$/u;
// Longer than any abbreviation above, so a word cut by the window is never taken for one (nor for an initial).
const LAST_WORD_WINDOW = 24;

/**
 * The letters-and-dots word that ends text[start, end) once trimmed: what `/([\p{L}.]+)$/u.exec(before)` read, with
 * `before` sliced and trimmed anew at every boundary (quadratic over a sentence full of "Dr."), now read from a
 * short window before `end`.
 */
function lastWordBefore(text: string, start: number, end: number): string {
  let trimmedEnd = end;
  while (trimmedEnd > start && WHITESPACE.test(text[trimmedEnd - 1]!)) trimmedEnd--;
  const window = text.slice(Math.max(start, trimmedEnd - LAST_WORD_WINDOW), trimmedEnd);
  return LAST_WORD.exec(window)?.[0] ?? "";
}

/** Replaces each "{...}" annotation (to the first "}" after its "{") with a space, as `/\{[^}]*\}/g` did, in one pass. */
function replaceBraced(text: string): string {
  let out = "";
  let from = 0;
  for (let open = text.indexOf("{"); open >= 0; open = text.indexOf("{", from)) {
    const close = text.indexOf("}", open + 1);
    if (close < 0) break;
    out += `${text.slice(from, open)} `;
    from = close + 1;
  }
  return out + text.slice(from);
}

/** Drops disfluencies a reader does not need: "{vocalsound}" annotations, "um"/"uh", stutters ("I I I"). */
export function cleanSpokenText(text: string): string {
  return replaceBraced(text)
    .replace(/\[(?:inaudible|crosstalk|laughter|noise|music)\]/gi, " ")
    .replace(/(^|[\s,])(?:um+|uh+|erm|eh|mm+|hmm+)(?=[\s,.!?]|$)[,]?/gi, "$1")
    .replace(/\b(\w+(?:'\w+)?)(?:\s+\1\b)+/gi, "$1")
    .replace(/(?<!\s)\s+([,.!?;:])/g, "$1")
    .replace(/(?<!\s)\s+(['’](?:s|re|ll|ve|d|m|t))\b/gi, "$1")
    .replace(/([,;:.])(?:\s*[,;:])+/g, "$1")
    .replace(/^[\s,.;:]+/, "")
    .replace(/\s+/g, " ")
    .trim();
}

export function splitSegmentsIntoSentences(segments: TranscriptSegment[]): Sentence[] {
  const sentences: Sentence[] = [];
  segments.forEach((segment, segmentIndex) => {
    for (const text of splitTextIntoSentences(cleanSpokenText(segment.text))) {
      sentences.push({ text, speaker: segment.speaker, segmentIndex, index: sentences.length });
    }
  });
  return sentences;
}
