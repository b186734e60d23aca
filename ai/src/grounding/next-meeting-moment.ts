// Where a next meeting was arranged. Its date is stored resolved ("2027-03-03") while the transcript said it in words
// ("March third", "a week from Tuesday"), so its moment is found by the kind of speech that arranges a meeting: a
// meeting word with a date word ("two weeks from today, same time?" counts "time"), or the topics planned for it.
// Checked once per segment: linear in the transcript.

import { MONTHS, WEEKDAYS } from "../language/lexicon";
import { contentTerms, splitWords } from "../language/tokens";
import type { NextMeeting, TranscriptSegment } from "../types";

const MEETING_WORDS = new Set(
  (
    "meet meeting meetings call session review catch check touch appointment sit reconvene follow-up followup " +
    "again together talk speak regroup visit schedule scheduled book time"
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
 * date word or a day number less, and a segment without a meeting word only counts through the planned topics.
 */
export function arrangementScore(segmentText: string, next: NextMeeting, topicTerms: ReadonlySet<string>): number {
  const words = splitWords(segmentText);
  const cues = cuesOf(next.date);
  let meeting = false;
  let score = 0;
  for (const word of words) {
    if (MEETING_WORDS.has(word)) meeting = true;
    if (word === cues.month || word === cues.weekday) score += 2;
    else if (DATE_WORDS.has(word)) score += 1;
    else if (cues.day !== undefined && Number.parseInt(word, 10) === cues.day) score += 1;
  }
  let topics = 0;
  for (const term of new Set(contentTerms(segmentText))) if (topicTerms.has(term)) topics++;
  return meeting ? score + topics + 1 : topics;
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
