// Days of the month said as words ("the twenty-first", "March third"), for the readers chrono leaves out.

const UNITS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"];
const TEENS = [
  "tenth",
  "eleventh",
  "twelfth",
  "thirteenth",
  "fourteenth",
  "fifteenth",
  "sixteenth",
  "seventeenth",
  "eighteenth",
  "nineteenth",
];

/** "twenty-first" → 21; every spoken ordinal from "first" to "thirty-first". */
const ORDINAL_DAYS = new Map<string, number>([
  ...UNITS.map((word, i) => [word, i + 1] as const),
  ...TEENS.map((word, i) => [word, i + 10] as const),
  ["twentieth", 20],
  ...UNITS.map((word, i) => [`twenty-${word}`, 21 + i] as const),
  ["thirtieth", 30],
  ["thirty-first", 31],
]);

/**
 * A regex source for one day of the month, as digits ("14th", "14") or words ("fourteenth", "twenty first"). The
 * alternatives are fixed words, so it cannot backtrack over the text.
 */
export const DAY_OF_MONTH_SOURCE = `(\\d{1,2}(?:st|nd|rd|th)?|(?:twenty|thirty)[- ]?(?:${UNITS.join("|")})|${[...TEENS, "twentieth", "thirtieth", ...UNITS].join("|")})`;

/** The day a DAY_OF_MONTH_SOURCE match names (1-31), or null. */
export function dayOfMonth(said: string): number | null {
  const digits = /^(\d{1,2})/.exec(said);
  const day = digits ? Number(digits[1]) : ORDINAL_DAYS.get(said.toLowerCase().replace(/\s+/, "-"));
  return day !== undefined && day >= 1 && day <= 31 ? day : null;
}
