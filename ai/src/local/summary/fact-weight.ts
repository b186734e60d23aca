// How much a figure sentence is worth as a key point, from the kind of speech it is, beyond how many figures it says:
//   - an amount of money ("$4,200", "1.3 million", "6,500 a month"), a number read out to be written down or who
//     takes which role in a plan is what advisers write down first;
//   - a figure given in an exchange (a question and its answer, quoted with their speakers) is one the meeting asked
//     for;
//   - a figure in a hypothetical ("If you sold at 900,000…", "Say the loan covers a million") describes a case,
//     not the client; minutes and clock times ("I have 40 minutes") are the meeting's own, not the client's.
// Each pattern is anchored or read from where its run starts, and the exchange is found with two string searches,
// so each step runs in linear time.

import { countFacts, countFigures } from "./fact-signals";

// "$75,000", "1.25 million", "48,000", "1,650 a month", "$3.1M": an amount of money (not "60%", "1998" or "age 62").
// Each number is read from where its run of digits starts (the lookbehinds), so the step stays linear.
const MONEY =
  /[$€£]\s?\d|(?<![\d,.])\d[\d,.]*\s?(?:million|billion|[MK])\b|(?<![\d,.])\d{1,3}(?:,\d{3})+\b|(?<![\d,.])\d[\d,.]*\s(?:a|per)\s(?:month|year)\b/;
// A hypothetical opens the sentence (or the quote): "If you sold…", not "…, if the bank asks".
const HYPOTHETICAL = /(?:^|“)(?:and\s+|so\s+|but\s+)?(?:if|say|suppose|imagine|let's say)\b/i;
/** Characters of a speaker's name, and the marks around it, between a quoted question and its quoted answer. */
const MAX_NAME_GAP = 64;
// "I have 40 minutes", "the call at 3:30": the meeting's own clock, not the client's affairs.
const CLOCK =
  /(?<![\d:.])\d[\d:.]*\s?(?:minutes?|mins?|hours?|hrs?|o'clock|a\.m\.|p\.m\.|am|pm)(?![\p{L}])|\b\d{1,2}:\d{2}\b/iu;

export const MONEY_WEIGHT = 1.5;
const EXCHANGE_WEIGHT = 1.3;
const HYPOTHETICAL_WEIGHT = 0.6;
const CLOCK_WEIGHT = 0.5;

/** True when the text says an amount of money. */
export function saysMoney(text: string): boolean {
  return MONEY.test(text);
}

/** True when the text sets out a case ("If you retired at 60…") rather than what is so. */
export function isHypothetical(text: string): boolean {
  return HYPOTHETICAL.test(text);
}

/** A question and its answer quoted with their speakers: Ana: “What's the rent?” Ben: “1,650 a month.” */
function isExchange(text: string): boolean {
  const question = text.indexOf("?”");
  if (question < 0) return false;
  const answer = text.indexOf(": “", question);
  return answer >= 0 && answer - question <= MAX_NAME_GAP;
}

/** A multiplier for a key point's weight from the kind of fact its text states (1 when nothing sets it apart). */
export function factWeight(text: string): number {
  let weight = 1;
  if (saysMoney(text) || countFacts(text) > countFigures(text)) weight *= MONEY_WEIGHT;
  if (isExchange(text)) weight *= EXCHANGE_WEIGHT;
  if (isHypothetical(text)) weight *= HYPOTHETICAL_WEIGHT;
  if (CLOCK.test(text)) weight *= CLOCK_WEIGHT;
  return weight;
}
