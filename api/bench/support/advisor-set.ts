// The advisor-meetings evaluation set (../shared/data/advisor-meetings, see its README): twelve meetings in the
// shapes of eight tools, a truth file and 70 questions. Dates are placeholders "{{+N:FORMAT}}" relative to each
// meeting's date (truth, transcripts) or to the run date (questions), filled here before anything is parsed.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export interface TruthActionItem {
  task: string;
  taskPattern: string;
  assignee: string;
  assigneePattern: string;
  due: string | null;
  dueOffsetDays: number | null;
}

export interface TruthMeeting {
  file: string;
  client: string;
  clientType: string;
  title: string;
  daysAgo: number;
  participants: { name: string; role: string }[];
  speakerLabels?: Record<string, string>;
  actionItems: TruthActionItem[];
  alsoAcceptable: { task: string; taskPattern: string }[];
  notActionItems: { text: string; why: string }[];
  nextMeeting: { said: string; dateOffsetDays: number | null; topics: string[] } | null;
  keyFacts: { fact: string; pattern: string }[];
  decisions: { decision: string; pattern: string }[];
}

export interface Question {
  q: string;
  type: string;
  expect: string;
  cites: string[];
  citeGroups?: string[][];
  answer: string;
  followUp?: { q: string; expect: string; cites: string[]; answer: string };
}

/** The set's folder: --data, else the shared data folder next to the checkout (or next to its worktree folder). */
export function findAdvisorSet(root: string, given?: string): string {
  const candidates = given ? [given] : [join(root, "..", "shared"), join(root, "..", "..", "shared")];
  for (const candidate of candidates) {
    const dir = given ? candidate : join(candidate, "data", "advisor-meetings");
    if (existsSync(join(dir, "truth.json"))) return dir;
  }
  throw new Error(`advisor-meetings set not found (looked in ${candidates.join(", ")}); pass --data DIR`);
}

/**
 * The firm's people by their role in the truth: adviser, specialist, attorney, paralegal, CPA, client service
 * associate. The rest (clients, owners, family, trustees) are the client's side (follow-up-checks.ts).
 */
export const isFirmRole = (role: string) => /specialist|attorney|paralegal|associate|CPA|adviser/i.test(role);

export function loadAdvisorSet(dir: string) {
  const truth = JSON.parse(readFileSync(join(dir, "truth.json"), "utf8")) as TruthMeeting[];
  const questions = JSON.parse(readFileSync(join(dir, "questions.json"), "utf8")) as Question[];
  return { truth, questions };
}

const MONTHS = "January February March April May June July August September October November December".split(" ");
const WEEKDAYS = "Sunday Monday Tuesday Wednesday Thursday Friday Saturday".split(" ");
const ordinal = (n: number) =>
  `${n}${n % 100 >= 11 && n % 100 <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th")}`;
const pad = (n: number) => String(n).padStart(2, "0");

/** The date-fns tokens the set uses (EEEE, MMMM, MMM, MM, M, do, dd, d, yyyy), everything else kept. */
export function formatDate(date: Date, pattern: string): string {
  const tokens: [string, () => string][] = [
    ["EEEE", () => WEEKDAYS[date.getDay()]!],
    ["MMMM", () => MONTHS[date.getMonth()]!],
    ["MMM", () => MONTHS[date.getMonth()]!.slice(0, 3)],
    ["MM", () => pad(date.getMonth() + 1)],
    ["M", () => String(date.getMonth() + 1)],
    ["do", () => ordinal(date.getDate())],
    ["dd", () => pad(date.getDate())],
    ["d", () => String(date.getDate())],
    ["yyyy", () => String(date.getFullYear())],
  ];
  let out = "";
  let at = 0;
  outer: while (at < pattern.length) {
    for (const [token, value] of tokens) {
      if (pattern.startsWith(token, at)) {
        out += value();
        at += token.length;
        continue outer;
      }
    }
    out += pattern[at];
    at++;
  }
  return out;
}

/** Local midnight of the run date, minus `days` (the README's startOfDay(runDate) - daysAgo). */
export function daysBefore(today: Date, days: number): Date {
  return new Date(today.getFullYear(), today.getMonth(), today.getDate() - days);
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

/** yyyy-MM-dd of a local date. */
export const isoDay = (date: Date) => formatDate(date, "yyyy-MM-dd");

/** Replaces every "{{+N:FORMAT}}" with the date N days after `base`. */
export function fillPlaceholders(text: string, base: Date): string {
  let out = "";
  let from = 0;
  for (let open = text.indexOf("{{", from); open >= 0; open = text.indexOf("{{", from)) {
    const close = text.indexOf("}}", open);
    const colon = text.indexOf(":", open);
    if (close < 0 || colon < 0 || colon > close) break;
    const days = Number(text.slice(open + 2, colon));
    out += text.slice(from, open) + formatDate(addDays(base, days), text.slice(colon + 1, close));
    from = close + 2;
  }
  return out + text.slice(from);
}
