// Header lines of the paragraph-style exports: a speaker and a time on a line of their own, the turn's words in
// the paragraph below (or after a colon on the same line).
//   Otter:              "Harold Feng  6:40"  "Unknown Speaker  1:02:03"   (two spaces; trailing spaces allowed)
//   Rev, Fireflies:     "Dana Whitfield (00:01:23):"  "Speaker 1 (01:23):"  "Dana Whitfield  00:01:23"
//   Fathom:             "0:01 - Dana Whitfield (whitfield.com)"  "12:40 - Dana Whitfield"   (the time first)
// The rule comes from the shape, not from guessing at content: the whole line must be a name followed by one
// time, and the name must look like a speaker label (capitalised words or "Speaker 2"). "we meet at 6:40" fails
// the name rule; "Meeting moved to 6:40 pm" has words after the time; both stay speech.

import { MONTHS, RELATIVE_DAYS, WEEKDAYS } from "../language/lexicon";
import { collapseWhitespace } from "./clean-text";
import { isDigit } from "./cue-timing";
import { isSpeakerName } from "./speaker-prefix";

export interface SpeakerHeader {
  speaker: string;
  seconds: number;
  /** Words after "(time):" on the same line; usually empty. */
  text: string;
}

/** Words that name a day or month, not a person: "Tuesday 6:40" or "March 14" are speech, not headers. */
const CALENDAR_WORDS = new Set([
  ...WEEKDAYS,
  ...RELATIVE_DAYS,
  ...MONTHS,
  ..."at around about by from until till before after".split(" "),
]);

/** "m:ss", "mm:ss", "h:mm:ss" or "hh:mm:ss" exactly from `at` to `end`; seconds, or null. */
export function readClockTime(text: string, at: number, end: number): number | null {
  const parts: number[] = [];
  let i = at;
  while (parts.length < 3) {
    const from = i;
    while (i < end && isDigit(text.charCodeAt(i))) i++;
    const digits = i - from;
    // The first part has one or two digits; later parts exactly two.
    if (digits === 0 || digits > 2 || (parts.length > 0 && digits !== 2)) return null;
    parts.push(Number(text.slice(from, i)));
    if (i === end) break;
    if (text[i] !== ":") return null;
    i++;
  }
  if (i !== end || parts.length < 2) return null;
  const [first = 0, second = 0, third] = parts;
  if (third === undefined) return second < 60 ? first * 60 + second : null;
  return second < 60 && third < 60 ? first * 3600 + second * 60 + third : null;
}

export interface HeaderPlace {
  /** The line starts a paragraph, where exports put their headers. */
  atParagraphStart: boolean;
}

/**
 * A speaker header, or null when the line is anything else. A name that is also a day or a month ("June Pemberton",
 * "May Chen") is a speaker where the export's own structure says so: at a paragraph's start, written as
 * "Name (time):" or with the two spaces Otter puts between name and time. Elsewhere "Tuesday 6:40" is speech.
 */
export function readSpeakerHeader(raw: string, place: HeaderPlace = { atParagraphStart: false }): SpeakerHeader | null {
  const line = collapseWhitespace(raw);
  // A header is short: a name of at most a few words and a time.
  if (line.length < 4) return null;
  const parenthesised = readParenthesisedHeader(line) ?? readTimeFirstHeader(line);
  const header = parenthesised ?? readBareHeader(line);
  if (!header || header.speaker.length > 64 || !isSpeakerName(header.speaker)) return null;
  const shapedAsHeader = place.atParagraphStart && (parenthesised !== null || hasOtterSpacing(raw));
  return shapedAsHeader || !hasCalendarWord(header.speaker) ? header : null;
}

/** Otter's header: a name, two or more spaces, a time, and nothing after it ("June Pemberton  0:11"). */
function hasOtterSpacing(raw: string): boolean {
  const end = raw.trimEnd();
  const space = end.lastIndexOf(" ");
  return space > 1 && end[space - 1] === " " && readClockTime(end, space + 1, end.length) !== null;
}

/** "Name (00:01:23):", "Name (1:23)" and "Name (1:23): words". */
function readParenthesisedHeader(line: string): SpeakerHeader | null {
  const open = line.indexOf(" (");
  if (open <= 0 || open > 64) return null;
  const close = line.indexOf(")", open);
  if (close < 0 || close - open > 12) return null;
  const seconds = readClockTime(line, open + 2, close);
  if (seconds === null) return null;
  let rest = line.slice(close + 1);
  if (rest.startsWith(":")) rest = rest.slice(1);
  else if (rest !== "") return null; // "Ann (1:23) said" is a sentence
  return { speaker: line.slice(0, open), seconds, text: rest.trim() };
}

/** Fathom's "0:01 - Name (domain)" or "0:01 - Name": the time, a dash, the name, at most a word in brackets. */
function readTimeFirstHeader(line: string): SpeakerHeader | null {
  const dash = line.indexOf(" - ");
  if (dash <= 0 || dash > 8) return null;
  const seconds = readClockTime(line, 0, dash);
  if (seconds === null) return null;
  let speaker = line.slice(dash + 3);
  const open = speaker.indexOf(" (");
  if (open >= 0) {
    // The bracket holds one word (an e-mail domain); "0:01 - Ann (she said so) …" is speech.
    if (!speaker.endsWith(")") || speaker.slice(open + 2, -1).includes(" ")) return null;
    speaker = speaker.slice(0, open);
  }
  return { speaker, seconds, text: "" };
}

/** "Name  6:40" and "Name  00:01:23": the line ends with the time. */
function readBareHeader(line: string): SpeakerHeader | null {
  const space = line.lastIndexOf(" ");
  if (space <= 0 || line.length - space > 10) return null;
  const seconds = readClockTime(line, space + 1, line.length);
  if (seconds === null) return null;
  return { speaker: line.slice(0, space), seconds, text: "" };
}

/** "Tuesday 6:40" or "March 14" in running text is speech, not a header. */
function hasCalendarWord(name: string): boolean {
  return name.split(" ").some((word) => CALENDAR_WORDS.has(word.toLowerCase()));
}
