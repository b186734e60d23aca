import {
  alternation,
  DOLLAR_WORDS,
  HUNDRED,
  lexiconRegExp,
  MONTHS,
  NUMBER_SCALES,
  NUMBER_SHARES,
  NUMBER_UNITS,
  PERCENT_WORDS,
  PERIOD_WORDS,
  RELATIVE_DAYS,
  splitWords,
  stemWord,
  TENS_WORDS,
  WEEKDAYS,
} from "../../language";
import { mentionsName } from "../understand/proper-names";
import { RATE_UNITS, textTerms } from "../understand/question-terms";
import { SAME_SENSE } from "../understand/same-sense";
import type { QuestionKind } from "../understand/understand-question";

// Features of the kinds of fact a question asks for. Flat alternations between word boundaries (linear).
const SCALES = [HUNDRED, ...Object.keys(NUMBER_SCALES)];
/** Teens said as amounts far more often than as counts ("eleven hundred", "fifteen thousand"). */
const AMOUNT_TEENS = Object.keys(NUMBER_UNITS).filter((word) => [11, 12, 15].includes(NUMBER_UNITS[word]!));
const AMOUNT = lexiconRegExp(
  `\\d|\\$|€|£|\\b${alternation([PERCENT_WORDS[0]!, ...SCALES, ...DOLLAR_WORDS.slice(0, 2), ...TENS_WORDS, ...AMOUNT_TEENS, ...Object.keys(NUMBER_SHARES)])}\\b`,
  "i",
);
/** Amounts of money, shares or rates ("$48,000", "seventy thousand", "3.4 percent"), not a count of months. */
export const MONEY_OR_SHARE =
  /\$|€|£|%|\d{3}|\d,\d|\d\.\d|\b(?:percent|thousand|hundred|million|billion|dollars?|bucks|k)\b/i;
/** A share or a rate said as one ("6.5%", "three point one percent", "4.25"). */
const SHARE = lexiconRegExp(
  `%|\\d\\.\\d|\\b${alternation(PERCENT_WORDS)}\\b|\\bpoint\\s+(?:${alternation(Object.keys(NUMBER_UNITS).slice(0, 10))})\\b`,
  "i",
);
/** Retirement plans named by their tax-code section ("401(k)", "403 B", "457b"): names, not amounts. */
// Only the sections plans are named by: "1,450 a month" and "450k" are sums.
const PLAN_NAME = /(?<![\d,.$])\b(?:401|403|409|457)(?:\(?[abk]\)?|\s[abk])(?![\p{L}\d])/giu;

/** Tax forms named by their number ("1099-R", "SSA-1099", "W-2", "Form 8606"): names, not amounts. */
const FORM_NAME = /\b(?:\d{3,4}-[a-z]{1,3}|[a-z]{2,4}-\d{3,4}|w-?2|form\s+\d{3,4})(?![\p{L}\d])/giu;

/**
 * A house number before its street ("2210 Larkspur", "18 Elm Street"): digits alone, then a capitalised word that is
 * no month. Names a place, states no amount.
 */
const HOUSE_NUMBER = lexiconRegExp(
  `(?<![\\p{L}\\d$€£.,])\\d{1,5}\\s+(?!(?:${alternation(MONTHS.map((m) => m[0]!.toUpperCase() + m.slice(1)))})\\b)(?=\\p{Lu}\\p{Ll})`,
  "gu",
);

/** The text with plan, tax-form and house numbers written as words: they name a thing, they state no amount. */
const withoutNumberedNames = (text: string) =>
  text.replace(PLAN_NAME, "plan").replace(FORM_NAME, "form").replace(HOUSE_NUMBER, "number ");

/** True when the text states an amount of money, a share or a rate (a plan's or a form's number is no amount). */
export function statesFigure(text: string): boolean {
  const plain = withoutNumberedNames(text);
  return MONEY_OR_SHARE.test(plain) || (TENS.test(plain) && RATE.test(plain));
}
/** Tens said as words ("fifty-one twenty"), and a rate after them ("a month"): a spoken amount like "$5,120 a month". */
const TENS = lexiconRegExp(`\\b${alternation(TENS_WORDS)}\\b`, "i");
const RATE = /\b(?:a|per|each|every)\s+(?:month|year|week|quarter)\b|\b(?:monthly|annually|yearly)\b/i;
/** True when the text states a share or a rate ("6.5%", "three point one percent"). */
export const statesShare = (text: string) => SHARE.test(text);
/** A number of things, in digits or in words ("14", "fourteen", "a dozen"). */
export const COUNT = lexiconRegExp(
  `\\d|\\b${alternation([...Object.keys(NUMBER_UNITS).slice(2), ...TENS_WORDS, HUNDRED, "dozen"])}\\b`,
  "i",
);
// "May" is left out here: as a word it is most often the verb ("we may sell").
const DATE = lexiconRegExp(
  `\\b(?:${alternation(MONTHS.filter((m) => m !== "may"))}|${alternation(WEEKDAYS)}|${alternation(RELATIVE_DAYS)}|${alternation(PERIOD_WORDS)}|weekend|deadline|spring|summer|autumn|fall|winter)\\b|\\b(?:19|20)\\d\\d\\b|\\b\\d{1,2}(?:st|nd|rd|th)\\b`,
  "i",
);
/**
 * A day on the calendar ("October 10th", "Thursday", "the 17th", "10/14"), which answers "when" better than a span
 * ("in about three weeks", "next month").
 */
export const CALENDAR_DAY = lexiconRegExp(
  `\\b(?:${alternation(MONTHS)}|${alternation(WEEKDAYS)}|${alternation(RELATIVE_DAYS.filter((d) => d !== "yesterday"))})\\b|\\b\\d{1,2}(?:st|nd|rd|th)\\b|\\b\\d{1,2}\\/\\d{1,2}\\b|\\b(?:19|20)\\d\\d-\\d\\d-\\d\\d\\b`,
  "i",
);
/** Words that say a decision or a conclusion was reached ("we agreed", "her conclusion is", "let's go ahead"). */
const DECISION =
  /\b(?:agree|agreed|agreement|conclude|concluded|conclusion|decide|decided|decision(?![-\s]makers?\b)|recommend|recommendation|go ahead|settled|approve|approved|confirm|confirmed|commit|committed|deal|let's)\b/i;
/** Words of what someone will do: a plan or a promise, half a decision ("I'll call them after this"). */
const INTENTION = /\b(?:will|won't|we'll|i'll|you'll|he'll|she'll|they'll|going to|plan to)\b/i;
const FIRST_PERSON_INTENTION = /\b(?:i'll|we'll|i will|we will|i'm going to|we're going to|let me)\b/i;

/**
 * True when the sentence's only sign of a decision is its speaker's own "I'll …": what they will do, which is no
 * decision of someone else the question names ("What did Dr. Okoro conclude?" — "I'll get her on Dr. Okoro's
 * schedule").
 */
export function speakersOwnIntention(text: string): boolean {
  const normal = text.replace(/’/g, "'");
  return !DECISION.test(normal) && FIRST_PERSON_INTENTION.test(normal);
}

/** Digits that name something: a phone, account or policy number ("651-555-0142", "4471 0038", "Z48-19362"). */
export const IDENTIFIER = /\b\d{3,}[-. ]\d{3,}|\d{6,}|\b[A-Z]{1,3}\d{2,}-?\d{3,}/;
const FIRST_PERSON_COMMITMENT = /\b(?:i'll|i will|i can|i'm going to|i am going to|let me)\b/i;
/** A word that is (part of) an amount: digits, a currency sign, or a number word of money ("thousand", "forty"). */
const FIGURE_WORD = lexiconRegExp(
  `\\d|\\$|€|£|%|^${alternation([PERCENT_WORDS[0]!, ...SCALES, ...DOLLAR_WORDS, ...Object.keys(NUMBER_UNITS).slice(1), ...TENS_WORDS])}\\b`,
  "i",
);
/**
 * One word that is a plan's or a form's number ("401(k)", "1099-R"), or a retirement or college plan said by its
 * number alone ("the 457", "her 529"): a name, no figure.
 */
const NUMBERED_NAME_WORD = /^\W*(?:\d{3}\(?[abk]\)?|\d{3,4}-[a-z]{1,3}|w-?2|(?:401|403|457|529)s?)\W*$/i;
/** Units of time: a rate ("a year") says when, not what, so it ties no figure to what was asked. */
const TIME_UNITS = new Set([...RATE_UNITS.keys(), ...RATE_UNITS.values()]);
const REFERRING_START = /^(?:it|it's|it’s|that|that's|that’s|this|they|they're|they’re|which)\b/i;
/** How far (in words) a figure may stand from a word of the question and still be the figure asked for. */
export const FIGURE_REACH = 8;
/** A sentence this short is all answer: its figure is what the sentences before it were about. */
const ELLIPTIC_WORDS = 8;

/**
 * True when a figure in the sentence stands within FIGURE_REACH words of one of the question's words (or another word
 * for it, see same-sense.ts), or the sentence is short: "Gideon pays out the distribution, about seventeen thousand, and we'll do your church giving as a
 * QCD" states a figure, but not the church giving's.
 */
export function figureNearTerms(text: string, terms: readonly string[], before = ""): boolean {
  const words = text.split(" ").filter(Boolean);
  if (words.length <= ELLIPTIC_WORDS) return true;
  const own = terms.filter((t) => !TIME_UNITS.has(t));
  // A word said in other words ("what will it cost" — "the premium is $5,900") is near its figure as itself is.
  const asked = new Set([...own, ...own.flatMap((t) => SAME_SENSE.get(t) ?? [])]);
  // A sentence opening on a pronoun ("It pays up to ten thousand a month.") is about what was said just before it.
  if (REFERRING_START.test(text) && [...textTerms(before)].some((t) => asked.has(t))) return true;
  let lastFigure = -Infinity;
  let lastTerm = -Infinity;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (FIGURE_WORD.test(word) && !NUMBERED_NAME_WORD.test(word)) {
      if (i - lastTerm <= FIGURE_REACH) return true;
      lastFigure = i;
    }
    const bare = splitWords(word);
    if (bare.some((w) => asked.has(stemWord(w)))) {
      if (i - lastFigure <= FIGURE_REACH) return true;
      lastTerm = i;
    }
  }
  return false;
}

/** Which of the asked kinds of fact the sentence holds (0 to 1; 0 when the question asks for none). */
export function kindMatch(
  text: string,
  speaker: string | null,
  kinds: readonly QuestionKind[],
  /** The meeting's names (namesWrittenIn): a sentence may start with one ("Carmen."). */
  known?: ReadonlySet<string>,
): number {
  if (kinds.length === 0) return 0;
  const normal = text.replace(/’/g, "'");
  let hits = 0;
  for (const kind of kinds) {
    if (kind === "amount" && AMOUNT.test(withoutNumberedNames(normal))) hits += statesFigure(normal) ? 1 : 0.5;
    else if (kind === "share" && SHARE.test(normal)) hits++;
    else if (kind === "count" && COUNT.test(normal)) hits++;
    else if (kind === "identifier" && IDENTIFIER.test(normal)) hits++;
    else if (kind === "when" && DATE.test(normal)) hits += CALENDAR_DAY.test(normal) ? 1 : 0.5;
    else if (kind === "decision" && DECISION.test(normal)) hits++;
    else if (kind === "decision" && INTENTION.test(normal)) hits += 0.5;
    else if (
      kind === "who" &&
      (mentionsName(normal, known) || (speaker !== null && FIRST_PERSON_COMMITMENT.test(normal)))
    )
      hits++;
  }
  return hits / kinds.length;
}
