// Sentence splitting for transcript turns, keeping who said each sentence and where.

import type { TranscriptSegment } from "../types";
import {
  ABBREVIATIONS,
  alternation,
  DIGIT_WORDS,
  FILLER_PHRASES,
  fillerSource,
  HESITATIONS,
  SPOKEN_ZERO,
} from "./lexicon";
import { lexiconRegExp } from "./patterns";

export interface Sentence {
  text: string;
  speaker: string | null;
  segmentIndex: number;
  /** Position among all sentences of the meeting. */
  index: number;
}

/**
 * A meeting tool's tag after a speaker's name ("Bridget Sandoval (Guest)", "Ann Lee (External)") is no part of the
 * name: notes name the person, the same in every meeting.
 */
export function withoutToolTag(speaker: string): string {
  const name = speaker.replace(/\s+/g, " ").trim();
  const open = name.lastIndexOf(" (");
  return name.endsWith(")") && open > 0 && name.length - open <= 32 ? name.slice(0, open) : name;
}

/** The text with its first letter in capitals ("send the form" → "Send the form"). */
export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** The text with its first letter in lower case ("The form" → "the form"). */
export const uncapitalise = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

export const SENTENCE_END = new Set([".", "!", "?", "…"]);
export const CLOSERS = new Set(['"', "'", ")", "]", "”", "’"]);
/** Longer than any abbreviation of the lexicon, so a word cut by the window is never taken for one (nor an initial). */
const WORD_WINDOW = 24;

export const isSpace = (c: string | undefined) => c === " " || c === "\t" || c === "\n" || c === "\r";
export const isLetter = (c: string | undefined) => c !== undefined && c.toLowerCase() !== c.toUpperCase();
const isLower = (c: string | undefined) => c !== undefined && c !== c.toUpperCase() && c === c.toLowerCase();
export const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";

/** The word (letters and inner dots) right before `end`, at most WORD_WINDOW characters back. */
function wordBefore(text: string, from: number, end: number): string {
  let i = end;
  while (i > from && end - i < WORD_WINDOW && (isLetter(text[i - 1]) || text[i - 1] === ".")) i--;
  return text.slice(i, end);
}

/**
 * A full stop that ends no sentence: after an abbreviation of the lexicon ("Dr.", "Jan.", "corp."; "no." only as
 * "No. 5") or an initial ("J. Smith"), but not after an ordinal ("by the 1st." ends one; "St. Paul" does not).
 */
function stopsNoSentence(text: string, start: number, stop: number, next: number): boolean {
  if (text[stop] !== ".") return false;
  const word = wordBefore(text, start, stop);
  if (isDigit(text[stop - word.length - 1])) return false;
  const lower = word.toLowerCase();
  if (ABBREVIATIONS.has(lower)) return lower !== "no" || isDigit(text[next]);
  return word.length === 1 && word !== "I" && isLetter(word) && !isLower(word);
}

/**
 * The sentences of one turn, by one scan over its characters: cut after `.`, `!`, `?` or `…` (and closing quotes)
 * followed by a space, unless the next word starts in lower case or the stop ends an abbreviation. Transcripts
 * written with spaced stops (" .", as in QMSum) are cut at every stop. Pieces without a letter or digit are dropped.
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
    if (!spacedStop && (isLower(text[next]) || stopsNoSentence(text, start, i, next))) {
      i = end - 1;
      continue;
    }
    sentences.push(text.slice(start, end).trim());
    start = next;
    i = next - 1;
  }
  sentences.push(text.slice(start).trim());
  return sentences.filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));
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

const DIGIT_WORD = lexiconRegExp(`^(?:${["zero", SPOKEN_ZERO, ...DIGIT_WORDS].join("|")}|\\d+)$`, "i");
const NUMBER_NEIGHBOUR = /^(?:point|\d+)$/i;
/** Characters looked at on each side of a repeated digit for the number it belongs to. */
const NEIGHBOUR_WINDOW = 12;

/**
 * "two point one one five", "4 4 7 1": a digit said twice after "point" or among digits is part of a number; elsewhere
 * ("the one one we liked") it is a stutter. (Any number word as a neighbour kept too many QMSum stutters: -0.1 ROUGE-1.)
 */
function insideNumber(text: string, start: number, end: number): boolean {
  const words = (around: string) => around.trim().split(/\s+/);
  const before = words(text.slice(Math.max(0, start - NEIGHBOUR_WINDOW), start)).at(-1) ?? "";
  const after = words(text.slice(end, end + NEIGHBOUR_WINDOW))[0] ?? "";
  const bare = (word: string) => word.replace(/^[^\p{L}\p{N}]+|(?<=[\p{L}\p{N}])[^\p{L}\p{N}]+$/gu, "");
  return NUMBER_NEIGHBOUR.test(bare(before)) || NUMBER_NEIGHBOUR.test(bare(after));
}

const OPENING_HESITATION = lexiconRegExp(`([.!?]\\s+)${fillerSource(HESITATIONS)}[,.]?\\s+(\\p{Ll})`, "giu");
const FILLER_SOUND = lexiconRegExp(`(^|[\\s,])${fillerSource()}(?=[\\s,.!?]|$)[,]?`, "gi");
const FILLER_PHRASE = lexiconRegExp(`,\\s*${alternation(FILLER_PHRASES)}(?:,|(?=[.!?]))`, "gi");

/** Drops disfluencies a reader does not need: "{vocalsound}" annotations, "um"/"uh", stutters ("I I I"). */
export function cleanSpokenText(text: string): string {
  return (
    replaceBraced(text)
      .replace(/\[(?:inaudible|crosstalk|laughter|noise|music)\]/gi, " ")
      // "…here. Um, can you…": the filler that opened a sentence goes, and the sentence still starts with a capital.
      .replace(OPENING_HESITATION, (_, end: string, letter: string) => end + letter.toUpperCase())
      .replace(FILLER_SOUND, "$1")
      // "you know" and "I mean" as fillers, set off by commas: "it's, you know, high" → "it's high".
      .replace(FILLER_PHRASE, "")
      // A digit said twice inside a number ("two point one one five") is not a stutter.
      .replace(/\b(\w+(?:'\w+)?)(?:\s+\1\b)+/gi, (run: string, word: string, at: number, whole: string) =>
        DIGIT_WORD.test(word) && insideNumber(whole, at, at + run.length) ? run : word,
      )
      .replace(/(?<!\s)\s+([,.!?;:])/g, "$1")
      .replace(/(?<!\s)\s+(['’](?:s|re|ll|ve|d|m|t))\b/gi, "$1")
      .replace(/([,;:.])(?:\s*[,;:])+/g, "$1")
      .replace(/^[\s,.;:]+/, "")
      .replace(/\s+/g, " ")
      .trim()
  );
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

// "Dana Whitfield: I recommend…" in a turn without a speaker (plain text pasted as one segment): up to four words
// starting with capitals, or a SPEAKER_01 label, then a colon.
const SPEAKER_PREFIX = /^((?:\p{Lu}[\p{L}'’.-]*)(?: \p{Lu}[\p{L}'’.-]*){0,3}|SPEAKER[ _]?\d{1,3}):\s+/u;

export function splitSegmentsIntoSentences(segments: TranscriptSegment[]): Sentence[] {
  const sentences: Sentence[] = [];
  segments.forEach((segment, segmentIndex) => {
    let speaker = segment.speaker;
    let text = segment.text;
    const prefix = SPEAKER_PREFIX.exec(text.trimStart());
    if (prefix?.[1] && (speaker === null || speaker === prefix[1])) {
      speaker = prefix[1];
      text = text.trimStart().slice(prefix[0].length);
    }
    for (const sentence of splitSentences(cleanSpokenText(text))) {
      sentences.push({ text: sentence, speaker, segmentIndex, index: sentences.length });
    }
  });
  return sentences;
}
