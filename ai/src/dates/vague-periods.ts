// Periods said where a day could be ("in about a month", "this week", "early next week", "six to eight weeks from
// now", "sometime in the spring"): they are not dates, and a date read inside one is not a day that was said.

import { CLOCK_HOUR_WORDS } from "../language/lexicon";
import { lexiconRegExp } from "../language/patterns";

const COUNT = `(?:a|an|${CLOCK_HOUR_WORDS.join("|")}|\\d{1,2})`;
const UNIT = "(?:days?|weeks?|months?|years?)";
// "say" hedges a count ("in, say, two weeks"), but "let's say two weeks" proposes it.
const HEDGE =
  "(?:about|around|roughly|approximately|maybe|perhaps|(?<!(?:let's|let us|shall we|can we)\\s)say|figure|probably)";

/**
 * Each pattern is fixed words joined by single runs of spaces, so the scan is linear: no run of text can be matched
 * two ways. They are separate patterns rather than one alternation so each is small enough for the regex-safety
 * check to prove on a loaded machine; their order is the alternation's priority where two start at one place.
 */
const VAGUE_PERIODS: readonly RegExp[] = [
  // "the week of the ninth" first: "the week" alone would end the match before "of".
  /\b(?:the\s+)?week of\s+(?:the\s+)?\w+/gi,
  // The end of a week is Friday or Sunday; the end of a month, quarter or year is a day (resolve-date.ts).
  /\b(?:early|late|later|mid|middle of|end of)\s+(?:this\s+|next\s+|the\s+)?week\b/gi,
  /\b(?:early|late|later|mid|middle of)\s+(?:this|next|the)\s+(?:month|quarter|year)\b/gi,
  /(?<!end of\s)\b(?:this|next)\s+(?:week(?:end)?|month|quarter|year|semester)\b/gi,
  /\b(?:the|a)\s+weekend\b/gi,
  new RegExp(`\\b(?:a\\s+)?(?:few|couple(?:\\s+of)?|several)\\s+(?:more\\s+)?${UNIT}\\b`, "gi"),
  lexiconRegExp(`\\b${HEDGE}\\s+(?:in\\s+)?${COUNT}\\s+(?:more\\s+)?${UNIT}\\b`, "gi"),
  lexiconRegExp(`\\b${COUNT}\\s+(?:to|or)\\s+${COUNT}\\s+(?:more\\s+)?${UNIT}\\b`, "gi"),
  lexiconRegExp(`\\b${COUNT}\\s+${UNIT}\\s+or\\s+(?:so|two|three|more)\\b`, "gi"),
  lexiconRegExp(`\\b${COUNT}\\s+${UNIT}-?ish\\b`, "gi"),
  /\b(?:sometime|some time|later|early|late)\s+(?:in\s+)?(?:the\s+)?(?:spring|summer|fall|autumn|winter)\b/gi,
  /\b(?:this|next|in the)\s+(?:spring|summer|fall|autumn|winter)\b/gi,
];

export interface TextSpan {
  start: number;
  end: number;
  said: string;
}

/** Every vague period in the text, in order. */
export function findVaguePeriods(text: string): TextSpan[] {
  const found: { span: TextSpan; rank: number }[] = [];
  VAGUE_PERIODS.forEach((pattern, rank) => {
    for (const m of text.matchAll(pattern))
      found.push({ span: { start: m.index, end: m.index + m[0].length, said: m[0] }, rank });
  });
  // As one alternation would: leftmost first, the earlier pattern at a tie, nothing inside a span already taken.
  found.sort((a, b) => a.span.start - b.span.start || a.rank - b.rank);
  const spans: TextSpan[] = [];
  for (const { span } of found) {
    const last = spans[spans.length - 1];
    if (!last || span.start >= last.end) spans.push(span);
  }
  return spans;
}

/** The period among `spans` that overlaps [start, end), if any. */
export function overlapping(spans: TextSpan[], start: number, end: number): TextSpan | undefined {
  return spans.find((span) => span.start < end && start < span.end);
}
