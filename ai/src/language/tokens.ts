// The one tokenizer: words, stems and content terms, shared by the summariser, the embedder and search so all
// agree on what a "word" is.

import { STOP_WORDS } from "./lexicon";

export { STOP_WORDS };

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;
const VOWEL = /[aeiouy]/;

/** Lower-cased words, apostrophes kept inside words ("don't"). */
export function splitWords(text: string): string[] {
  return text.toLowerCase().replace(/’/g, "'").match(WORD) ?? [];
}

/**
 * The text with each number one word: "18,300" is 18300 and "3.1" is 3point1, not "18" and "300" (a question about
 * kids "under 18" had matched "$18,300", and "3" any "3.1"). For matching a question's words against a text's.
 */
export const wholeNumbers = (text: string) => text.replace(/(\d),(?=\d{3})/g, "$1").replace(/(\d)\.(?=\d)/g, "$1point");

const stemCache = new Map<string, string>();

/** Light suffix stripping: plurals, -ing/-ed, -ly, -ment, -ness, final -e and y→i, so "rebalancing" = "rebalance". */
export function stemWord(word: string): string {
  const cached = stemCache.get(word);
  if (cached !== undefined) return cached;
  const stem = computeStem(word);
  if (stemCache.size < 200_000) stemCache.set(word, stem);
  return stem;
}

function computeStem(input: string): string {
  let w = input.replace(/'s$/, "");
  if (w.length <= 3 || /\d/.test(w)) return w;
  if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("s") && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  for (const suffix of ["ing", "ed"]) {
    const base = w.slice(0, -suffix.length);
    if (w.endsWith(suffix) && base.length >= 3 && VOWEL.test(base)) {
      w = /([^aeiouylsz])\1$/.test(base) ? base.slice(0, -1) : base;
      break;
    }
  }
  if (w.endsWith("ly") && w.length > 5) w = w.slice(0, -2);
  for (const suffix of ["ment", "ness"]) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 4) w = w.slice(0, -suffix.length);
  }
  if (w.endsWith("e") && w.length > 3) w = w.slice(0, -1);
  if (w.endsWith("y") && w.length > 3 && !VOWEL.test(w.charAt(w.length - 2))) w = `${w.slice(0, -1)}i`;
  return w;
}

/** The share of the smaller set's words that the other holds too (near-copies share most of theirs). */
export function overlapShare(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared / Math.max(1, Math.min(a.size, b.size));
}

/** Stemmed content words: stop words and single letters removed. */
export function contentTerms(text: string): string[] {
  const terms: string[] = [];
  for (const word of splitWords(text)) {
    if (STOP_WORDS.has(word) || (word.length < 2 && !/\d/.test(word))) continue;
    terms.push(stemWord(word));
  }
  return terms;
}
