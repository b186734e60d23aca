// Each sentence read once for the scheduling talk: what it does (scheduling.rules.ts), the day it offers for a meeting
// (chrono-node through resolve-date.ts, past a task's deadline, not on or before the meeting, not another event's),
// and the time of day. Captions cut mid-sentence are joined first ("How about Friday, the 4th, at" + "five thirty?").

import { readSpokenTime } from "../../dates/spoken-time";
import { type DateReading, readDatePhrase } from "../resolve-date";
import type { Sentence } from "../split-sentences";
import { matchRule } from "./rule-table";
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
  return turns;
}

function readTurn(sentences: Sentence[], meetingDate: Date): Turn {
  const text = sentences.map((s) => s.text).join(" ");
  const acts = new Set<SchedulingAct>();
  let plan = 0;
  let event: number | undefined;
  for (const rule of SCHEDULING_ACTS.rules) {
    const hit = matchRule(rule, text);
    if (!hit) continue;
    acts.add(rule.effect);
    if (rule.effect === "plan") plan = Math.max(plan, rule.weight ?? 1);
    if (rule.effect === "other-event") event ??= hit.index;
  }
  const said = readMeetingDay(text, meetingDate);
  const eventDay = said !== null && event !== undefined && isTheEventsDay(text, event, said, plan > 0);
  const day = said && !eventDay && !onOrBefore(said, meetingDate) ? said : null;
  const time = eventDay ? undefined : readSpokenTime(text);
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

// "the hearing is on the 9th", "after my surgery on the 14th": a day said just after the event's word is the event's.
// "the 25th, before the hearing": a day said before it and tied to it by before/after is ours, when a meeting is talked
// of; any other day in a sentence about another event is the event's.
const TIED_BEFORE = /\b(?:before|after|ahead of|prior to|following)\s+(?:the|my|his|her|their|your|our)?\s*$/i;
const NEAR_AFTER = 12;

function isTheEventsDay(text: string, eventAt: number, said: DateReading, talksOfMeeting: boolean): boolean {
  const dayAt = text.indexOf(said.said);
  if (dayAt < 0 || !talksOfMeeting) return true;
  if (dayAt > eventAt) {
    const between = text.slice(eventAt, dayAt);
    return between.length <= NEAR_AFTER || !/[,;]/.test(between);
  }
  return !TIED_BEFORE.test(text.slice(Math.max(0, eventAt - 16), eventAt));
}

function onOrBefore(reading: DateReading, meetingDate: Date): boolean {
  return reading.kind === "day" && reading.date <= isoDay(meetingDate);
}

/** A sentence's dates read past a task's deadline: at most this many. */
const DATES_READ = 3;

/**
 * The first date the sentence says that is no task's deadline: "I'll send the letter by Friday, and let's meet again
 * on March 3rd" meets on March 3rd. Null when it says none, or only deadlines.
 */
function readMeetingDay(text: string, meetingDate: Date): DateReading | null {
  let rest = text;
  for (let read = 0; read < DATES_READ; read++) {
    const said = readDatePhrase(rest, meetingDate);
    if (!said || !isDeadline(rest, said)) return said;
    const at = rest.indexOf(said.said);
    if (at < 0) return null;
    rest = rest.slice(at + said.said.length);
  }
  return null;
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
