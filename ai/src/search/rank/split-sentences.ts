// Whole sentences and their speakers, by a scan over characters (linear in the text).
import { isDigit } from "../understand/question-terms";

export const isSpace = (c: string | undefined) => c === " " || c === "\t" || c === "\n" || c === "\r";
const isLower = (c: string | undefined) => c !== undefined && c !== c.toUpperCase() && c === c.toLowerCase();
export const isLetter = (c: string | undefined) => c !== undefined && c.toLowerCase() !== c.toUpperCase();
const SENTENCE_END = new Set([".", "!", "?", "…"]);
const CLOSERS = new Set(['"', "'", ")", "]", "”", "’"]);
const ABBREVIATIONS = new Set(["mr", "mrs", "ms", "dr", "prof", "st", "jr", "sr", "vs", "etc", "inc", "ltd", "co"]);
const ABBREVIATIONS_WITH_DOT = new Set(["e.g", "i.e"]);

/** The word (letters and inner dots) right before `end`, at most 8 characters back. */
function wordBefore(text: string, from: number, end: number): string {
  let i = end;
  while (i > from && end - i < 8 && (isLetter(text[i - 1]) || text[i - 1] === ".")) i--;
  return text.slice(i, end);
}

/**
 * Whole sentences of one turn, cut at `.`, `!`, `?` or `…` followed by a space, unless the next word starts in lower
 * case after text written without a space before the stop (decimals, abbreviations and initials stay whole).
 * Transcripts written with spaced stops (" .", as in QMSum) are cut at every stop.
 */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (!SENTENCE_END.has(text[i]!)) continue;
    let end = i + 1;
    while (end < text.length && (SENTENCE_END.has(text[end]!) || CLOSERS.has(text[end]!))) end++;
    if (end < text.length && !isSpace(text[end])) {
      i = end - 1;
      continue;
    }
    let next = end;
    while (next < text.length && isSpace(text[next])) next++;
    if (next >= text.length) break;
    const spacedStop = i > start && isSpace(text[i - 1]);
    if (!spacedStop) {
      const word = wordBefore(text, start, i).toLowerCase();
      const abbreviation =
        text[i] === "." &&
        (ABBREVIATIONS.has(word) ||
          ABBREVIATIONS_WITH_DOT.has(word) ||
          (word.length === 1 && word !== "i" && isLetter(word) && text[i - 1] !== text[i - 1]!.toLowerCase()));
      if (abbreviation || isLower(text[next])) {
        i = end - 1;
        continue;
      }
    }
    const sentence = text.slice(start, end).trim();
    if (sentence) sentences.push(sentence);
    start = next;
    i = next - 1;
  }
  const rest = text.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences;
}

/**
 * "Dana Whitfield: text" → speaker and text. When the passage knows its speakers, only they are: a word before a colon
 * inside what someone said ("House: 2210 Larkspur.") is their text, not a speaker. Without them (a note, a caption
 * file read alone), a prefix that looks like a name.
 */
export function splitSpeaker(line: string, speakers: readonly string[] = []): { speaker: string | null; text: string } {
  for (const s of speakers) {
    if (s && line.startsWith(`${s}: `)) return { speaker: s, text: line.slice(s.length + 2) };
  }
  if (speakers.some(Boolean)) return { speaker: null, text: line };
  const colon = line.indexOf(": ");
  if (colon > 0 && colon <= 40 && !isLower(line[0])) {
    const prefix = line.slice(0, colon);
    let nameLike = true;
    for (const c of prefix) {
      if (!(isLetter(c) || isDigit(c) || c === " " || c === "." || c === "'" || c === "-" || c === "_")) {
        nameLike = false;
        break;
      }
    }
    if (nameLike && prefix.split(" ").length <= 4) return { speaker: prefix, text: line.slice(colon + 2) };
  }
  return { speaker: null, text: line };
}
