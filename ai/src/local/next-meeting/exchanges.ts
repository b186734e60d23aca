// The scheduling exchanges of a meeting, followed turn by turn: a plan to meet, or a day offered as a question, opens
// one; days and times proposed and countered replace what is on the table; an acceptance, a repeat of the day by
// another voice or a calendar invitation settles it. The last day settled wins; a day offered and never answered
// counts only where a plan to meet was said. One pass over the turns: linear.

import type { DateReading } from "../../dates/resolve-date";
import { alternation, WEEKDAYS } from "../../language/lexicon";
import { lexiconRegExp } from "../../language/patterns";
import { bareHour, type Turn } from "./read-turns";

/** Turns an exchange stays open past its last scheduling turn. */
const GAP = 4;
/** Turns after a question about another event whose days are that event's. */
const EVENT_ANSWER = 2;

export interface Offer {
  day: DateReading;
  time?: string;
  by: string | null;
  at: number;
}

export interface Exchange {
  start: number;
  last: number;
  /** The strongest plan to meet said in it. */
  plan: number;
  /** A plan to meet said as a plan, not asked ("let's meet again", not "do we need to meet again?"). */
  stated: boolean;
  /** Turn indexes (sentence indexes) that plan the meeting: their purpose clauses are topics. */
  plans: Set<number>;
  offer: Offer | null;
  /** Every day offered in it (yyyy-MM-dd): a set, so an exchange that never closes is still read in linear time. */
  offered: Set<string>;
  settled: Offer | null;
  /** A period said for it ("in about a month"), or a promise to find the day later: a meeting without a day. */
  undated: boolean;
  noMeeting: boolean;
  /** It opened on a day offered as a question, with no plan to meet: it counts only if settled. */
  offeredOnly: boolean;
}

export function followExchanges(turns: readonly Turn[]): Exchange[] {
  const exchanges: Exchange[] = [];
  let current: Exchange | null = null;
  let eventAnswersUntil = -1;
  turns.forEach((turn, position) => {
    if (current && position - current.last > GAP) current = null;
    const inEventAnswer = position <= eventAnswersUntil && turn.plan === 0;
    if (turn.acts.has("event-question")) eventAnswersUntil = position + EVENT_ANSWER;
    const day = inEventAnswer ? null : turn.day;
    const dated = day !== null && day.kind !== "vague";
    const opens =
      turn.plan > 0 ||
      turn.acts.has("invite") ||
      turn.acts.has("arrange-later") ||
      turn.acts.has("no-meeting") ||
      (dated && (turn.question || turn.acts.has("propose")));
    if (!current && !opens) return;
    if (!current) {
      current = {
        start: position,
        last: position,
        plan: 0,
        stated: false,
        plans: new Set(),
        offer: null,
        offered: new Set(),
        settled: null,
        undated: false,
        noMeeting: false,
        offeredOnly: turn.plan === 0 && !turn.acts.has("invite") && !turn.acts.has("arrange-later"),
      };
      exchanges.push(current);
    }
    if (step(current, turn, day, dated, inEventAnswer)) current.last = position;
  });
  return exchanges;
}

/** Reads one turn into the exchange; true when it was scheduling talk (the exchange stays open past it). */
function step(ex: Exchange, turn: Turn, day: DateReading | null, dated: boolean, eventAnswer: boolean): boolean {
  const { acts } = turn;
  let relevant = false;
  if (turn.plan > 0) {
    ex.plan = Math.max(ex.plan, turn.plan);
    ex.plans.add(turn.index);
    ex.offeredOnly = false;
    if (turn.plan >= 2 && !turn.question) ex.stated = true;
    relevant = true;
  }
  if (acts.has("invite")) ex.stated = true; // an invitation promised is a meeting, with a day or without
  if (acts.has("no-meeting")) {
    ex.noMeeting = true;
    relevant = true;
  }
  if (acts.has("arrange-later") || acts.has("no-date")) {
    if (acts.has("arrange-later")) ex.undated = true;
    ex.plans.add(turn.index);
    relevant = true;
  }
  const time = eventAnswer || turn.eventDay ? undefined : (turn.time ?? (ex.offer ? bareHour(turn) : undefined));
  const accepts = acts.has("accept") && !acts.has("reject") && !turn.question;
  if (dated && day) {
    relevant = true;
    if (ex.offer && sameDay(ex.offer.day, day)) {
      // The day said again: by another voice, or with a yes, it is taken; a new time with it is a counter; turned
      // down ("I can't make the 20th"), it is off the table.
      if (acts.has("reject")) {
        withdraw(ex);
      } else if (time && time !== ex.offer.time && turn.question) {
        ex.offer = { ...ex.offer, time, by: turn.speaker };
      } else {
        if (time) ex.offer = { ...ex.offer, time };
        if (turn.speaker !== ex.offer.by || accepts || !turn.question || acts.has("invite")) settle(ex);
      }
    } else {
      // "Let's meet again on the 22nd." settles it as said, and so does a day offered before said back as a
      // statement ("Wednesday the 9th, at four.") or with a yes ("let's go with the 9th"); "How about the 22nd?"
      // waits for an answer.
      const confirms = (day.kind === "day" && ex.offered.has(day.date)) || isBareDay(turn.text, day.said);
      ex.offer = { day, by: turn.speaker, at: turn.index, ...(time ? { time } : {}) };
      if (day.kind === "day") ex.offered.add(day.date);
      if (!turn.question && (turn.plan >= 2 || acts.has("invite") || accepts || confirms)) settle(ex);
    }
  } else if (day?.kind === "vague" && (turn.plan > 0 || ex.plan >= 2 || acts.has("invite")) && !ex.offer) {
    ex.undated = true;
    relevant = true;
  } else if (time && ex.offer) {
    relevant = true;
    if (turn.question || acts.has("reject")) {
      ex.offer = { ...ex.offer, time, by: turn.speaker }; // "Can we do ten thirty?"
    } else if (accepts) {
      ex.offer = { ...ex.offer, time }; // "Four-thirty works."
      settle(ex);
    } else if (!ex.offer.time) {
      ex.offer = { ...ex.offer, time }; // the first time said for the day on the table
      if (turn.speaker !== ex.offer.by || (ex.settled && sameDay(ex.settled.day, ex.offer.day))) settle(ex);
    } // a time said as an aside once one is on the table ("I'm out by five") changes nothing
  } else if (!ex.offer && accepts && ex.plan >= 2 && !ex.stated) {
    ex.stated = true; // "Are we meeting again?" "Yes, ..."
    relevant = true;
  } else if (ex.offer && (accepts || acts.has("invite")) && !acts.has("reject")) {
    // "Sounds good", "I'll send the invite": another voice takes the offer; the offerer's own "great" does not.
    if (turn.speaker !== ex.offer.by || turn.speaker === null || acts.has("invite")) {
      settle(ex);
      relevant = true;
    }
  }
  if (acts.has("reject") && ex.offer) {
    // "That doesn't work for me." with no other day or time: the offer is off the table. Asked with it ("I can't do
    // mornings, how about 2?"), a counter follows: the day stays.
    if (!dated && !time && !turn.question) withdraw(ex);
    relevant = true;
  }
  return relevant || acts.has("invite");
}

/** The offer on the table turned down: neither offered nor settled any more. */
function withdraw(ex: Exchange): void {
  if (ex.offer && ex.settled && sameDay(ex.settled.day, ex.offer.day)) ex.settled = null;
  ex.offer = null;
}

function settle(ex: Exchange): void {
  if (ex.offer) ex.settled = { ...ex.offer };
}

/** A turn that is little more than the day said ("Thursday, the 9th, at ten."): a confirmation when not asked. */
function isBareDay(text: string, said: string): boolean {
  return text.length - said.length <= BARE_DAY_REST;
}
const BARE_DAY_REST = 24;

const WEEKDAY_ONLY = lexiconRegExp(`^(?:(?:this|next|on)\\s+)?${alternation(WEEKDAYS)}$`, "i");

/** The same day, or a weekday said alone that names the day on the table ("Monday works" for "Monday the 20th"). */
function sameDay(a: DateReading, b: DateReading): boolean {
  if (a.kind === "mismatch" && b.kind === "mismatch") return a.note === b.note;
  if (a.kind !== "day" || b.kind !== "day") return false;
  if (a.date === b.date) return true;
  const weekday = (date: string) => new Date(`${date}T12:00:00`).getDay();
  return WEEKDAY_ONLY.test(b.said.replace(/[,.]/g, "").trim()) && weekday(a.date) === weekday(b.date);
}
