import { endOfDay, startOfDay, startOfMonth, subDays } from "date-fns";

export interface Period {
  from: Date;
  to: Date;
  label: string;
}

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
// Month names as written: full names, three-letter abbreviations, and "sept", which people write as often as "sep".
// Spelled out in regex literals (not built from MONTHS) so the pattern audit test can check them.
const DAY_OF_MONTH =
  /\b(january|jan|february|feb|march|mar|april|apr|may|june|jun|july|jul|august|aug|september|sep|october|oct|november|nov|december|dec|sept)\.?\s+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?\b/;
const MONTH_OF_YEAR =
  /\b(?:in|during|from|for|of)\s+(january|jan|february|feb|march|mar|april|apr|may|june|jun|july|jul|august|aug|september|sep|october|oct|november|nov|december|dec|sept)\b(?:\s+(\d{4}))?/;

function monthIndex(word: string): number {
  const w = word.toLowerCase();
  return MONTHS.findIndex((m) => m === w || m.slice(0, 3) === w.slice(0, 3));
}

const fmt = (d: Date) => d.toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric" });

/**
 * Turns a period named in a question into a date range: "in April" (the latest April not in the
 * future), "last month" / "past month" (30 days), "last week" (7 days), "this month", "today",
 * "yesterday", "in 2025", "on March 3", "2026-03-03". Undefined when the question names none.
 */
export function parsePeriod(question: string, now = new Date()): Period | undefined {
  const q = question.toLowerCase();
  const iso = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(q);
  if (iso) {
    const day = new Date(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]));
    return { from: startOfDay(day), to: endOfDay(day), label: `on ${fmt(day)}` };
  }
  const dayOfMonth = DAY_OF_MONTH.exec(q);
  if (dayOfMonth) {
    const month = monthIndex(dayOfMonth[1]!);
    let year = dayOfMonth[3] ? Number(dayOfMonth[3]) : now.getFullYear();
    let day = new Date(year, month, Number(dayOfMonth[2]));
    if (!dayOfMonth[3] && day > now) day = new Date(--year, month, Number(dayOfMonth[2]));
    return { from: startOfDay(day), to: endOfDay(day), label: `on ${fmt(day)}` };
  }
  if (/\b(last|past|previous)\s+(30\s+days|month)\b/.test(q)) {
    return { from: startOfDay(subDays(now, 30)), to: now, label: "in the last month" };
  }
  if (/\b(last|past|previous)\s+(7\s+days|week)\b/.test(q)) {
    return { from: startOfDay(subDays(now, 7)), to: now, label: "in the last week" };
  }
  if (/\bthis\s+month\b/.test(q)) return { from: startOfMonth(now), to: now, label: "this month" };
  if (/\bthis\s+week\b/.test(q)) return { from: startOfDay(subDays(now, now.getDay())), to: now, label: "this week" };
  if (/\byesterday\b/.test(q)) {
    const y = subDays(now, 1);
    return { from: startOfDay(y), to: endOfDay(y), label: "yesterday" };
  }
  if (/\btoday\b/.test(q)) return { from: startOfDay(now), to: now, label: "today" };
  const monthYear = MONTH_OF_YEAR.exec(q);
  if (monthYear) {
    const month = monthIndex(monthYear[1]!);
    let year = monthYear[2] ? Number(monthYear[2]) : now.getFullYear();
    if (!monthYear[2] && new Date(year, month, 1) > now) year--;
    const from = new Date(year, month, 1);
    return {
      from,
      to: new Date(year, month + 1, 1),
      label: `in ${MONTHS[month]![0]!.toUpperCase()}${MONTHS[month]!.slice(1)} ${year}`,
    };
  }
  const year = /\b(?:in|during)\s+(20\d{2}|19\d{2})\b/.exec(q);
  if (year) {
    const y = Number(year[1]);
    return { from: new Date(y, 0, 1), to: new Date(y + 1, 0, 1), label: `in ${y}` };
  }
  return undefined;
}
