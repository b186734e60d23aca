// Where a next meeting was arranged. Its date is stored resolved ("2027-03-03") while the transcript said it in words
// ("March third", "a week from Tuesday"), so its moment is found by the kind of speech that arranges a meeting: a
// meeting word or a scheduling act with a date word, the meeting's own day named, or the topics planned for it. Checked once per segment: linear in the transcript.

import { MONTHS, WEEKDAYS } from "../language/lexicon";
import { matchRule } from "../language/rules";
import { contentTerms, splitWords } from "../language/tokens";
import { SCHEDULING_ACTS, type SchedulingAct } from "../local/next-meeting/scheduling.rules";
import type { NextMeeting, TranscriptSegment } from "../types";

const MEETING_WORDS = new Set(
  (
    "meet meeting meetings call session review catch check touch appointment sit reconvene follow-up followup " +
    "again together talk speak regroup visit schedule scheduled book"
  ).split(" "),
);
const DATE_WORDS = new Set([...MONTHS, ...WEEKDAYS, "tomorrow", "week", "weeks", "month", "months", "next"]);

interface DateCues {
  month?: string;
  weekday?: string;
  day?: number;
}

function cuesOf(date: string | null): DateCues {
  const match = date ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  if (!match) return {};
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  return { month: MONTHS[month - 1], ...(weekday ? { weekday } : {}), day };
}

/**
 * How strongly a segment reads as arranging this next meeting: the meeting's own month or weekday count most, any
 * date word or a day number less. A segment counts through its date words when it has a meeting word, does
 * scheduling (a plan or an invitation: the scheduling-acts table; a bare "sure" is too common), or names the meeting's own day
 * ("Tuesday the 10th", with no word of meeting); otherwise only through the planned topics.
 */
export function arrangementScore(segmentText: string, next: NextMeeting, topicTerms: ReadonlySet<string>): number {
  const words = splitWords(segmentText);
  const cues = cuesOf(next.date);
  let meeting = false;
  let named = false;
  let dayNumber = false;
  let score = 0;
  for (const word of words) {
    if (MEETING_WORDS.has(word)) meeting = true;
    if (word === cues.month || word === cues.weekday) {
      score += 2;
      named = true;
    } else if (DATE_WORDS.has(word)) score += 1;
    else if (cues.day !== undefined && Number.parseInt(word, 10) === cues.day) {
      score += 1;
      dayNumber = true;
    }
  }
  let topics = 0;
  for (const term of new Set(contentTerms(segmentText))) if (topicTerms.has(term)) topics++;
  const arranges = meeting || (named && dayNumber) || schedules(segmentText);
  return arranges ? score + topics + 1 : topics;
}

const SCHEDULING = new Set<SchedulingAct>(["plan", "invite"]);

/** The segment plans a meeting or promises an invitation (at most 2,000 characters are read). */
function schedules(text: string): boolean {
  const read = text.slice(0, 2_000);
  return SCHEDULING_ACTS.rules.some((rule) => SCHEDULING.has(rule.effect) && matchRule(rule, read) !== null);
}

/** A meeting word with one date cue, or two planned topics: less is a passing mention. */
export const ARRANGED = 2;

/** The segment that arranged the next meeting (the latest of the best: plans are confirmed at the end), if any. */
export function locateNextMeeting(segments: readonly TranscriptSegment[], next: NextMeeting): number | undefined {
  const topicTerms = new Set(next.topics.flatMap(contentTerms));
  let best: number | undefined;
  let bestScore = ARRANGED;
  segments.forEach((segment, index) => {
    const score = arrangementScore(segment.text, next, topicTerms);
    if (score >= bestScore) {
      best = index;
      bestScore = score;
    }
  });
  return best;
}
