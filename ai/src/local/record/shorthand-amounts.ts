// Amounts said as two pairs of number words, the way people read prices aloud: "five sixty" for 560 (thousand),
// "sixteen fifty" for 1,650 a month. The same words can be a clock time ("four fifteen") or a year ("nineteen
// ninety"), so a pair counts as an amount only where the sentence or the turn before says money, or where no clock
// could read it (minutes of 60 and over, hours over 12). One pass over the words: linear in the text.

import { NUMBER_TENS, NUMBER_UNITS } from "../../language/lexicon";

// "one" to "eighteen": "nineteen" opens a year ("nineteen ninety"), never a price.
const HIGH = new Map(Object.entries(NUMBER_UNITS).filter(([, value]) => value >= 1 && value <= 18));
const TEN_VALUE = new Map(Object.entries(NUMBER_TENS));
/** Words that say a figure is money. */
const MONEY =
  /[$€£]|\b(?:worth|value[ds]?|rent|rents|costs?|price[ds]?|pays?|paid|payments?|premium|polic(?:y|ies)|fee|dues|balance|owe[sd]?|salary|incomes?|support|alimony|dollars?|bucks|a (?:month|year)|per (?:month|year)|monthly|annually|apprais(?:ed|al|als)|sold|sell|offer(?:ed)?|accounts?|ira|iras|401\(?k\)?|403\(?b\)?|457|529|brokerage|savings|mortgage|equity|portfolio|pension|annuity|loans?|tuition|budget|thousand|million|grand|house|home|condo|property|estate|ebitda|revenues?|profits?|earnings|valuation|debts?|payroll|gifts?|give|gives|gave|giving|donat(?:e|es|ed|ing|ion|ions)|charged?|charges|costing)\b/i;

/** "sixty" → 60, "twenty-five" → 25, "fifteen" → 15: the low half of a pair (10 to 99), else null. */
function lowValue(word: string): number | null {
  const [tens, unit, extra] = word.split("-");
  if (extra !== undefined || tens === undefined) return null;
  const ten = TEN_VALUE.get(tens);
  if (ten === undefined) {
    const teen = HIGH.get(tens);
    return unit === undefined && teen !== undefined && teen >= 10 ? teen : null;
  }
  if (unit === undefined) return ten;
  const u = HIGH.get(unit);
  return u !== undefined && u < 10 ? ten + u : null;
}

/** "five" → 5: a single digit said after a number of ten or more ("eleven-nine", "twenty-nine five"), else null. */
function digitValue(word: string): number | null {
  const digit = HIGH.get(word);
  return digit !== undefined && digit < 10 ? digit : null;
}

/** "three-ten" → [3, 10], "eleven-nine" → [11, 9]: a pair said as one hyphenated word. */
function hyphenatedPair(word: string): [number, number] | null {
  const cut = word.indexOf("-");
  if (cut < 0) return null;
  const high = HIGH.get(word.slice(0, cut));
  if (high === undefined) return null;
  const low = lowValue(word.slice(cut + 1)) ?? (high >= 10 ? digitValue(word.slice(cut + 1)) : null);
  return low !== null ? [high, low] : null;
}

/** The value of a pair: hundreds and tens ("seven thirty-five"), or thousands and hundreds ("eleven-nine"). */
const said = (high: number, low: number) => ({
  high,
  low,
  value: low < 10 ? high * 1000 + low * 100 : high * 100 + low,
});

/** The high half of a pair: "five" → 5, "sixteen" → 16, "fifty-one" → 51 (not a bare ten: "twenty twenty" is a year). */
function highValue(word: string): number | null {
  const single = HIGH.get(word);
  if (single !== undefined) return single;
  const [tens, unit, extra] = word.split("-");
  const ten = TEN_VALUE.get(tens ?? "");
  const u = HIGH.get(unit ?? "");
  return ten !== undefined && u !== undefined && u < 10 && extra === undefined ? ten + u : null;
}

/** The token's length without the marks after its last letter or digit; a walk from the end, linear. */
function wordLength(token: string): number {
  let end = token.length;
  while (end > 0 && !/[\p{L}\p{N}]/u.test(token.charAt(end - 1))) end--;
  return end;
}

const bare = (word: string) => word.replace(/^[^a-z]+|(?<![^a-z])[^a-z]+$/g, "");

/** A pair said in the text, with where its words start and end. */
export interface ShorthandAmount {
  high: number;
  low: number;
  /** What the pair says: 735 for "seven thirty-five"; 29,500 for "twenty-nine five" (thousands, then hundreds). */
  value: number;
  start: number;
  end: number;
}

/**
 * The pairs said in the text with their places ("the house is seven thirty-five" → 735 at "seven thirty-five");
 * years ("nineteen ninety") and numbers split by punctuation ("twenty-five, thirty") are left out.
 */
export function shorthandAmounts(text: string): ShorthandAmount[] {
  const tokens = [...text.matchAll(/\S+/g)].map((m) => ({
    raw: m[0].toLowerCase(),
    start: m.index,
    // Where the word ends: a comma or stop after it is no part of the amount.
    end: m.index + wordLength(m[0]),
  }));
  const words = tokens.map((t) => bare(t.raw));
  const pairs: ShorthandAmount[] = [];
  for (let i = 0; i < words.length; i++) {
    const joined = hyphenatedPair(words[i]!);
    if (joined) {
      pairs.push({ ...said(joined[0], joined[1]), start: tokens[i]!.start, end: tokens[i]!.end });
      continue;
    }
    const high = highValue(words[i]!);
    const low = lowValue(words[i + 1] ?? "") ?? (high !== null && high >= 10 ? digitValue(words[i + 1] ?? "") : null);
    if (high === null || low === null || /[^a-z]$/.test(tokens[i]!.raw)) continue;
    // A number word on either side makes it a longer number ("two hundred", "one five sixty"), not a pair.
    const before = words[i - 1] ?? "";
    const longer =
      HIGH.has(before) || TEN_VALUE.has(before) || /^(?:hundred|thousand|million)$/.test(words[i + 2] ?? "");
    if (longer) continue;
    const hundreds = high < 10 && low % 10 !== 0 ? hundredsAfter(words, tokens, i + 1) : null;
    if (hundreds) {
      // "three sixty-nine nine", "three sixty-nine, nine hundred": 369,900, thousands and then hundreds.
      const value = (high * 100 + low) * 1000 + hundreds.digit * 100;
      pairs.push({ high, low, value, start: tokens[i]!.start, end: tokens[hundreds.at]!.end });
      i = hundreds.at;
      continue;
    }
    pairs.push({ ...said(high, low), start: tokens[i]!.start, end: tokens[i + 1]!.end });
    i++;
  }
  return pairs;
}

/**
 * The hundreds said after a pair's low word at `low`: a digit word right after it ("sixty-nine nine"), or after a
 * comma a digit word with "hundred" or its figure ("sixty-nine, nine hundred", "sixty-nine, 900"). The digit and
 * the index of the token that ends it, else null. A round ten before a digit ("one twenty five") is 125, not this.
 */
function hundredsAfter(words: string[], tokens: { raw: string }[], low: number): { digit: number; at: number } | null {
  const lowRaw = tokens[low]?.raw ?? "";
  const next = words[low + 1] ?? "";
  if (/[a-z]$/.test(lowRaw)) {
    const digit = digitValue(next);
    // "sixty-nine nine hundred" is a longer number, read as it is said.
    return digit !== null && words[low + 2] !== "hundred" ? { digit, at: low + 1 } : null;
  }
  if (!lowRaw.endsWith(",")) return null;
  const figure = /^([1-9])00[.,;!?]?$/.exec(tokens[low + 1]?.raw ?? "");
  if (figure) return { digit: Number(figure[1]), at: low + 1 };
  const digit = digitValue(next);
  return digit !== null && words[low + 2] === "hundred" ? { digit, at: low + 2 } : null;
}

/** True when the text says money (a currency sign or a word that prices something). */
export const saysMoney = (text: string) => MONEY.test(text);
