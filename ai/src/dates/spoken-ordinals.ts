// Days of the month said as words ("the twenty-first", "March third"), for the readers chrono leaves out.

import { ORDINAL_TEENS, ORDINAL_TENS, ORDINAL_UNITS, TENS_WORDS } from "../language/lexicon";

const UNITS = ORDINAL_UNITS;
const TEENS = ORDINAL_TEENS;
const [TWENTY, THIRTY] = TENS_WORDS as [string, string];

/** "twenty-first" → 21; every spoken ordinal from "first" to "thirty-first". */
const ORDINAL_DAYS = new Map<string, number>([
  ...UNITS.map((word, i) => [word, i + 1] as const),
  ...TEENS.map((word, i) => [word, i + 10] as const),
  ...Object.entries(ORDINAL_TENS),
  ...UNITS.map((word, i) => [`${TWENTY}-${word}`, 21 + i] as const),
  [`${THIRTY}-${UNITS[0]}`, 31],
]);

/**
 * A regex source for one day of the month, as digits ("14th", "14") or words ("fourteenth", "twenty first"). The
 * alternatives are fixed words, so it cannot backtrack over the text.
 */
export const DAY_OF_MONTH_SOURCE = `(\\d{1,2}(?:st|nd|rd|th)?|(?:${TWENTY}|${THIRTY})[- ]?(?:${UNITS.join("|")})|${[...TEENS, ...Object.keys(ORDINAL_TENS), ...UNITS].join("|")})`;

/** The day a DAY_OF_MONTH_SOURCE match names (1-31), or null. */
export function dayOfMonth(said: string): number | null {
  const digits = /^(\d{1,2})/.exec(said);
  const day = digits ? Number(digits[1]) : ORDINAL_DAYS.get(said.toLowerCase().replace(/\s+/, "-"));
  return day !== undefined && day >= 1 && day <= 31 ? day : null;
}
