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
export function splitTextIntoSentences(text: string): string[] {
  const sentences: string[] = [];
  const boundary = /[.!?…]+["')\]]*\s+(?=["'([]?[\p{Lu}\p{N}])/gu;
  let start = 0;
  for (const match of text.matchAll(boundary)) {
    const end = (match.index ?? 0) + match[0].length;
    const before = text.slice(start, match.index).trim();
    const lastWord = /([\p{L}.]+)$/u.exec(before)?.[1] ?? "";
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

/** Drops disfluencies a reader does not need: "{vocalsound}" annotations, "um"/"uh", stutters ("I I I"). */
export function cleanSpokenText(text: string): string {
  return text
    .replace(/\{[^}]*\}|\[(?:inaudible|crosstalk|laughter|noise|music)\]/gi, " ")
    .replace(/(^|[\s,])(?:um+|uh+|erm|eh|mm+|hmm+)(?=[\s,.!?]|$)[,]?/gi, "$1")
    .replace(/\b(\w+(?:'\w+)?)(?:\s+\1\b)+/gi, "$1")
    .replace(/\s+([,.!?;:])/g, "$1")
    .replace(/\s+(['’](?:s|re|ll|ve|d|m|t))\b/gi, "$1")
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
