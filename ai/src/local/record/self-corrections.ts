// A figure said, then corrected ("twenty— no, twenty-five", "4471-0038-22, hold on, no, 4471-0038-2291"): the note
// keeps the correction only. Markers are found with one bounded pattern; the corrected figure is read back over at
// most a few words before each marker, so the step stays linear in the text.

import { alternation, NUMBER_WORDS } from "../../language/lexicon";
import { lexiconRegExp } from "../../language/patterns";

const NUMBER_WORD = alternation(NUMBER_WORDS);
// ", no," / "— sorry," / ", hold on, no," / ", I mean," before a figure.
const MARKER = lexiconRegExp(
  `(?<![\\s,—–-])\\s*[,—–-]+\\s*(?:(?:hold on|wait|sorry)[,.]?\\s+)?(?:no|sorry|I mean|rather|actually)[,—–]?\\s+(?=[$\\d]|${NUMBER_WORD}\\b)`,
  "gi",
);
const FIGURE_WORD = lexiconRegExp(`^(?:[$]?\\d[\\d,.\\-]*|${NUMBER_WORD}(?:-${NUMBER_WORD})?|and|point)$`, "i");
/** Words of a corrected figure read back at most. */
const MAX_FIGURE_WORDS = 6;

export function dropCorrectedFigures(text: string): string {
  return dropRestarts(dropCorrectedNumbers(text));
}

// "8,000 a month… sorry, let me say that right, 8,000 a month on top of…": the speaker starts the phrase again.
const RESTART =
  /(?:\.{3}|…|[,—–-])\s*(?:(?:sorry|no|wait|okay)[,.]?\s+)?let me (?:say|put|start|read) (?:that|this|it) (?:right|again|over|properly|differently|correctly)[,.:]?\s+/gi;
/** Characters before a restart searched for where the first try began. */
const RESTART_WINDOW = 120;
const RESTART_WORDS = 3;

/** Drops the first try of a restarted phrase: from where its opening words were first said to the restart. */
function dropRestarts(text: string): string {
  let out = "";
  let from = 0;
  for (const match of text.matchAll(RESTART)) {
    const at = match.index ?? 0;
    if (at < from) continue;
    const after = at + match[0].length;
    const opening = text
      .slice(after, after + 60)
      .split(/\s+/)
      .slice(0, RESTART_WORDS)
      .join(" ")
      .replace(/(?<![,.;:])[,.;:]+$/, "");
    if (!opening) continue;
    const windowStart = Math.max(from, at - RESTART_WINDOW);
    const first = text.slice(windowStart, at).lastIndexOf(opening);
    if (first < 0) continue;
    out += text.slice(from, windowStart + first);
    from = after;
  }
  return out + text.slice(from);
}

function dropCorrectedNumbers(text: string): string {
  let out = "";
  let from = 0;
  for (const match of text.matchAll(MARKER)) {
    const at = match.index ?? 0;
    if (at < from) continue;
    const start = startOfFigure(text, from, at);
    if (start === null) continue;
    out += text.slice(from, start);
    from = at + match[0].length;
  }
  return out + text.slice(from);
}

/** Where the figure that ends at `end` starts (at most MAX_FIGURE_WORDS words back, not before `floor`), or null. */
function startOfFigure(text: string, floor: number, end: number): number | null {
  let start: number | null = null;
  let cursor = end;
  for (let words = 0; words < MAX_FIGURE_WORDS; words++) {
    let wordStart = cursor;
    while (wordStart > floor && !/\s/.test(text[wordStart - 1]!)) wordStart--;
    const word = text.slice(wordStart, cursor);
    if (word === "" || !FIGURE_WORD.test(word)) break;
    start = wordStart;
    cursor = wordStart;
    while (cursor > floor && /\s/.test(text[cursor - 1]!)) cursor--;
    if (cursor === floor) break;
  }
  // "and"/"point" alone are not a figure.
  if (start === null || /^(?:and|point)$/i.test(text.slice(start, end).trim())) return null;
  return start;
}

const LETTER = /[\p{L}']/u;
/** Longest word compared: a longer run of letters is not a stutter. */
const MAX_STUTTER_LETTERS = 20;

/** "From the, the university plan" → "From the university plan": a word said twice across a comma is said once. */
export function dropStutters(text: string): string {
  let out = "";
  let from = 0;
  for (let comma = text.indexOf(", ", from); comma >= 0; comma = text.indexOf(", ", comma + 2)) {
    let start = comma;
    while (start > from && comma - start <= MAX_STUTTER_LETTERS && LETTER.test(text[start - 1]!)) start--;
    if (start === comma || (start > 0 && LETTER.test(text[start - 1]!))) continue;
    const word = text.slice(start, comma);
    const next = text.slice(comma + 2, comma + 2 + word.length);
    const boundary = text[comma + 2 + word.length];
    if (next.toLowerCase() !== word.toLowerCase() || (boundary !== undefined && LETTER.test(boundary))) continue;
    out += text.slice(from, comma);
    from = comma + 2 + word.length;
  }
  return out + text.slice(from);
}

// ", what was it, " / ", like, " / ", say, ": a speaker reaching for a word, set off by commas.
const ASIDE = /,\s*(?:what (?:was|is) it|what|like|say|let's see|let me see|I think|I guess)\s*,\s*/gi;

/** "you made about, what was it, 48,000" → "you made about 48,000". */
export function dropAsides(text: string): string {
  return text.replace(ASIDE, " ");
}
