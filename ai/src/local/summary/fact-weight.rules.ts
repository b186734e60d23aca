// The kinds of speech that make a figure sentence worth more, or less, as a key point (read by fact-weight.ts).
// Each pattern is anchored or read from where its run starts, and the exchange is found with two string searches,
// so each step runs in linear time.

import fitted from "../../../fitted/fact-weights.json";
import { ruleTable } from "../../language/rules";
import { countFacts, countFigures } from "./fact-signals";

/**
 * The weights typed by hand before they were fitted: the fit's baseline, and the weight of a rule the fit keeps
 * (one too rare in the labelled sentences to fit; the weights file lists them under keptHandSet).
 */
export const HAND_SET_WEIGHTS: Readonly<Record<string, number>> = {
  "money-or-written-fact": 1.5,
  "asked-and-answered": 1.3,
  hypothetical: 0.6,
  "meeting-clock": 0.5,
};

/** The weight `bun run fit` wrote for the rule, or its hand-set one before any fit. */
function weightOf(id: string): number {
  const weights: Record<string, number | undefined> = fitted.weights;
  const weight = weights[id] ?? HAND_SET_WEIGHTS[id];
  if (weight === undefined) throw new Error(`fact-kinds rule ${id} has neither a fitted nor a hand-set weight`);
  return weight;
}

// "$75,000", "1.25 million", "48,000", "1,650 a month", "$3.1M": an amount of money (not "60%", "1998" or "age 62").
// Each number is read from where its run of digits starts (the lookbehinds), so the step stays linear.
export const MONEY =
  /[$€£]\s?\d|(?<![\d,.])\d[\d,.]*\s?(?:million|billion|[MK])\b|(?<![\d,.])\d{1,3}(?:,\d{3})+\b|(?<![\d,.])\d[\d,.]*\s(?:a|per)\s(?:month|year)\b/;
// A hypothetical opens the sentence (or the quote): "If you sold…", not "…, if the bank asks".
export const HYPOTHETICAL = /(?:^|“)(?:and\s+|so\s+|but\s+)?(?:if|say|suppose|imagine|let's say)\b/i;
/** Characters of a speaker's name, and the marks around it, between a quoted question and its quoted answer. */
const MAX_NAME_GAP = 64;
// "I have 40 minutes", "the call at 3:30": the meeting's own clock, not the client's affairs.
const CLOCK =
  /(?<![\d:.])\d[\d:.]*\s?(?:minutes?|mins?|hours?|hrs?|o'clock|a\.m\.|p\.m\.|am|pm)(?![\p{L}])|\b\d{1,2}:\d{2}\b/iu;

/** A question and its answer quoted with their speakers: Ana: “What's the rent?” Ben: “1,650 a month.” */
export function isExchange(text: string): boolean {
  const question = text.indexOf("?”");
  if (question < 0) return false;
  const answer = text.indexOf(": “", question);
  return answer >= 0 && answer - question <= MAX_NAME_GAP;
}

export const factKinds = ruleTable({
  id: "notes.fact-kinds",
  description:
    "The kind of speech a figure sentence is, beyond how many figures it says: what advisers write down first " +
    "weighs more, a case or the meeting's own clock less.",
  combine: "Every rule that matches multiplies the key point's weight by its own; none gives 1.",
  rules: [
    {
      id: "money-or-written-fact",
      matches:
        "an amount of money, or a fact beyond its figures (a number read out to be written down, a role, a gift, " +
        "how an asset is held)",
      pattern: (text) => MONEY.test(text) || countFacts(text) > countFigures(text),
      effect: "weigh",
      weight: weightOf("money-or-written-fact"),
      examples: [
        { text: "The boat loan has $14,200 left.", expect: true },
        { text: "Her stipend is 2,150 a month.", expect: true },
        { text: "Odile as executor, Bram as trustee.", expect: true, note: "roles, no figure" },
        { text: "He turned 58 in 2019 and saves 6%.", expect: false, note: "an age, a year and a rate" },
      ],
    },
    {
      id: "asked-and-answered",
      matches: "a question and its answer, quoted with their speakers",
      pattern: isExchange,
      effect: "weigh",
      weight: weightOf("asked-and-answered"),
      examples: [
        { text: "Lena: “What do the tenants pay?” Otto: “1,875 a month.”", expect: true },
        { text: "Otto mentioned 1,875 a month.", expect: false },
      ],
    },
    {
      id: "hypothetical",
      matches: "a case set out at the start of the sentence or quote (if, say, suppose, imagine)",
      pattern: HYPOTHETICAL,
      effect: "weigh",
      weight: weightOf("hypothetical"),
      examples: [
        { text: "If you sold the cottage at 420,000, the gain is about 90,000.", expect: "If" },
        { text: "Say the bank lends 300,000, then the rest is yours.", expect: true },
        { text: "The loan number is 88-2291-04, if the bank asks.", expect: false, note: "a condition after the fact" },
      ],
    },
    {
      id: "meeting-clock",
      matches: "minutes, hours or a clock time: the meeting's own time, not the client's affairs",
      pattern: CLOCK,
      effect: "weigh",
      weight: weightOf("meeting-clock"),
      examples: [
        { text: "I only have 25 minutes before my shift.", expect: "25 minutes" },
        { text: "Let's talk again at 4:30.", expect: "4:30" },
        { text: "Let's talk about the 430 shares.", expect: false },
      ],
    },
  ],
});
