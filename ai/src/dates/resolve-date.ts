// Reads spoken date phrases ("next Tuesday", "March third", "in two weeks") against the meeting's own date, never
// today's. chrono-node reads them; the parsers below add what it does not read, or reads otherwise than a meeting
// means. A reading is a day, a vague period ("in about a month": no day), or a weekday and a date that disagree.

import type { ParsedResult } from "chrono-node/en";
import {
  addDays,
  addMonths,
  addWeeks,
  type Day,
  endOfMonth,
  endOfQuarter,
  endOfYear,
  format,
  isBefore,
  isSameDay,
  nextDay,
  setDate,
  startOfDay,
} from "date-fns";
import { alternation, MONTHS, NUMBER_UNITS, WEEKDAY_STEMS, WEEKDAYS } from "../language/lexicon";
import { lexiconRegExp } from "../language/patterns";
import { createDateParser, firstDate, knownDay } from "./date-parser";
import { DAY_OF_MONTH_SOURCE, dayOfMonth } from "./spoken-ordinals";
import { findVaguePeriods, overlapping, type TextSpan } from "./vague-periods";

/** A count said in digits or as a word from "a" to "ten" ("in two weeks"): a period, not a vague time. */
const SAYS_A_COUNT = lexiconRegExp(`\\d|\\b(?:a|an|${alternation(Object.keys(NUMBER_UNITS).slice(1, 11))})\\b`, "i");

export type DateReading =
  /** A calendar day, yyyy-MM-dd. */
  | { kind: "day"; date: string; said: string }
  /** A period or an ambiguous day ("this week", "in about a month", "next Tuesday" said on a Monday). */
  | { kind: "vague"; said: string }
  /** A weekday and a date that disagree ("Thursday, October 14th" when the 14th is a Wednesday): not guessed. */
  | { kind: "mismatch"; said: string; note: string };

// Weekdays, months and spoken days of the month come from the lexicon (through lexiconRegExp, which the
// regex-safety test checks at run time): "Thursday" is read as its stem ("thurs") plus "day".
const WEEKDAY = `(${WEEKDAY_STEMS.join("|")})day`;
const MONTH_STARTS = MONTHS.map((month) => month.slice(0, 3));
const MONTH_START = alternation(MONTH_STARTS);
const weekdayOf = (said: string) => WEEKDAYS.indexOf(`${said.toLowerCase()}day`);

// "on the 20th", "Thursday the 15th": chrono reads a day of the month only next to a month's name. A day said as a
// word ("the twenty-first") only where the phrase ends, since "the first" is mostly not a date. "the 8th of July" is
// chrono's to read, with its month.
const DAY_OF_THE_MONTH = lexiconRegExp(
  `\\b(?:${WEEKDAY},?\\s+)?the\\s+(?:(\\d{1,2})(?:st|nd|rd|th)\\b|${DAY_OF_MONTH_SOURCE}(?=\\s*(?:[,.?!;]|$|(?:at|then|works?|would|is|or|and|looks?|suits?|sounds?|of (?:the|this|next) month)\\b)))(?!\\s+of\\s+${MONTH_START})`,
  "i",
);
// "Thursday the 8th of July": chrono reads the weekday and "8th of July" apart, so they are not checked together.
const WEEKDAY_DAY_OF_MONTH = lexiconRegExp(
  `\\b${WEEKDAY},?\\s+(?:the\\s+)?${DAY_OF_MONTH_SOURCE}\\s+of\\s+(${MONTH_START}[a-z]*)\\b`,
  "i",
);
/** "a week from Thursday", "two weeks from Friday": the count, then the weekday's stem. */
const WEEKS_FROM_A_WEEKDAY_SOURCE = `\\b(a|one|two|2)\\s+weeks?\\s+from\\s+${WEEKDAY}\\b`;
const WEEKS_FROM_A_WEEKDAY = lexiconRegExp(WEEKS_FROM_A_WEEKDAY_SOURCE, "i");

const SPOKEN_DATES = createDateParser([
  {
    pattern: () => DAY_OF_THE_MONTH,
    extract: (context, match) => {
      const said = match[2] ?? match[3];
      const day = said ? dayOfMonth(said) : null;
      const date = day ? nextDayOfMonth(context.reference.instant, day) : null;
      if (!date || !day) return null;
      if (!match[1]) return knownDay(date);
      // "Tuesday the 22nd" said in a month whose 22nd is no Tuesday: the next month whose 22nd is.
      const weekday = weekdayOf(match[1]);
      return { ...knownDay(monthWithWeekday(date, day, weekday) ?? date), weekday };
    },
  },
  {
    pattern: () => WEEKDAY_DAY_OF_MONTH,
    extract: (context, match) => {
      const day = dayOfMonth(match[2]!);
      const month = MONTH_STARTS.indexOf(match[3]!.slice(0, 3).toLowerCase());
      if (!day || month < 0) return null;
      const base = startOfDay(context.reference.instant);
      let date = new Date(base.getFullYear(), month, day);
      if (isBefore(date, base)) date = new Date(base.getFullYear() + 1, month, day);
      if (date.getDate() !== day) return null;
      return { ...knownDay(date), weekday: weekdayOf(match[1]!) };
    },
  },
  {
    // "a week from Thursday": the coming Thursday, a week on. chrono reads "a week" and "Thursday" apart.
    pattern: () => WEEKS_FROM_A_WEEKDAY,
    extract: (context, match) => {
      const base = context.reference.instant;
      const weekday = weekdayOf(match[2]!);
      if (weekday === base.getDay()) return null; // read as vague by weeksFromToday
      const weeks = /^(?:two|2)$/i.test(match[1]!) ? 2 : 1;
      return knownDay(addWeeks(nextDay(base, weekday as Day), weeks));
    },
  },
  {
    // "by the end of the month" is a deadline: the month's last day. chrono knows no quarter, nor "end of next month".
    pattern: () => /\bend\s+of\s+(?:the\s+|this\s+)?(next\s+)?(month|quarter|year)\b/i,
    extract: (context, match) => {
      const unit = match[2]!.toLowerCase() as "month" | "quarter" | "year";
      const next = match[1] !== undefined;
      const base = context.reference.instant;
      if (unit === "month") return knownDay(endOfMonth(next ? addMonths(base, 1) : base));
      if (unit === "quarter") return knownDay(endOfQuarter(next ? addMonths(base, 3) : base));
      return knownDay(endOfYear(next ? addMonths(base, 12) : base));
    },
  },
  {
    // chrono reads "the day after tomorrow", but "day after tomorrow" as "tomorrow".
    pattern: () => /\b(?:the\s+)?day\s+after\s+tomorrow\b/i,
    extract: (context) => knownDay(addDays(context.reference.instant, 2)),
  },
  {
    // Parts of today chrono reads as times, which are left out; "end of day" and "EOD" are today too.
    pattern: () => /\b(?:this\s+(?:morning|afternoon|evening)|end of (?:the\s+)?day|EOD|close of business)\b/i,
    extract: (context) => knownDay(context.reference.instant),
  },
]);

/** The first date said in the text as yyyy-MM-dd; null when there is none, or only a vague or doubtful one. */
export function resolveDatePhrase(text: string, meetingDate: Date): string | null {
  const reading = readDatePhrase(text, meetingDate);
  return reading?.kind === "day" ? reading.date : null;
}

/** What the text says about when: the first day said (a day beats a vague period anywhere in it), or null. */
export function readDatePhrase(text: string, meetingDate: Date): DateReading | null {
  const base = startOfDay(meetingDate);
  let vague: TextSpan | undefined;
  let periods: { window: string; spans: TextSpan[] } | undefined;
  // forwardDate: "February 3rd" said in March is next February's.
  const reading = firstDate(SPOKEN_DATES, text, base, { forwardDate: true }, (result, window) => {
    if (periods?.window !== window)
      periods = { window, spans: [...findVaguePeriods(window), ...weeksFromToday(window, base)] };
    const period = overlapping(periods.spans, result.index, result.index + result.text.length);
    if (period) {
      vague ??= period;
      return undefined;
    }
    const read = readResult(result, base, window);
    if (read?.kind === "vague") vague ??= { start: result.index, end: result.index, said: read.said };
    return read?.kind === "vague" ? undefined : read;
  });
  if (reading) return reading;
  vague ??= findVaguePeriods(text.slice(0, 10_000))[0];
  return vague ? { kind: "vague", said: vague.said } : null;
}

const WEEKS_FROM_WEEKDAY = lexiconRegExp(WEEKS_FROM_A_WEEKDAY_SOURCE, "gi");

/** "a week from Thursday" said on a Thursday: in seven days, or in fourteen? Vague. */
function weeksFromToday(text: string, base: Date): TextSpan[] {
  return [...text.matchAll(WEEKS_FROM_WEEKDAY)]
    .filter((m) => weekdayOf(m[2]!) === base.getDay())
    .map((m) => ({ start: m.index, end: m.index + m[0].length, said: m[0] }));
}

const COUNTED_BY_THE = /^(?:in\s+)?the\s/i;
const LOOKING_BACK = /^(?:last|past|previous)\s/i;
const NEXT = /^next\s/i;
const HEDGED = /\b(?:about|around|roughly|approximately|few|couple|several)\b/i;
const CALENDAR_UNIT = /\b(?:week|month|quarter|year)s?\b/i;
// "later than today", "since today": a comparison, not a day said for something.
const COMPARED_BEFORE = /\b(?:than|since)\s*$/i;

function readResult(result: ParsedResult, base: Date, window: string): DateReading | undefined {
  const { start, text: said } = result;
  const tags = result.tags();
  // "in a second", "in 2 hours", "now": a time, not a day.
  if (tags.has("result/relativeDateAndTime") || tags.has("casualReference/now")) return undefined;
  if (
    tags.has("casualReference/today") &&
    COMPARED_BEFORE.test(window.slice(Math.max(0, result.index - 12), result.index))
  ) {
    return undefined;
  }
  if (tags.has("result/relativeDate")) {
    // chrono reads "the week" ("later in the week") as "in a week"; "next week" and "about a month" are periods.
    if (COUNTED_BY_THE.test(said) || HEDGED.test(said)) return { kind: "vague", said };
    if (CALENDAR_UNIT.test(said) && !SAYS_A_COUNT.test(said)) {
      return { kind: "vague", said };
    }
    if (!isCountedFromNow(result, window)) return undefined;
    // "within ten years" states a rule (an inherited IRA's), not a day anyone will act on.
    return YEARS.test(said) ? { kind: "vague", said } : day(start.date(), said);
  }
  if (start.isCertain("weekday") && !start.isCertain("day")) {
    // "block off a Saturday", "any Friday": some day of that name, not the coming one.
    if (ANY_BEFORE.test(window.slice(Math.max(0, result.index - 8), result.index))) return undefined;
    return weekdayReading(result, base);
  }
  if (start.isCertain("day")) {
    const date = start.date();
    const weekday = start.get("weekday");
    if (start.isCertain("weekday") && weekday !== null && weekday !== date.getDay()) {
      return {
        kind: "mismatch",
        said,
        note: `${said} (${format(date, "MMMM d")} is a ${format(date, "EEEE")}: the day needs confirming)`,
      };
    }
    return day(date, said);
  }
  return undefined; // a month alone ("we can march on", "in May") is not a date
}

const YEARS = /\byears?\b/i;
const ANY_BEFORE = /\b(?:a|an|one|any|every|each|some)\s+$/i;
const COUNT_LEAD = /^(?:in|within|next)\s/i;
const COUNT_LEAD_BEFORE = /\b(?:in|within)\s+(?:the\s+next\s+)?$/i;
const COUNT_TAIL = /^\s+(?:from\s+(?:now|today|tomorrow)|later|out|away|on)\b/i;

/** "in two weeks", "two weeks from today": counted from now. "It takes two weeks", "pick a day": a length of time. */
function isCountedFromNow(result: ParsedResult, window: string): boolean {
  const end = result.index + result.text.length;
  return (
    COUNT_LEAD.test(result.text) ||
    COUNT_LEAD_BEFORE.test(window.slice(Math.max(0, result.index - 20), result.index)) ||
    COUNT_TAIL.test(window.slice(end, end + 20))
  );
}

/**
 * "by Friday" is the coming Friday. A weekday that could be two days is vague: the meeting's own weekday
 * ("Monday" said on a Monday), or "next Tuesday" said earlier in that Tuesday's week.
 */
function weekdayReading(result: ParsedResult, base: Date): DateReading {
  const said = result.text;
  if (/weekend/i.test(said)) return { kind: "vague", said };
  if (LOOKING_BACK.test(said)) return day(result.start.date(), said);
  const weekday = (result.start.get("weekday") ?? 0) as Day;
  const coming = nextDay(base, weekday);
  // "next Monday" said on a Monday is a week on; "Monday" said on a Monday may be today.
  if (weekday === base.getDay()) return NEXT.test(said) ? day(coming, said) : { kind: "vague", said };
  if (NEXT.test(said) && isSameWeek(base, coming)) return { kind: "vague", said };
  return day(coming, said);
}

/** Monday to Sunday, as people count a week ("next Tuesday" said on a Monday may be tomorrow or a week on). */
function isSameWeek(a: Date, b: Date): boolean {
  const monday = (d: Date) => addDays(startOfDay(d), -((d.getDay() + 6) % 7));
  return isSameDay(monday(a), monday(b));
}

function day(date: Date, said: string): DateReading {
  return { kind: "day", date: format(date, "yyyy-MM-dd"), said };
}

/** "the 1st" said on the 3rd is next month's. */
function nextDayOfMonth(base: Date, day: number): Date | null {
  const thisMonth = setDate(base, day);
  if (thisMonth.getDate() === day && !isBefore(thisMonth, startOfDay(base))) return thisMonth;
  const nextMonth = setDate(addDays(setDate(base, 1), 32), day);
  return nextMonth.getDate() === day ? nextMonth : null;
}

/** "Tuesday the 22nd" is looked for in the next month only: further on, a slip of the tongue is likelier. */
const MONTHS_AHEAD = 1;

/** The first of `from` and the months after it (up to MONTHS_AHEAD) whose day `day` falls on `weekday`. */
function monthWithWeekday(from: Date, day: number, weekday: number): Date | null {
  for (let ahead = 0; ahead <= MONTHS_AHEAD; ahead++) {
    const date = new Date(from.getFullYear(), from.getMonth() + ahead, day);
    if (date.getDate() === day && date.getDay() === weekday) return date;
  }
  return null;
}
