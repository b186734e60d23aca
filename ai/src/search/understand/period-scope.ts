// Whether a period named in a question says when the meetings were ("what did we discuss in April", "last week's
// meeting") or qualifies a fact talked about in them ("which bonds matured in March", "the RMD due in December").
// Only the first filters meetings by date: a fact's own date says nothing about when the meeting that mentions it
// took place (bonds that matured in March are discussed in April).
//
// The rule reads the words around the period phrase: the nearest word before it (then after it) that is either a
// word about meetings (a meeting noun, or a verb of talking, deciding or meeting) or a verb about something else
// ("matured", "due", "paid", "selling") decides. A possessive period ("last week's call") names the meeting. A
// question with no such word ("on July 4, 2024?", "anything in April?") is about meetings.
//
// Word scans only (split on spaces, Set lookups): linear in the question's length.

import { trimToAlphanumeric } from "./names-in-text";

/** Nouns and verbs that make a period about the meetings themselves. */
const MEETING_WORDS = new Set(
  (
    "meeting meetings meet met meets call calls session sessions conversation conversations review reviews " +
    "appointment appointments catch-up catchup check-in discuss discussed discussing discussion discussions talk " +
    "talked talking say said says tell told mention mentioned mentions ask asked cover covered happen happened " +
    "happening agree agreed decide decided decision decisions promise promised commit committed recommend " +
    "recommended suggest suggested propose proposed raise raised bring brought plan planned recap update updates " +
    "go went come came see saw speak spoke spoken hear heard note notes noted cover covers"
  ).split(" "),
);

/** Words shaped like verbs or participles that are not verbs here, and prepositions ending in "-ing". */
const NOT_VERBS = new Set(
  (
    "during morning mornings evening evenings nothing anything something everything thing things spring string " +
    "ring king bring everything interesting following upcoming outstanding pending remaining regarding " +
    "concerning including according red bed need needed seed feed speed hundred kindred shed"
  ).split(" "),
);

/** Verbs of facts that do not end in "-ed" or "-ing" (irregular pasts, statives, deadlines). */
const FACT_VERBS = new Set(
  (
    "due mature matures vest vests vested expire expires paid pay pays sold sell sells bought buy buys grew grow " +
    "grows fell fall falls rose rise rises spent spend spends cost costs owe owes earn earns return returns " +
    "start starts began begin begins end ends close closes open opens retire retires born died move moves left " +
    "lost made make makes deposit deposits withdraw withdrew renew renews settle settles arrive arrives " +
    "closed opened returned earned owed"
  ).split(" "),
);

/** Words skipped on the way to the deciding word: articles, prepositions, auxiliaries, pronouns. */
const PASSING_WORDS = new Set(
  (
    "the a an in on at of for from during since by to into with about this that these those last past previous " +
    "next our my your their his her its we i you they he she it is was were are be been being do did does have " +
    "has had will would can could should all any every some which what when who whose how much many that's " +
    "there and or"
  ).split(" "),
);

/** The word in lower case without the punctuation around it ("matured?" → "matured"; "week's" keeps its "'s"). */
const clean = (word: string) => trimToAlphanumeric(word.toLowerCase().replace(/’/g, "'"));

/** Characters read each side of the period phrase. */
const REACH = 120;

type Verdict = "meetings" | "fact" | undefined;

function judge(word: string): Verdict {
  const w = word.endsWith("'s") ? word.slice(0, -2) : word;
  if (MEETING_WORDS.has(w)) return "meetings";
  if (NOT_VERBS.has(w) || PASSING_WORDS.has(w)) return undefined;
  if (FACT_VERBS.has(w)) return "fact";
  if ((w.length > 4 && w.endsWith("ed")) || (w.length > 5 && w.endsWith("ing"))) return "fact";
  return undefined;
}

/**
 * True when the period phrase at [start, end) of `question` qualifies a fact rather than saying when meetings were.
 * `start` and `end` are character offsets of the phrase (as the date parser found it).
 */
export function periodQualifiesFact(question: string, start: number, end: number): boolean {
  const phrase = question.slice(start, end).trim();
  // The deciding word is near the phrase: a bounded look each side keeps many phrases in one question linear.
  const after = question.slice(end, end + REACH);
  // "last week's meeting", "yesterday's call", "April's review": the period names a meeting.
  if (after.startsWith("'s") || after.startsWith("’s") || phrase.endsWith("'s") || phrase.endsWith("’s")) return false;
  const words = (text: string) => text.split(/\s+/).map(clean).filter(Boolean);
  // The nearest deciding word: the words before the phrase, nearest first, then those after it.
  const around = [...words(question.slice(Math.max(0, start - REACH), start)).reverse(), ...words(after)];
  return around.map(judge).find((verdict) => verdict !== undefined) === "fact";
}
