// The figures written in one sentence: amounts, rates, years and numbers read out ("612-555-0148"), each with its
// place, its value and how the notes write it; a day of a month, a street number or a plan's name is no figure.
// Pairs of number words said as amounts ("seven thirty-five" → 735,000) count where money is talked of.

import {
  alternation,
  DIGIT_WORDS,
  isPlanOrFormNumber,
  MONTHS,
  NAMED_BY_NUMBER,
  NUMBER_UNITS,
} from "../../language/lexicon";
import { lexiconRegExp } from "../../language/patterns";
import type { Sentence } from "../../language/sentences";
import { centsSaidAfter, eachSaidAfter, shareOf } from "./figure-said-after";
import { countedAfter } from "./measured-things.rules";
import { shorthandAmounts } from "./shorthand-amounts";
import { writeNumbersAsFigures } from "./spoken-numbers";

const FIGURE = /[$€£]?\d[\d,]*(?:\.\d+)?(?:%| percent| million| billion|k\b)?/g;
const MONTH_BEFORE = lexiconRegExp(`\\b${alternation(MONTHS)}\\s$`, "i");
const NAMES_BY_NUMBER_AFTER = lexiconRegExp(`^ ${alternation(NAMED_BY_NUMBER)}\\b`, "i");
// "612-555-0148", "4471-0038-2291", "TL-80317-H": two or more groups joined by hyphens.
// After a letter prefix and five digits or more, the groups after may be one character ("TL-80317-H") or none
// ("AB-44712"); a shorter one is a model or a form ("F-150", "SSA-1099").
const IDENTIFIER = /\b(?:[A-Z]{1,4}-\d{5,}(?:-[\dA-Z]+){0,3}|\d{2,}(?:-[\dA-Z]{2,}){1,3})\b/g;
export const PERIOD =
  /^[\s,]*(?:a|per|each|every|an)\s+(year|month|week|quarter)\b|^[\s,]*(annually|monthly|yearly|weekly)\b/i;

// "4,000 shares", "14 employees", "3,000 and 4,000 shares", "8,000 incentive stock options": a count of things, not an amount, whatever the sentence
// says of money.
const COUNTED =
  /^(?:\s+(?:and|or|to)(?:\s+(?:at|about))?\s+\d[\d,.]*)?\s+(?:(?:more|fewer|other|new|vested|unvested|restricted|full-time|part-time|incentive|nonqualified|non-qualified|employee|stock|common|preferred)\s+){0,2}(?:shares?|units?|employees?|people|staff|clients?|customers?|patients?|miles?|hours?|days?|acres?|square|sq|options?|RSUs?|stocks?|trucks?|cars?|homes?|houses?|properties|pages?|words?|calls?|visits?|members?|lbs|gallons?|tons?|kilos?|kilograms?|feet|foot|meters?|metres?)\b/i;
// "over six thousand pounds gross vehicle weight", "2,400 square feet": a unit said right after the figure is written
// with it ("6,000 pounds"): the bare number would read as dollars where money is talked of. "Pounds" may be a weight
// or money ("a pension pot of 412,000 pounds"): written as said, it is right either way.
const UNIT =
  /^\s+(pounds|lbs|gallons?|tons?|kilos?|kilograms?|acres?|miles?|square\s+(?:feet|foot|meters?|metres?)|sq\.?\s*ft\.?|feet|foot|meters?|metres?)\b/i;

export interface Found {
  identifier: boolean;
  value: number;
  display: string;
  money: boolean;
  percent: boolean;
  year: boolean;
  start: number;
  end: number;
  /** Where the words after the figure that may say its period start: after the last of alternatives said together. */
  periodFrom: number;
  /** Said as hundreds and read as thousands ("four ninety-five" → 495,000). */
  scaled: boolean;
  /** What an amount is said for each of: "each" ("a hundred thousand each"), "per vest". */
  each?: string;
}

/** The words a number after them names: a form, a schedule, a section or a line of one. */
const NUMBERED_BEFORE = /\b(?:form|schedule|section|line)\s$/i;
/** A number from two to nine said as a word: a count, where a counted thing follows it. */
const COUNT_WORD = lexiconRegExp(`\\b${alternation(DIGIT_WORDS.slice(1))}\\b`, "gi");

/** The figures written in a sentence, and amounts said as pairs of number words where money is talked of. */
export function figuresIn(written: string, moneyTalk: boolean, millionsJustSaid?: number): Found[] {
  const found: Found[] = [];
  // A number read out to be written down (a phone, account or reference number) is a fact as it stands.
  const ids = [...written.matchAll(IDENTIFIER)].map((m) => ({ start: m.index, end: m.index + m[0].length, raw: m[0] }));
  for (const id of ids) {
    found.push({
      value: 0,
      display: id.raw,
      money: false,
      percent: false,
      year: false,
      identifier: true,
      periodFrom: id.end,
      scaled: false,
      ...id,
    });
  }
  let centsUntil = 0;
  for (const match of written.matchAll(FIGURE)) {
    // "a 529, college savings": the comma after a number ends the clause, it is no digit group.
    let raw = match[0];
    while (raw.endsWith(",")) raw = raw.slice(0, -1);
    const start = match.index;
    const end = start + raw.length;
    if (ids.some((id) => start >= id.start && start < id.end) || start < centsUntil) continue;
    const before = written.charAt(start - 1);
    const next = written.charAt(end);
    // Part of a phone, account or clock number, a plan's name ("401(k)") or a word ("W-2").
    if (/[-:/\w]/.test(before) || /^[-:/(\w]/.test(next)) continue;
    // A day of a month ("October 30") or a street number ("2210 Larkspur Lane"): no figure.
    if (
      !/^[$€£]/.test(raw) &&
      (MONTH_BEFORE.test(written.slice(Math.max(0, start - 12), start)) ||
        /^ \p{Lu}\p{Ll}/u.test(written.slice(end, end + 3)))
    )
      continue;
    const digits = raw.replace(/^[$€£]/, "").replace(/%| percent| million| billion|k$/g, "");
    if (isPlanOrFormNumber(digits) && !raw.startsWith("$") && !raw.includes("%")) continue;
    // "the 645 election": a bare number naming the form or election said right after it.
    if (/^\d+$/.test(raw) && NAMES_BY_NUMBER_AFTER.test(written.slice(end, end + 16))) continue;
    // "Form 2553", "Schedule 1", "section 121": a number right after the word it numbers names a form or a rule.
    if (/^\d+$/.test(raw) && NUMBERED_BEFORE.test(written.slice(Math.max(0, start - 10), start))) continue;
    let value = Number(digits.replace(/,/g, ""));
    if (!Number.isFinite(value)) continue;
    if (raw.endsWith("million")) value *= 1_000_000;
    else if (raw.endsWith("billion")) value *= 1_000_000_000;
    else if (raw.endsWith("k")) value *= 1000;
    else if (!/^[$€£]/.test(raw) && !raw.endsWith("%") && value === millionsJustSaid) {
      // "Revenue was about $3.1 million?" "Three point one, yeah.": the amount just said, in its millions.
      found.push({ ...inMillions(value, raw), start, end, periodFrom: end });
      continue;
    }
    // "$4 and ten cents" is $4.10, one figure.
    const cents = /^[$]\d+$/.test(raw) ? centsSaidAfter(written.slice(end)) : null;
    const said = end + (cents?.length ?? 0);
    if (cents) [value, centsUntil] = [value + cents.cents / 100, said];
    const percent = raw.endsWith("%") || raw.endsWith("percent");
    const perPeriod = PERIOD.test(written.slice(end, end + 40)) || /^\s*(?:dollars|bucks)\b/i.test(written.slice(end));
    // "two thousand a month": said per a period, a number is no year.
    const year = !percent && !perPeriod && !/^[$€£]/.test(raw) && /^(?:19|20)\d\d$/.test(digits);
    const money =
      !percent && !year && (/^[$€£]/.test(raw) || (moneyTalk && value >= 100 && !COUNTED.test(written.slice(end))));
    const unit = percent || year || /^[$€£]/.test(raw) ? null : UNIT.exec(written.slice(end, end + 24));
    // "six hundred and ten" for an account said where money is talked of: thousands, as people round them.
    const scaled =
      money && !unit && !/^[$€£]/.test(raw) && value >= 100 && value < 1000 && !perPeriod && Number.isInteger(value);
    if (scaled) value *= 1000;
    // A small number is no figure, but for a count of a business's staff ("9 employees").
    if (!money && !percent && !year && value < 10 && !countedAfter(written.slice(end), ["staff"])) continue;
    const share = percent ? shareOf(written.slice(end)) : null;
    // "a hundred and twenty thousand dollars each": one of several alike, not the sum.
    const each = money ? eachSaidAfter(written.slice(said)) : null;
    found.push({
      value,
      display: unit
        ? `${display(value, false, false, raw)} ${unit[1]!.replace(/\s+/g, " ")}`
        : `${display(value, money, percent, raw)}${share ? ` of ${share}` : ""}`,
      ...(each ? { each } : {}),
      money,
      percent,
      year,
      identifier: false,
      start,
      end: unit ? end + unit[0].length : said,
      periodFrom: unit ? end + unit[0].length : said,
      scaled,
    });
  }
  // "nine employees": a business's staff counted in a word (small numbers stay words). "Two kids", "two options" said
  // so are most often in passing, or choices.
  for (const match of written.matchAll(COUNT_WORD)) {
    const end = match.index + match[0].length;
    if (!countedAfter(written.slice(end), ["staff"])) continue;
    const value = NUMBER_UNITS[match[0].toLowerCase()]!;
    const plain = { money: false, percent: false, year: false, identifier: false, scaled: false };
    found.push({ value, display: String(value), ...plain, start: match.index, end, periodFrom: end });
  }
  found.sort((a, b) => a.start - b.start);
  if (moneyTalk) {
    const pairs = shorthandAmounts(written);
    // "three sixty-nine, 900": the hundreds belong to the amount the pair starts, not to a figure of their own.
    // Pairs do not overlap, so marking their insides is one pass over the text.
    const insidePair = new Uint8Array(written.length);
    for (const pair of pairs) insidePair.fill(1, pair.start + 1, pair.end);
    const kept = found.filter((figure) => insidePair[figure.start] !== 1);
    found.length = 0;
    found.push(...kept);
    for (const pair of pairs) {
      const said = pair.value;
      if (isPlanOrFormNumber(String(said))) continue;
      const perPeriod = PERIOD.test(written.slice(pair.end, pair.end + 40));
      // "a four ninety-five transfer fee" is $495: a fee or a charge is said as it is, not in thousands.
      const scaled = said < 1000 && !perPeriod && !namesFeeNext(written, pair.end);
      const value = scaled ? said * 1000 : said;
      found.push({
        value,
        display: display(value, true, false, ""),
        money: true,
        percent: false,
        year: false,
        identifier: false,
        start: pair.start,
        end: pair.end,
        periodFrom: pair.end,
        scaled,
      });
    }
    found.sort((a, b) => a.start - b.start);
  }
  return withAlternativesAlike(asRanges(found, written), written);
}

/** "seven to eight thousand", "$1.6 million to $2.2 million": the words between a range's two ends. */
const RANGE_GAP = /^\s*(?:to|-|–)\s*$/;
/** "went from 5,400 to 6,150": a change from one figure to another, no range. */
const CHANGE_FROM = /\bfrom\s+(?:about\s+|around\s+|roughly\s+)?$/i;

/**
 * Two amounts or two percentages joined by "to", the second the larger, are one figure: a range ("$7,000 to
 * $8,000"), said of one thing. One pass over neighbouring pairs: linear.
 */
function asRanges(found: Found[], written: string): Found[] {
  const out: Found[] = [];
  for (let k = 0; k < found.length; k++) {
    const a = found[k]!;
    const b = found[k + 1];
    const range =
      b !== undefined &&
      a.money === b.money &&
      a.percent === b.percent &&
      (a.money || a.percent) &&
      !a.year &&
      !b.year &&
      !a.identifier &&
      !b.identifier &&
      a.value < b.value &&
      RANGE_GAP.test(written.slice(a.end, b.start)) &&
      !CHANGE_FROM.test(written.slice(Math.max(0, a.start - 24), a.start));
    if (!range) {
      out.push(a);
      continue;
    }
    out.push({ ...b, display: `${a.display} to ${b.display}`, start: a.start });
    k++;
  }
  return out;
}

// Between two amounts said as one value's alternatives: a comma, "or", "to", or a correction ("five-twenty a year,
// sorry, five-forty").
const ALTERNATIVES_GAP = /^(?:[\s,—–-]|\b(?:or|to|sorry|no|i mean|actually|make that)\b)*$/i;
/** Characters between two alternatives, at most. */
const MAX_ALTERNATIVES_GAP = 40;

/**
 * Amounts said as alternatives of one value ("call it two-forty, two-fifty a month", "five-twenty a year, sorry,
 * five-forty") share a scale and a period: a period said after either is said of both, and then neither is read as
 * thousands. One pass over neighbouring pairs: linear.
 */
function withAlternativesAlike(found: Found[], written: string): Found[] {
  for (let k = 0; k + 1 < found.length; k++) {
    const a = found[k]!;
    const b = found[k + 1]!;
    if (!(a.money && b.money) || written.charAt(a.start) === "$" || written.charAt(b.start) === "$") continue;
    // The first one's period may come between them ("five-twenty a year, sorry, five-forty").
    const gap = written.slice(a.end, b.start).replace(PERIOD, "");
    if (gap.length > MAX_ALTERNATIVES_GAP || !ALTERNATIVES_GAP.test(gap)) continue;
    const saidA = a.scaled ? a.value / 1000 : a.value;
    const saidB = b.scaled ? b.value / 1000 : b.value;
    if (Math.max(saidA, saidB) > 1.5 * Math.min(saidA, saidB)) continue;
    const periodA = PERIOD.test(written.slice(a.end, a.end + 40));
    const periodB = PERIOD.test(written.slice(b.end, b.end + 40));
    if (!(periodA || periodB)) continue;
    for (const figure of [a, b]) {
      if (figure.scaled) Object.assign(figure, { value: figure.value / 1000, scaled: false });
      figure.display = display(figure.value, true, false, "");
    }
    if (periodB && !periodA) a.periodFrom = b.end;
    if (periodA && !periodB) b.periodFrom = a.end;
  }
  return found;
}

/**
 * The text with its amounts written as the notes write figures ("fifty-one fifty" → "$5,150", "95,000" → "$95,000")
 * where money is talked of. An amount said in hundreds is left as said: reading it as thousands is a guess a sentence
 * the advisor sends should not make. Numbers must already be figures (./spoken-numbers.ts).
 */
export function writeAmounts(written: string, moneyTalk: boolean): string {
  if (!moneyTalk) return written;
  let out = "";
  let from = 0;
  for (const figure of figuresIn(written, true)) {
    if (!figure.money || figure.identifier || figure.scaled || figure.value < 1000 || figure.start < from) continue;
    out += written.slice(from, figure.start) + figure.display;
    from = figure.end;
  }
  return out + written.slice(from);
}

export function display(value: number, money: boolean, percent: boolean, raw: string): string {
  if (percent) return `${raw.replace(/%| percent/, "")}%`;
  // Said in millions, it is written so, to the thousand ("2.115 million"); else to the ten thousand.
  const saidInMillions = raw.endsWith("million") && Number.isInteger(value / 1_000);
  if (value >= 1_000_000 && (saidInMillions || Number.isInteger(value / 10_000))) {
    const millions = value / 1_000_000;
    return `${money ? "$" : ""}${Number(millions.toFixed(3))} million`;
  }
  const sign = /^[€£]/.test(raw) ? raw.charAt(0) : money ? "$" : "";
  const year = /^(?:19|20)\d\d$/.test(String(value)) && !money;
  // Dollars and cents are written with both digits of the cents ("$4.10", not "$4.1").
  const cents = money && !Number.isInteger(value) ? 2 : 0;
  const digits = { maximumFractionDigits: 2, minimumFractionDigits: cents };
  return `${sign}${year ? String(value) : value.toLocaleString("en-US", digits)}`;
}

function inMillions(millions: number, raw: string): Omit<Found, "start" | "end" | "periodFrom"> {
  const value = millions * 1_000_000;
  return {
    value,
    display: display(value, true, false, `${raw} million`),
    money: true,
    percent: false,
    year: false,
    identifier: false,
    scaled: false,
  };
}

/** The percentages this sentence's speaker said in it and the `back` sentences just before, as numbers. */
export function percentsJustSaid(
  sentences: readonly Sentence[],
  sentence: Sentence,
  written: string,
  back: number,
): Set<number> {
  const values = new Set<number>();
  for (let k = 0; k <= back; k++) {
    const earlier = sentences[sentence.index - k];
    if (!earlier || earlier.speaker !== sentence.speaker) break;
    const text = k === 0 ? written : writeNumbersAsFigures(earlier.text);
    for (const figure of figuresIn(text, false)) if (figure.percent) values.add(figure.value);
  }
  return values;
}
/** Words naming a small payment said as it is ("a four ninety-five transfer fee", "a one-fifty charge"). */
export const FEE_WORDS = new Set(
  "fee fees charge charges copay copays fine penalty payment payments bill bills deductible".split(" "),
);

/** Words after a figure read for a fee word. */
const FEE_WORDS_AFTER = 3;
/** True when one of the few words after the figure names a fee; a word at a time, bounded. */
function namesFeeNext(text: string, end: number): boolean {
  const words = text
    .slice(end, end + 60)
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean)
    .slice(0, FEE_WORDS_AFTER);
  return words.some((w) => FEE_WORDS.has(w));
}

/** Words between a number and the one it is told apart from ("110, not 100"). */
const TOLD_APART = /^[\s,]*(?:not|or)[\s,]+$/i;
/**
 * "… a hundred and ten percent … it's a hundred ten, not a hundred": a number said again without its "percent", just
 * after the speaker said it as a percentage, is that percentage said again, no figure of its own; nor is the number it
 * is told apart from.
 */
export function withoutPercentsSaidAgain(found: Found[], written: string, percentsSaid: ReadonlySet<number>): Found[] {
  if (percentsSaid.size === 0) return found;
  const plain = (f: Found) => !f.percent && !f.identifier && !/^[$€£]/.test(written.slice(f.start, f.end));
  const again = found.map((f) => plain(f) && percentsSaid.has(f.scaled ? f.value / 1000 : f.value));
  return found.filter((f, k) => {
    const prev = found[k - 1];
    const apart = prev !== undefined && again[k - 1] && plain(f) && TOLD_APART.test(written.slice(prev.end, f.start));
    return !again[k] && !apart;
  });
}

/** "went up 18 percent", "rose by about 5%": a percentage said as the size of a change. */
const CHANGED_BY =
  /\b(?:(?:went|go|goes|going|gone|is|was)\s+(?:up|down)|rose|fell|increased|decreased|jumped|dropped|climbed|grew)\s+(?:by\s+)?(?:about\s+|around\s+|roughly\s+|like\s+|almost\s+|nearly\s+)?$/i;
/** Characters read before a percentage for the words of change. */
const CHANGE_WORDS = 40;

/**
 * "The premium went up 18 percent, to 2,400 dollars a year": the percentage is by how much the amount changed, no
 * figure of what the sentence names ("Premium: 18%" is wrong); dropped where the sentence says the amount too.
 */
export function withoutChangeSizes(found: Found[], written: string): Found[] {
  if (!found.some((f) => f.money)) return found;
  return found.filter(
    (f) => !(f.percent && CHANGED_BY.test(written.slice(Math.max(0, f.start - CHANGE_WORDS), f.start))),
  );
}
