// "Dana Whitfield: ...", "Dr. Raman: ...", "SPEAKER_01: ...", "Speaker 2: ...", "- ..." at the start of a line,
// recognised by scanning the few characters before the first colon.

import { collapseWhitespace, isWhitespace } from "./clean-text";

/** Longest name considered: a sentence with a colon far in is not a speaker turn. */
const MAX_NAME = 64;
const UPPER = /\p{Lu}/u;
const LETTER_OR_MARK = /[\p{L}\p{M}]/u;
const DIGIT = /\p{Nd}/u;

interface LineTurn {
  /** Speaker named at the start of the line, if any. */
  speaker: string | null;
  /** The line without the speaker prefix or dialogue dash. */
  text: string;
  /** The line opens a new turn: a speaker prefix or a dialogue dash ("- Hi."). */
  opensTurn: boolean;
}

/** Reads a speaker prefix or dialogue dash at the start of a line. */
export function readLineTurn(line: string): LineTurn {
  let start = 0;
  while (start < line.length && isWhitespace(line.charCodeAt(start))) start++;
  let dash = false;
  const first = line[start];
  if ((first === "-" || first === "–" || first === "—") && isWhitespace(line.charCodeAt(start + 1))) {
    dash = true;
    start += 2;
  }
  const rest = line.slice(start);
  const prefix = matchSpeakerPrefix(rest);
  if (prefix) return { speaker: prefix.speaker, text: prefix.text, opensTurn: true };
  return { speaker: null, text: rest, opensTurn: dash };
}

/** "Name: text" → the name and the text; null when the part before the colon is not a name. */
export function matchSpeakerPrefix(line: string): { speaker: string; text: string } | null {
  const colon = line.indexOf(":");
  if (colon <= 0 || colon > MAX_NAME) return null;
  // "at 10:30" or "3:1" is a time or a ratio, not "Name:".
  if (isDigit(line[colon + 1] ?? "")) return null;
  const name = collapseWhitespace(line.slice(0, colon));
  if (name === "" || !isSpeakerName(name)) return null;
  return { speaker: name, text: line.slice(colon + 1).trim() };
}

// ASCII is decided by code; other characters by their Unicode category.
const isUpper = (char: string) => (char >= "A" && char <= "Z") || (char > "\u007f" && UPPER.test(char));
const isLetter = (char: string) =>
  (char >= "a" && char <= "z") || (char >= "A" && char <= "Z") || (char > "\u007f" && LETTER_OR_MARK.test(char));
const isDigit = (char: string) => (char >= "0" && char <= "9") || (char > "\u007f" && DIGIT.test(char));
const isNameChar = (char: string) => isLetter(char) || char === "'" || char === "’" || char === "." || char === "-";

/** Names repeat on every line of a transcript: remember the last few hundred verdicts. */
const verdicts = new Map<string, boolean>();
const MAX_VERDICTS = 512;

export function isSpeakerName(name: string): boolean {
  let verdict = verdicts.get(name);
  if (verdict === undefined) {
    verdict = isPersonName(name) || isNumberedSpeaker(name);
    if (verdicts.size >= MAX_VERDICTS) verdicts.clear();
    verdicts.set(name, verdict);
  }
  return verdict;
}

/**
 * One to four words, the first capitalised, the others capitalised, numbers or device names with a capital inside
 * ("Dr. Ann O'Neil", "Team 2", "Luis's iPhone").
 */
function isPersonName(name: string): boolean {
  const words = name.split(" ");
  if (words.length > 4) return false;
  return words.every((word, index) => {
    const chars = Array.from(word);
    const head = chars[0] ?? "";
    const deviceName = index > 0 && isLetter(head) && isUpper(chars[1] ?? "");
    if (!(isUpper(head) || deviceName || (index > 0 && isDigit(head)))) return false;
    return chars.every((char, at) => at === 0 || isNameChar(char) || (index > 0 && isDigit(char)));
  });
}

/** "SPEAKER_01", "Speaker 2", "spk_3": letters, an optional space or underscore, digits. */
function isNumberedSpeaker(name: string): boolean {
  const chars = Array.from(name);
  let i = 0;
  while (i < chars.length && (isLetter(chars[i]!) || chars[i] === "_")) i++;
  if (i === 0) return false;
  if (chars[i] === " " && isDigit(chars[i + 1] ?? "")) i++;
  const digitsFrom = i;
  while (i < chars.length && isDigit(chars[i]!)) i++;
  return i > digitsFrom && i === chars.length;
}
