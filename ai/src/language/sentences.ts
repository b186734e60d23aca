// Sentence splitting for transcript turns, keeping who said each sentence and where.

import type { TranscriptSegment } from "../types";
import {
  ABBREVIATIONS,
  ACKNOWLEDGEMENTS,
  alternation,
  DIGIT_WORDS,
  DISCOURSE_MARKERS,
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
    // "Dr. Raman" and initials such as "J. Smith" do not end a sentence; an ordinal ("by the 1st.") does.
    const isOrdinal = /\d/.test(text[(match.index ?? 0) - lastWord.length - 1] ?? "");
    if (
      match[0].startsWith(".") &&
      !isOrdinal &&
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
// Longer than any abbreviation of the lexicon, so a word cut by the window is never taken for one (nor for an initial).
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

const DIGIT_WORD = lexiconRegExp(`^(?:${["zero", SPOKEN_ZERO, ...DIGIT_WORDS].join("|")}|\\d+)$`, "i");
const NUMBER_NEIGHBOUR = /^(?:point|\d+)$/i;
/** Characters looked at on each side of a repeated digit for the number it belongs to. */
const NEIGHBOUR_WINDOW = 12;

/**
 * "two point one one five", "4 4 7 1": a digit said twice after "point" or among digits is part of a number; elsewhere
 * ("the one one we liked") it is a stutter. (Any number word as a neighbour kept too many QMSum stutters: -0.1 ROUGE-1.)
 */
function insideNumber(text: string, start: number, end: number): boolean {
  const before =
    text
      .slice(Math.max(0, start - NEIGHBOUR_WINDOW), start)
      .trim()
      .split(/\s+/)
      .at(-1) ?? "";
  const after =
    text
      .slice(end, end + NEIGHBOUR_WINDOW)
      .trim()
      .split(/\s+/)[0] ?? "";
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
    for (const sentence of splitTextIntoSentences(cleanSpokenText(text))) {
      sentences.push({ text: sentence, speaker, segmentIndex, index: sentences.length });
    }
  });
  return sentences;
}

// What makes a sentence small talk rather than substance: greetings, thanks, goodbyes, pleasantries and bare
// acknowledgements. Each pattern is anchored or a plain alternation, so each runs in linear time.
const COURTESY_START =
  /^(?:hi|hello|hey|good (?:morning|afternoon|evening|to see you)|morning|afternoon|evening|welcome|thanks|thank you|cheers|bye|goodbye|see you|take care|have a (?:good|great|nice|lovely)|nice to|great to|lovely to|good to|pleasure|how are you|how's it going|how have you been)\b/i;
const COURTESY_ANYWHERE =
  /\b(?:how are you|how (?:was|were) (?:your|the) (?:weekend|trip|holiday|vacation|flight|summer|break)|the weather|thanks for (?:coming|making|having|joining|your time|the time|taking)|thank you for (?:coming|making|having|joining|your time|the time|taking)|can you (?:hear|see) me|you're on mute|(?:nice|good|great|lovely) to (?:see|meet|hear from) you|have a (?:good|great|nice|lovely) (?:day|weekend|evening|one))\b/i;
// Matched against the sentence without its closing punctuation (trimEnding), so no run of "!" is read twice.
const ACKNOWLEDGEMENT = lexiconRegExp(
  `^${alternation(ACKNOWLEDGEMENTS)}(?:[,.!]?\\s*(?:thanks|thank you))?(?:,\\s*[A-Z][a-z]+)?$`,
  "i",
);
const CLOSING_PUNCTUATION = /[\s.,!?;:]/;

function trimEnding(text: string): string {
  let end = text.length;
  while (end > 0 && CLOSING_PUNCTUATION.test(text[end - 1]!)) end--;
  return text.slice(0, end);
}

/** Greetings, thanks, goodbyes, pleasantries, "okay, great": nothing a summary reader needs. */
export function isSmallTalk(text: string): boolean {
  return COURTESY_START.test(text) || COURTESY_ANYWHERE.test(text) || ACKNOWLEDGEMENT.test(trimEnding(text.trim()));
}

// Words that open a spoken sentence and carry nothing: "Okay so", "Well,", "Yeah, and", "Also,".
const LEADING_MARKER = lexiconRegExp(`^(?:${alternation(DISCOURSE_MARKERS)}(?:[,.!]+\\s*|\\s+))+`, "i");

/** The sentence as a summary shows it: opening fillers gone, first letter capitalised, ending punctuation. */
export function plainSentence(text: string): string {
  const trimmed = text.replace(LEADING_MARKER, "").trim();
  if (!trimmed) return "";
  const capitalised = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?…"')]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}
