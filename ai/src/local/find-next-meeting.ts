// Finds the agreed next meeting from the structure of the talk: the exchanges that arrange it (a plan to meet, a day
// proposed, countered and accepted, a calendar invitation; next-meeting/exchanges.ts), read against the meeting's own
// date; the last day settled wins. Someone else's event gives no day, "we'll be in touch" none, "no meeting needed"
// no meeting. Its topics are what they said they would do there (next-meeting-topics.ts).

import type { Sentence } from "../language/sentences";
import type { NextMeeting } from "../types";
import { type Exchange, followExchanges, type Offer } from "./next-meeting/exchanges";
import { readTurns, type Turn } from "./next-meeting/read-turns";
import { findTopicsIn } from "./next-meeting-topics";

/** Turns read for topics before an exchange opens and after its last scheduling turn. */
const TOPICS_BEFORE = 3;
const TOPICS_AFTER = 3;

type Outcome = { kind: "none" } | { kind: "dated"; offer: Offer } | { kind: "undated"; explicit: boolean };

/**
 * The next meeting settled in the talk: the last exchange's settled day (or its offered day, where a plan to meet
 * was said), or a meeting without a day where they planned one and left the day open. Null when no meeting again
 * was talked about, or the last word was that none is needed.
 */
export function findNextMeeting(sentences: Sentence[], meetingDate: Date): NextMeeting | null {
  const turns = readTurns(sentences, meetingDate);
  const exchanges = followExchanges(turns);
  let fallback: Exchange | undefined;
  for (let e = exchanges.length - 1; e >= 0; e--) {
    const exchange = exchanges[e]!;
    const outcome = outcomeOf(exchange);
    if (!outcome) continue;
    if (outcome.kind === "none") return fallback ? undated(fallback, turns) : null;
    if (outcome.kind === "dated") return dated(outcome.offer, exchange, exchanges.slice(0, e), turns);
    // A meeting left without a day is the last word when a period or a later arrangement was said; a bare plan to
    // meet ("we'll meet again to sign") lets an earlier settled day stand.
    if (outcome.explicit) return undated(exchange, turns);
    fallback ??= exchange;
  }
  return fallback ? undated(fallback, turns) : null;
}

function outcomeOf(exchange: Exchange): Outcome | null {
  if (exchange.noMeeting) return { kind: "none" };
  if (exchange.settled) return { kind: "dated", offer: exchange.settled };
  if (exchange.offer && exchange.plan > 0 && !exchange.offeredOnly) return { kind: "dated", offer: exchange.offer };
  // A period or a later arrangement is the last word only where a meeting was talked of in the same exchange.
  if (exchange.undated) return { kind: "undated", explicit: exchange.plan > 0 || exchange.stated };
  if (exchange.stated) return { kind: "undated", explicit: false };
  return null;
}

function dated(offer: Offer, exchange: Exchange, earlier: Exchange[], turns: Turn[]): NextMeeting {
  const { day } = offer;
  const date = day.kind === "day" ? day.date : day.kind === "mismatch" ? day.note : null;
  // "See you on the 22nd" confirms a day whose time was agreed in an earlier exchange.
  const time =
    offer.time ??
    earlier
      .flatMap((e) => [e.settled, e.offer])
      .findLast((o) => o?.time && o.day.kind === "day" && day.kind === "day" && o.day.date === day.date)?.time;
  // "See you on the 24th" at the goodbye: what the meeting is for was said where that day was first arranged too.
  const sameDay = earlier.filter((e) =>
    [e.settled, e.offer].some((o) => o?.day.kind === "day" && day.kind === "day" && o.day.date === day.date),
  );
  const topics = topicsOf([...sameDay, exchange], turns);
  return time ? { date, time, topics } : { date, topics };
}

function undated(exchange: Exchange, turns: Turn[]): NextMeeting {
  return { date: null, topics: topicsOf([exchange], turns) };
}

/** The topics said around the exchanges that arranged the meeting (in the order said), then where else it was planned. */
function topicsOf(exchanges: Exchange[], turns: Turn[]): string[] {
  const around = new Set<number>();
  const leadIns: number[] = [];
  for (const exchange of exchanges) {
    const from = Math.max(0, exchange.start - TOPICS_BEFORE);
    const to = Math.min(turns.length, exchange.last + TOPICS_AFTER + 1);
    for (let i = from; i < to; i++) {
      around.add(i);
      // "So, to go through the draft together. Thursday at four?": the purpose said just before the day is offered.
      const before = turns[i - 1];
      if (i > 0 && turns[i]!.day && before && before.speaker === turns[i]!.speaker) leadIns.push(before.index);
    }
  }
  const window = [...around].sort((a, b) => a - b).map((i) => turns[i]!);
  // What was said for the meeting anywhere else where meeting again was talked of ("next time we'll go over the
  // fees", ten minutes before the day is found) comes after what was said around the arrangement.
  const elsewhere = turns.filter((turn, i) => turn.plan > 0 && !around.has(i));
  const plans = new Set([
    ...exchanges.flatMap((exchange) => [...exchange.plans]),
    ...leadIns,
    ...elsewhere.map((turn) => turn.index),
  ]);
  return findTopicsIn([...window, ...elsewhere], plans);
}
