// Resolves spoken date phrases ("next Tuesday", "March 3rd", "in two weeks") relative to the meeting date. chrono-node
// reads them; the parsers below add what it does not read, or reads otherwise than a meeting means.

import type { ParsedResult } from "chrono-node/en";
import {
  addDays,
  addMonths,
  type Day,
  endOfQuarter,
  endOfYear,
  format,
  isBefore,
  nextDay,
  setDate,
  startOfDay,
} from "date-fns";
import { createDateParser, firstDate, knownDay } from "../dates/date-parser";

const SPOKEN_DATES = createDateParser([
  {
    // "on the 20th": chrono reads a day of the month only next to a month's name.
    pattern: () => /\bthe\s+(\d{1,2})(?:st|nd|rd|th)\b/i,
    extract: (context, match) => {
      const date = nextDayOfMonth(context.reference.instant, Number(match[1]));
      return date ? knownDay(date) : null;
    },
  },
  {
    // "end of the week" is its Friday; chrono reads "the week" as "in a week", and knows no quarter.
    pattern: () => /\bend\s+of\s+(?:the\s+|this\s+)?(week|quarter|year)\b/i,
    extract: (context, match) => {
      const base = context.reference.instant;
      const unit = match[1]!.toLowerCase();
      const end = unit === "week" ? nextOrSameDay(base, 5) : unit === "quarter" ? endOfQuarter(base) : endOfYear(base);
      return knownDay(end);
    },
  },
  {
    // chrono reads "the day after tomorrow", but "day after tomorrow" as "tomorrow".
    pattern: () => /\b(?:the\s+)?day\s+after\s+tomorrow\b/i,
    extract: (context) => knownDay(addDays(context.reference.instant, 2)),
  },
]);

/** The first date phrase in the text as yyyy-MM-dd, or null when there is none. */
export function resolveDatePhrase(text: string, meetingDate: Date): string | null {
  const base = startOfDay(meetingDate);
  // forwardDate: "February 3rd" said in March is next February's.
  const date = firstDate(SPOKEN_DATES, text, base, { forwardDate: true }, (result) => dayOf(result, base));
  return date ? format(date, "yyyy-MM-dd") : null;
}

const COUNTED_BY_THE = /^(?:in\s+)?the\s/i;
const LOOKING_BACK = /^(?:last|past|previous)\s/i;

function dayOf(result: ParsedResult, base: Date): Date | undefined {
  const { start } = result;
  const tags = result.tags();
  // "in a second", "in 2 hours": a time, not a day.
  if (tags.has("result/relativeDateAndTime")) return undefined;
  // chrono reads "the week" ("later in the week", "the week before") as "in a week": too loose for a date.
  if (tags.has("result/relativeDate") && COUNTED_BY_THE.test(result.text)) return undefined;
  if (start.isCertain("weekday") && !start.isCertain("day")) {
    // "next Tuesday" said on a Monday is the next day; chrono takes it for the Tuesday of next week.
    const weekday = start.get("weekday") ?? 0;
    return LOOKING_BACK.test(result.text) ? start.date() : nextDay(base, weekday as Day);
  }
  if (start.isCertain("day") || tags.has("result/relativeDate")) return start.date();
  return undefined; // a month alone ("we can march on", "in May") is not a date
}

/** "the 1st" said on the 3rd is next month's. */
function nextDayOfMonth(base: Date, day: number): Date | null {
  if (day < 1 || day > 31) return null;
  const thisMonth = setDate(base, day);
  if (thisMonth.getDate() === day && !isBefore(thisMonth, base)) return thisMonth;
  const nextMonth = setDate(addMonths(base, 1), day);
  return nextMonth.getDate() === day ? nextMonth : null;
}

function nextOrSameDay(base: Date, weekday: Day): Date {
  return base.getDay() === weekday ? base : nextDay(base, weekday);
}
