// Finds the agreed next meeting: where the meeting talks about meeting again, the day it settles on (read against
// the meeting's own date), the time, and what it is for.

import { readSpokenTime } from "../dates/spoken-time";
import type { NextMeeting } from "../types";
import { findTopics } from "./next-meeting-topics";
import { type DateReading, readDatePhrase } from "./resolve-date";
import type { Sentence } from "./split-sentences";

/** The stored next meeting, with the time of day ("HH:mm", 24 h) when one was agreed. */
export type NextMeetingWithTime = NextMeeting & { time?: string };

const MEETING_CUE =
  /\b(next (?:meeting|session|review|call|appointment|time we (?:meet|get together|talk))|meet(?:ing)? (?:again|up)|follow[- ]?up|check[- ]?in|reconvene|catch[- ]up|touch base|talk again|speak again|get (?:back )?together|see you (?:on|next|in)|(?:to|let's|we're|I'll|will|can|could|should) schedule|scheduling\b|schedule (?:a|another|our|the next|something|a time|you|them|that)\b|set (?:up )?(?:a time|the next|another|a meeting|a call)|find a time|come in (?:and|to) sign|pencil (?:you |it |that |us )?in|put you down for|book (?:a|the|another|our) (?:time|meeting|call|review|room)|(?:let's|shall we|can we|could we|we'll|we will|we can|we could|we should) meet\b|can we (?:all )?sign|^(?:(?:so|okay|now|and),?\s+)?(?:the\s+)?signing[.?]?$)/i;
const STRONG_CUE =
  /\b(next meeting|next time we (?:meet|get together|need to meet)|meet again|meeting again|reconvene|get (?:back )?together|set up a time|(?:follow[- ]?up|check[- ]?in) (?:meeting|call|session))\b/i;
// "I'll follow up with Priya" is a task, not a meeting.
const TASK_FOLLOW_UP = /\b(?:I|I'll|I will|we'll)\s+follow[- ]up\s+(?:with|on|by)\b/i;
// "I don't think we need to schedule anything", "no meeting needed": none was set.
const NO_MEETING =
  /\b(?:no (?:need (?:to|for) (?:meet|another|a (?:meeting|follow[- ]?up))|(?:meeting|follow[- ]?up) (?:is )?needed)|(?:don't|do not|won't) (?:think we )?need (?:to (?:meet|schedule)|another meeting|a (?:meeting|follow[- ]?up)))\b/i;
// Someone else's appointment ("my cardiologist on the 12th", "the hearing is on the 3rd") is not our meeting.
const OTHER_EVENT =
  /\b(?:doctor|dentist|cardiologist|surgeon|physician|surgery|hearing|court|closing|funeral|wedding|flight|vacation|trip|out of town|at the bank|appointment with|(?:my|his|her|their) (?:own )?appointment)\b/i;
// How far a scheduling exchange runs past its cue: proposals, counter-proposals and the acceptance.
const EXCHANGE = 8;

interface Proposal {
  reading: DateReading;
  time?: string;
}

/**
 * The next meeting settled in the last scheduling exchange that names a day or a period: the last day proposed
 * there wins ("then the 15th, an hour later"); a day beats a period; a day on or before the meeting's date is
 * something else. Null when no meeting again was talked about, or the talk ended with "no meeting needed".
 */
export function findNextMeeting(sentences: Sentence[], meetingDate: Date): NextMeetingWithTime | null {
  const cues = sentences.filter((s) => MEETING_CUE.test(s.text) && !TASK_FOLLOW_UP.test(s.text)).map((s) => s.index);
  if (cues.length === 0) return null;
  const lastCue = cues.at(-1)!;
  if (sentences.slice(lastCue, lastCue + EXCHANGE).some((s) => NO_MEETING.test(s.text))) return null;
  // Exchanges are read from the last back; each sentence is read at most once however many cues overlap it.
  let readUpTo = sentences.length;
  let settled: Settled | undefined;
  for (let c = cues.length - 1; c >= 0; c--) {
    const from = cues[c]!;
    const proposals = readExchange(sentences.slice(from, Math.min(from + EXCHANGE, readUpTo)), meetingDate);
    readUpTo = from;
    if (settled) {
      // "See you on the 21st" confirms a day whose time was agreed earlier ("the 21st at four-thirty").
      const time = proposals.findLast(
        (p) => p.time && p.reading.kind === "day" && p.reading.date === settled!.date,
      )?.time;
      if (time) return { date: settled.date, time, topics: settled.topics };
      continue;
    }
    const found = settle(proposals);
    if (!found) continue;
    settled = { ...found, topics: topicsNear(cues, c, sentences) };
    if (settled.time || !settled.date) return settled;
  }
  if (settled) return settled;
  // Without any date, only an explicit plan to meet counts ("follow up" alone is too loose).
  const planned = sentences.filter((s) => STRONG_CUE.test(s.text) && !/\?\s*$/.test(s.text)).at(-1);
  return planned ? { date: null, topics: findTopics(planned, sentences) } : null;
}

/** Topics of the plan at cues[c], or of the cue just before it ("we'll meet again to review the drafts. Kenji will
 * reach out to schedule"). */
function topicsNear(cues: number[], c: number, sentences: Sentence[]): string[] {
  const topics = findTopics(sentences[cues[c]!]!, sentences);
  const before = cues[c - 1];
  if (topics.length > 0 || before === undefined || before < cues[c]! - 2) return topics;
  return findTopics(sentences[before]!, sentences);
}

function readExchange(exchange: Sentence[], meetingDate: Date): Proposal[] {
  const proposals: Proposal[] = [];
  for (const sentence of exchange) {
    if (OTHER_EVENT.test(sentence.text)) continue;
    const said = readMeetingDay(sentence.text, meetingDate);
    const time = readSpokenTime(sentence.text);
    // "Monday works." after "Monday the 20th at 9:30?" accepts that day; it proposes no other.
    const reading = said && isWeekdayOf(said, proposals) ? undefined : said;
    if (reading && !(reading.kind === "day" && reading.date <= isoDay(meetingDate))) proposals.push({ reading, time });
    else if (time && proposals.length > 0) proposals.at(-1)!.time ??= time; // "Four-thirty works."
  }
  return proposals;
}

type Settled = NextMeetingWithTime;

function settle(proposals: Proposal[]): Omit<Settled, "topics"> | null {
  const definite = proposals.filter((p) => p.reading.kind !== "vague");
  const chosen = definite.at(-1);
  if (chosen) {
    const { reading, time } = chosen;
    const date = reading.kind === "day" ? reading.date : reading.kind === "mismatch" ? reading.note : null;
    // A time said with an earlier proposal of the same day still holds ("the 9th at ten … the 9th, then").
    const agreedTime = time ?? definite.findLast((p) => p.time && sameDay(p.reading, reading))?.time;
    return agreedTime ? { date, time: agreedTime } : { date };
  }
  return proposals.length > 0 ? { date: null } : null;
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

const BARE_WEEKDAY = /^(?:mon|tues|wednes|thurs|fri|satur|sun)day$/i;

/** A weekday said alone that names the day of an earlier proposal. */
function isWeekdayOf(reading: DateReading, proposals: Proposal[]): boolean {
  if (reading.kind !== "day" || !BARE_WEEKDAY.test(reading.said)) return false;
  const weekday = new Date(`${reading.date}T12:00:00`).getDay();
  return proposals.some((p) => p.reading.kind === "day" && new Date(`${p.reading.date}T12:00:00`).getDay() === weekday);
}

const sameDay = (a: DateReading, b: DateReading) => a.kind === "day" && b.kind === "day" && a.date === b.date;

function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
