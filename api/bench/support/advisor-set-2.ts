// The second practice, advisor-meetings-2 (../shared/data/advisor-meetings-2, see its README): eight meetings by
// another hand, a regex truth file and 45 questions; the third, advisor-meetings-3 (a law firm), has the same schema. Its own format, read here: meetings dated `daysAgo` before the
// run and moved back to the Friday on a weekend; dates said in a meeting are "{{+N:fmt}}" (N days after it, moved
// to the Monday after on a weekend); questions hold "{{KEY+N:fmt}}", the date N days after meeting KEY.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { addDays, daysBefore, formatDate } from "./advisor-set";

export interface Set2Item {
  task: string;
  assignee: string;
  note?: string;
}

export interface Set2Meeting {
  key: string;
  file: string;
  client: string;
  clientType: string;
  title: string;
  daysAgo: number;
  speakers: string[];
  actionItems: Set2Item[];
  optionalItems: Set2Item[];
  notActionItems: { task: string; why: string }[];
  nextMeeting: { offsetDays: number | null; acceptDate?: string; topics: string[] };
  summaryFacts: { fact: string; re: string }[];
}

export interface Set2Question {
  id: string;
  type: string;
  question: string;
  expect: string[];
  notExpect?: string[];
  cite: string[][];
}

/** The set is recognised by its files: truth.json an object with `meetings`, questions.json with `questions`. */
export function isSecondSet(dir: string): boolean {
  try {
    const truth = JSON.parse(readFileSync(join(dir, "truth.json"), "utf8"));
    return !Array.isArray(truth) && Array.isArray(truth?.meetings);
  } catch {
    return false;
  }
}

/**
 * A set of this schema's folder (advisor-meetings-2 by default, or advisor-meetings-3): --data when it is such a set,
 * else the shared data folder next to the checkout or worktree.
 */
export function findSecondSet(root: string, given?: string, name = "advisor-meetings-2"): string {
  const candidates = given
    ? [given]
    : [join(root, "..", "shared", "data", name), join(root, "..", "..", "shared", "data", name)];
  const dir = candidates.find(isSecondSet);
  if (!dir) throw new Error(`${name} set not found (looked in ${candidates.join(", ")}); pass --data DIR`);
  return dir;
}

/**
 * The firm's own people in each set (its README): words said by anyone else are not the advisor's to put in a
 * follow-up e-mail under their name (follow-up-checks.ts).
 */
export const FIRM_OF_SET: Record<string, string[]> = {
  "advisor-meetings-2": ["Miriam Castellanos", "Jordan Pike", "Harold Feng"],
  "advisor-meetings-3": ["Ruth Achterberg", "Tomás Ibarra", "Keisha Dunmore", "Gus Ferreira"],
};

export function loadSecondSet(dir: string) {
  const truth = JSON.parse(readFileSync(join(dir, "truth.json"), "utf8")) as { meetings: Set2Meeting[] };
  const questions = JSON.parse(readFileSync(join(dir, "questions.json"), "utf8")) as { questions: Set2Question[] };
  return { meetings: truth.meetings, questions: questions.questions };
}

const isWeekend = (date: Date) => date.getDay() === 0 || date.getDay() === 6;

/** The meeting's day: `daysAgo` before the run (local midnight), moved back to the Friday on a weekend. */
export function meetingDay(today: Date, daysAgo: number): Date {
  const day = daysBefore(today, daysAgo);
  return day.getDay() === 6 ? addDays(day, -1) : day.getDay() === 0 ? addDays(day, -2) : day;
}

/** N days after `base`, moved to the Monday after when that is a Saturday or Sunday. */
export function dayAfter(base: Date, days: number): Date {
  const day = addDays(base, days);
  return isWeekend(day) ? addDays(day, day.getDay() === 6 ? 2 : 1) : day;
}

const MONTHS = "January February March April May June July August September October November December".split(" ");

/** A regex source for any usual spelling of the day: "November 10th", "Nov. 10", "10th of November", "11/10", ISO. */
export function dateRegexSource(date: Date): string {
  const month = MONTHS[date.getMonth()]!;
  const names = `(?:${month}|${month.slice(0, 3)}\\.?)`;
  const d = date.getDate();
  const m = date.getMonth() + 1;
  const dayNumber = `0?${d}(?:st|nd|rd|th)?`;
  return [
    `\\b${names},?\\s+${dayNumber}\\b`,
    `\\b${dayNumber}\\s+(?:of\\s+)?${names}`,
    `(?<![\\d/])0?${m}/0?${d}(?![\\d])`,
    formatDate(date, "yyyy-MM-dd"),
  ]
    .map((part) => `(?:${part})`)
    .join("|");
}

/** One placeholder's text: the README's formats; `date` is a regex source (for expect regexes only). */
export function formatSet2(date: Date, fmt: string): string {
  switch (fmt) {
    case "weekday":
      return formatDate(date, "EEEE");
    case "md":
      return formatDate(date, "MMMM do");
    case "mdn":
      return formatDate(date, "MMMM d");
    case "dth":
      return formatDate(date, "do");
    case "month":
      return formatDate(date, "MMMM");
    case "iso":
      return formatDate(date, "yyyy-MM-dd");
    case "date":
      return dateRegexSource(date);
    default:
      throw new Error(`unknown date format "${fmt}"`);
  }
}

/**
 * Fills "{{+N:fmt}}" (N days after `base`) and "{{KEY+N:fmt}}" (N days after meeting KEY, from `dates`). An unknown
 * key or format throws, so a misread set stops the run instead of scoring against a placeholder.
 */
export function fillSet2(text: string, base: Date | null, dates: Record<string, Date> = {}): string {
  return text.replace(/\{\{([A-Za-z0-9]*)\+(\d+):([a-z]+)\}\}/g, (_, key: string, n: string, fmt: string) => {
    const from = key ? dates[key] : base;
    if (!from) throw new Error(`placeholder {{${key}+${n}:${fmt}}} has no date to count from`);
    return formatSet2(dayAfter(from, Number(n)), fmt);
  });
}

/** Every string in a parsed JSON value filled as fillSet2 does (the truth's regexes and words). */
export function fillDeep<T>(value: T, base: Date | null, dates: Record<string, Date> = {}): T {
  if (typeof value === "string") return fillSet2(value, base, dates) as T;
  if (Array.isArray(value)) return value.map((v) => fillDeep(v, base, dates)) as T;
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillDeep(v, base, dates)])) as T;
  return value;
}
