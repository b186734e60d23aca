// Periods named in questions, read by chrono-node; the rules below are where this product means something else.
import type { ParsedResult } from "chrono-node/en";
import {
  addMonths,
  differenceInCalendarDays,
  endOfDay,
  format,
  isSameDay,
  startOfDay,
  startOfMonth,
  subDays,
  subYears,
} from "date-fns";
import { createDateParser, firstDate } from "../../dates/date-parser";
import { alternation, CLOCK_HOUR_WORDS, lexiconRegExp, NUMBER_UNITS } from "../../language";
import { periodQualifiesFact } from "./period-scope";

export interface Period {
  from: Date;
  to: Date;
  label: string;
}

const QUESTION_DATES = createDateParser();

// "last month" is the last 30 days, as on the dashboard; chrono means the same day a calendar month back.
const LAST_MONTH = /\b(?:last|past|previous)\s+month\b/;
// chrono reads "last week" but not "previous week" (same length, so positions stay).
const PREVIOUS = /\bprevious\b/g;
// chrono reads no year alone.
const YEAR = /\b(?:in|during)\s+(20\d{2}|19\d{2})\b/;
// A month named alone counts after one of these words: "in April", but not "who may march in".
const MONTH_LEAD = /(?:^|\W)(?:in|during|from|for|of|since)\s+$/;
const THIS_PERIOD = /^this\s+(?:week|month|year)$/;

/**
 * Turns a period that says when meetings were into a date range (a period qualifying a fact, "bonds that matured in
 * March", is no filter on meeting dates: see period-scope.ts): "in April" (the latest April not in the
 * future), "last month" / "past month" (30 days), "last week" / "past 7 days" (7 days), "this month", "today",
 * "yesterday", "in 2025", "on March 3", "2026-03-03". Undefined when the question names none.
 */
export function parsePeriod(question: string, now = new Date()): Period | undefined {
  const period = findPeriod(question, now);
  // A date PostgreSQL cannot store ("0000-01-01", year 275760) names no period the database could filter by.
  if (period && !(storable(period.from) && storable(period.to))) return undefined;
  return period;
}

const storable = (date: Date) => {
  const year = date.getFullYear();
  return !Number.isNaN(date.getTime()) && year >= 1 && year <= 9999;
};

/** "about three months ago", "2 weeks ago": a point in the past, said roughly. */
const AGO = lexiconRegExp(`\\b(a|an|${alternation(CLOCK_HOUR_WORDS)}|\\d{1,3})\\s+(day|week|month|year)s?\\s+ago\\b`);
/** "a" and "an" are one; the number words up to twelve their value. */
const COUNTS: Record<string, number> = { a: 1, an: 1, ...NUMBER_UNITS };
const UNIT_DAYS: Record<string, number> = { day: 1, week: 7, month: 30.4, year: 365 };

/**
 * "About three months ago" is a window around that day, not everything since: a quarter of the span or half a unit
 * either side, whichever is wider (three months ago: 69 to 114 days back).
 */
export function periodAgo(question: string, now: Date): Period | undefined {
  const match = AGO.exec(question.toLowerCase());
  if (!match) return undefined;
  const count = COUNTS[match[1]!] ?? Number(match[1]);
  const unit = UNIT_DAYS[match[2]!]!;
  const days = count * unit;
  const margin = Math.max(unit / 2, days / 4);
  return {
    from: startOfDay(subDays(now, Math.round(days + margin))),
    to: endOfDay(subDays(now, Math.round(Math.max(0, days - margin)))),
    label: `around ${match[0]}`,
  };
}

function findPeriod(question: string, now: Date): Period | undefined {
  const q = question.toLowerCase();
  const ago = periodAgo(q, now);
  if (ago) return ago;
  const lastMonth = LAST_MONTH.exec(q);
  if (lastMonth && !periodQualifiesFact(q, lastMonth.index, lastMonth.index + lastMonth[0].length))
    return { from: startOfDay(subDays(now, 30)), to: now, label: "in the last month" };
  const text = q.replace(PREVIOUS, "last    ");
  const period = firstDate(QUESTION_DATES, text, now, {}, (result, window) =>
    periodQualifiesFact(window, result.index, result.index + result.text.length)
      ? undefined
      : periodOf(result, window, now),
  );
  if (period) return period;
  const year = YEAR.exec(q);
  if (year && !periodQualifiesFact(q, year.index, year.index + year[0].length)) {
    const y = Number(year[1]);
    return { from: new Date(y, 0, 1), to: new Date(y + 1, 0, 1), label: `in ${y}` };
  }
  return undefined;
}

function periodOf(result: ParsedResult, text: string, now: Date): Period | undefined {
  const { start } = result;
  const tags = result.tags();
  const date = start.date();
  if (tags.has("result/relativeDateAndTime")) return undefined;
  // "What is it now?" asks for the present state of things, not for meetings held today.
  if (tags.has("casualReference/now")) return undefined;
  if (tags.has("result/relativeDate")) {
    // "last week", "past 7 days", "last 2 weeks": up to now. A period ahead ("next week") holds no meeting yet.
    if (date > now) return undefined;
    const from = startOfDay(date);
    const days = differenceInCalendarDays(now, from);
    return { from, to: now, label: days === 7 ? "in the last week" : `in the last ${days} days` };
  }
  if (THIS_PERIOD.test(result.text)) return { from: startOfDay(date), to: now, label: result.text };
  const yearSaid = start.isCertain("year");
  if (start.isCertain("day")) {
    // A date without a year is the latest one not in the future.
    const day = yearSaid || startOfDay(date) <= now ? date : subYears(date, 1);
    const label = tags.has("casualReference/today")
      ? "today"
      : tags.has("casualReference/yesterday")
        ? "yesterday"
        : `on ${format(day, "MMMM d, yyyy")}`;
    return { from: startOfDay(day), to: isSameDay(day, now) ? now : endOfDay(day), label };
  }
  if (start.isCertain("month")) {
    if (!yearSaid && !MONTH_LEAD.test(text.slice(Math.max(0, result.index - 12), result.index))) return undefined;
    const month = startOfMonth(date);
    const from = !yearSaid && month > now ? subYears(month, 1) : month;
    return { from, to: addMonths(from, 1), label: `in ${format(from, "MMMM yyyy")}` };
  }
  return undefined;
}
