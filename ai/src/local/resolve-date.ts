// Resolves spoken date phrases ("next Tuesday", "March 3rd", "in two weeks") relative to the meeting date.

import {
  addDays,
  addMonths,
  addWeeks,
  addYears,
  type Day,
  endOfMonth,
  endOfQuarter,
  endOfYear,
  format,
  isBefore,
  isValid,
  nextDay,
  setDate,
  startOfDay,
} from "date-fns";

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];
const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  couple: 2,
  few: 3,
};

const MONTH_NAME =
  "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?";
const ORDINAL = "(\\d{1,2})(?:st|nd|rd|th)?";
const YEAR = "(?:,?\\s+(\\d{4}))?";
const WEEKDAY = "(sunday|monday|tuesday|wednesday|thursday|friday|saturday)";
const COUNT =
  "(\\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|(?:a\\s+)?couple(?:\\s+of)?|(?:a\\s+)?few)";

interface DateRule {
  pattern: RegExp;
  resolve: (match: RegExpExecArray, base: Date) => Date | null;
}

const RULES: DateRule[] = [
  { pattern: /\b(\d{4})-(\d{2})-(\d{2})\b/, resolve: (m) => new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) },
  {
    pattern: new RegExp(`\\b${MONTH_NAME}\\s+(?:the\\s+)?${ORDINAL}\\b${YEAR}`, "i"),
    resolve: (m, base) => resolveMonthDay(base, monthIndex(m[1]), Number(m[2]), m[3]),
  },
  {
    pattern: new RegExp(`\\b(?:the\\s+)?${ORDINAL}\\s+(?:of\\s+)?${MONTH_NAME}\\b${YEAR}`, "i"),
    resolve: (m, base) => resolveMonthDay(base, monthIndex(m[2]), Number(m[1]), m[3]),
  },
  { pattern: /\bday after tomorrow\b/i, resolve: (_m, base) => addDays(base, 2) },
  { pattern: /\btomorrow\b/i, resolve: (_m, base) => addDays(base, 1) },
  { pattern: /\b(?:later\s+)?today\b/i, resolve: (_m, base) => base },
  {
    pattern: new RegExp(`\\bin\\s+${COUNT}\\s+(day|week|month|year)s?(?:'|’)?(?:\\s+time)?\\b`, "i"),
    resolve: (m, base) => addPeriod(base, countOf(m[1]), m[2] ?? "day"),
  },
  {
    pattern: new RegExp(`\\b(?:(next|this|coming)\\s+|on\\s+)${WEEKDAY}\\b|\\b${WEEKDAY}\\b`, "i"),
    resolve: (m, base) => nextDay(base, WEEKDAYS.indexOf((m[2] ?? m[3] ?? "").toLowerCase()) as Day),
  },
  { pattern: /\bend of (?:the |this )?week\b/i, resolve: (_m, base) => nextOrSameDay(base, 5) },
  { pattern: /\bend of next month\b/i, resolve: (_m, base) => endOfMonth(addMonths(base, 1)) },
  { pattern: /\bend of (?:the |this )?month\b/i, resolve: (_m, base) => endOfMonth(base) },
  { pattern: /\bend of (?:the |this )?quarter\b/i, resolve: (_m, base) => endOfQuarter(base) },
  { pattern: /\bend of (?:the |this )?year\b/i, resolve: (_m, base) => endOfYear(base) },
  { pattern: /\bnext week\b/i, resolve: (_m, base) => addWeeks(base, 1) },
  { pattern: /\bnext month\b/i, resolve: (_m, base) => addMonths(base, 1) },
  {
    pattern: /\bthe\s+(\d{1,2})(?:st|nd|rd|th)\b/i,
    resolve: (m, base) => resolveDayOfMonth(base, Number(m[1])),
  },
];

/** The first date phrase in the text as yyyy-MM-dd, or null when there is none. */
export function resolveDatePhrase(text: string, meetingDate: Date): string | null {
  const base = startOfDay(meetingDate);
  let best: { at: number; date: Date } | null = null;
  for (const rule of RULES) {
    const match = rule.pattern.exec(text);
    if (!match) continue;
    const date = rule.resolve(match, base);
    // Earlier phrase wins; for the same position the rule order (more specific first) decides.
    if (date && isValid(date) && (!best || match.index < best.at)) best = { at: match.index, date };
  }
  return best ? format(best.date, "yyyy-MM-dd") : null;
}

function monthIndex(name: string | undefined): number {
  const prefix = (name ?? "").toLowerCase().slice(0, 3);
  return MONTHS.findIndex((month) => month.startsWith(prefix));
}

function resolveMonthDay(base: Date, month: number, day: number, year: string | undefined): Date | null {
  if (month < 0 || day < 1 || day > 31) return null;
  const date = new Date(year ? Number(year) : base.getFullYear(), month, day);
  if (date.getMonth() !== month) return null; // "February 30"
  // Without a year, a date already past means next year's.
  return !year && isBefore(date, base) ? addYears(date, 1) : date;
}

function resolveDayOfMonth(base: Date, day: number): Date | null {
  if (day < 1 || day > 31) return null;
  const thisMonth = setDate(base, day);
  if (thisMonth.getDate() === day && !isBefore(thisMonth, base)) return thisMonth;
  const nextMonth = setDate(addMonths(base, 1), day);
  return nextMonth.getDate() === day ? nextMonth : null;
}

function nextOrSameDay(base: Date, weekday: Day): Date {
  return base.getDay() === weekday ? base : nextDay(base, weekday);
}

function countOf(word: string | undefined): number {
  const clean = withoutTrailingOf((word ?? "").toLowerCase().replace(/^a\s+/, ""));
  return /^\d+$/.test(clean) ? Number(clean) : (NUMBER_WORDS[clean] ?? 1);
}

/** "couple  of" → "couple": what `.replace(/\s+of$/, "")` did, without its quadratic scan of whitespace runs. */
function withoutTrailingOf(text: string): string {
  if (!text.endsWith("of")) return text;
  const head = text.slice(0, -2);
  const trimmed = head.trimEnd(); // trimEnd() removes exactly the characters \s matches
  return trimmed.length < head.length ? trimmed : text;
}

function addPeriod(base: Date, count: number, unit: string): Date {
  const key = unit.toLowerCase();
  if (key === "week") return addWeeks(base, count);
  if (key === "month") return addMonths(base, count);
  if (key === "year") return addYears(base, count);
  return addDays(base, count);
}
