// Each sentence read once for the scheduling talk: what it does (scheduling.rules.ts), the day it offers for a meeting
// (chrono-node through resolve-date.ts, past a task's deadline, not on or before the meeting, not another event's),
// and the time of day. Captions cut mid-sentence are joined first ("How about Friday, the 4th, at" + "five thirty?").

import { type DateReading, readDatePhrase } from "../../dates/resolve-date";
import { readSpokenTime } from "../../dates/spoken-time";
import { alternation, lexiconRegExp, MONTHS } from "../../language";
import { matchRule } from "../../language/rules";
import type { Sentence } from "../../language/sentences";
import { SCHEDULING_ACTS, type SchedulingAct } from "./scheduling.rules";

export interface Turn {
  /** The first sentence's index; `indexes` are all the sentences joined into the turn. */
  index: number;
  indexes: number[];
  speaker: string | null;
  text: string;
  acts: Set<SchedulingAct>;
  /** The strongest plan rule that matched: 2 a plan to meet, 1 a looser mention, 0 none. */
  plan: number;
  question: boolean;
  /** The day offered for a meeting, or null. */
  day: DateReading | null;
  time?: string;
  /** The sentence said a day that is someone else's event (kept out of `day`). */
  eventDay: boolean;
}

/** How far before a day its offering frame is looked for. */
const OFFER_FRAME = 40;
/** A joined turn never grows past this: a caption run without punctuation is cut into turns of this size. */
const MAX_JOINED = 600;
const ENDS_SENTENCE = /[.?!…]["'”’)]*\s*$/;

/** The sentences as turns: one each, except captions of one speaker cut before their sentence ended. */
export function readTurns(sentences: readonly Sentence[], meetingDate: Date): Turn[] {
  const turns: Turn[] = [];
  let open: { sentences: Sentence[]; length: number } | null = null;
  const close = () => {
    if (open) turns.push(readTurn(open.sentences, meetingDate));
    open = null;
  };
  for (const sentence of sentences) {
    if (open && (open.sentences[0]!.speaker !== sentence.speaker || open.length + sentence.text.length > MAX_JOINED))
      close();
    open ??= { sentences: [], length: 0 };
    open.sentences.push(sentence);
    open.length += sentence.text.length + 1;
    if (ENDS_SENTENCE.test(sentence.text)) close();
  }
  close();
  return withDaysSaidBack(turns);
}

const ORDINAL_DAY = /\b(\d{1,2})(?:st|nd|rd|th)\b/;
/** How many turns back a day said again without its month may be the one it repeats. */
const SAID_BACK_TURNS = 3;
// "May" is left out: as a word it is most often the verb.
const SAYS_MONTH = lexiconRegExp(`\\b(?:${alternation(MONTHS.filter((m) => m !== "may"))})\\b`, "i");

/**
 * "How about Tuesday, March 16 at two?" "Tuesday the 16th at two works.": a day of the month said back without its
 * month is the day just offered, not the next 16th that falls on a Tuesday.
 */
function withDaysSaidBack(turns: Turn[]): Turn[] {
  turns.forEach((turn, t) => {
    const said = turn.day;
    if (!said || said.kind === "vague" || SAYS_MONTH.test(turn.text)) return;
    // A weekday that is not that day this month ("Monday the 15th" in March) is no mismatch once the day is known.
    const dayOfMonth = said.kind === "day" ? said.date.slice(8) : ORDINAL_DAY.exec(said.said)?.[1]?.padStart(2, "0");
    if (!dayOfMonth) return;
    for (let back = 1; back <= SAID_BACK_TURNS && t - back >= 0; back++) {
      const earlier = turns[t - back]!.day;
      if (earlier?.kind !== "day" || earlier.date.slice(8) !== dayOfMonth) continue;
      turn.day = { kind: "day", date: earlier.date, said: said.said };
      return;
    }
  });
  return turns;
}

function readTurn(sentences: Sentence[], meetingDate: Date): Turn {
  const text = sentences.map((s) => s.text).join(" ");
  const acts = new Set<SchedulingAct>();
  let plan = 0;
  let event: number | undefined;
  for (const rule of SCHEDULING_ACTS.rules) {
    if (rule.effect === "propose") continue; // read against the words just before the day, below
    const hit = matchRule(rule, text);
    if (!hit) continue;
    acts.add(rule.effect);
    if (rule.effect === "plan") plan = Math.max(plan, rule.weight ?? 1);
    if (rule.effect === "other-event") event ??= hit.index;
  }
  const { day, eventDay, from, at } = readMeetingDay(text, meetingDate, event, plan > 0);
  // "How about the 9th", "that would be the 9th", "both free on the 9th": a frame right before the day offers it.
  const before = day ? text.slice(Math.max(0, at - OFFER_FRAME), at) : "";
  if (day && SCHEDULING_ACTS.rules.some((r) => r.effect === "propose" && matchRule(r, before))) acts.add("propose");
  // Past another event's day, the time is read after it ("court at nine, so let's meet at two").
  const time = !eventDay ? readSpokenTime(text) : day ? readSpokenTime(text.slice(from)) : undefined;
  return {
    index: sentences[0]!.index,
    indexes: sentences.map((s) => s.index),
    speaker: sentences[0]!.speaker,
    text,
    acts,
    plan,
    question: /\?["'”’)]*\s*$/.test(text),
    day,
    ...(time ? { time } : {}),
    eventDay,
  };
}

/** A bare hour answered in the talk ("Nine?", "Eleven's fine."), read as "at nine": only inside an exchange. */
export function bareHour(turn: Turn): string | undefined {
  if (turn.text.length > 40 || !/^[A-Za-z0-9]/.test(turn.text)) return undefined;
  return readSpokenTime(`at ${turn.text.replace(/^(\S+)'s\b/, "$1")}`);
}

// "the hearing is on the 9th", "after my surgery on the 14th": a day said just after the event's word is the event's,
// and so is one said just before it ("the 9th is the hearing"), unless tied to it by before/after ("the 25th, before
// the hearing"). A day said further from it, in a sentence that talks of meeting, is ours ("let's sit down on the 9th
// to go over the closing papers"); in any other sentence about another event, every day is the event's.
const TIED = /\b(?:before|after|ahead of|prior to|following)\b/i;
const NEAR = 12;

function isTheEventsDay(text: string, eventAt: number, dayAt: number, talksOfMeeting: boolean): boolean {
  if (!talksOfMeeting) return true;
  const between = dayAt > eventAt ? text.slice(eventAt, dayAt) : text.slice(dayAt, eventAt);
  if (dayAt > eventAt) return between.length <= NEAR || !/[,;]/.test(between);
  return between.length <= NEAR + 12 && !TIED.test(between) && !/\bto\s/i.test(between);
}

function onOrBefore(reading: DateReading, meetingDate: Date): boolean {
  return reading.kind === "day" && reading.date <= isoDay(meetingDate);
}

/** A sentence's dates read past a task's deadline or another event's day: at most this many. */
const DATES_READ = 3;

/**
 * The first date the sentence says that is ours: not a task's deadline ("I'll send the letter by Friday, and let's
 * meet again on March 3rd" meets on March 3rd), not another event's ("court is on the 14th, so let's meet on the
 * 10th"), not on or before the meeting (a day past). `eventDay` when a day was passed over as another event's.
 */
function readMeetingDay(
  text: string,
  meetingDate: Date,
  eventAt: number | undefined,
  talksOfMeeting: boolean,
): { day: DateReading | null; eventDay: boolean; from: number; at: number } {
  let from = 0;
  let eventDay = false;
  for (let read = 0; read < DATES_READ; read++) {
    const rest = text.slice(from);
    const said = readDatePhrase(rest, meetingDate);
    if (!said) break;
    const at = rest.indexOf(said.said);
    const theirs = eventAt !== undefined && isTheEventsDay(text, eventAt, from + Math.max(0, at), talksOfMeeting);
    eventDay ||= theirs;
    if (!theirs && !isDeadline(rest, said) && !onOrBefore(said, meetingDate))
      return { day: said, eventDay, from, at: from + Math.max(0, at) };
    if (at < 0) break;
    from += at + said.said.length;
  }
  return { day: null, eventDay, from, at: -1 };
}

// "send me the statements by the 10th": a deadline for a task, not a day to meet.
const DEADLINE_BEFORE = /\b(?:by|before|until|no later than)\s+(?:the\s+)?$/i;

function isDeadline(text: string, reading: DateReading): boolean {
  const at = text.indexOf(reading.said);
  return at > 0 && DEADLINE_BEFORE.test(text.slice(Math.max(0, at - 20), at));
}

export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
