// Spoken numbers written as figures, the way a person writing notes would: "four hundred and twelve thousand" →
// "412,000", "one point two five million dollars" → "$1.25 million", "sixty percent" → "60%", "nineteen
// ninety-eight" → "1998". One pass over the words; a run of number words that does not read as one number
// ("thirty-eight four", "ninety-ten") is left as said rather than guessed.

import {
  alternation,
  DOLLAR_WORDS,
  HUNDRED,
  NUMBER_SCALES,
  NUMBER_SHARES,
  NUMBER_TENS,
  NUMBER_UNITS,
  PERCENT_WORDS,
  RATE_WORDS,
  SPOKEN_ZERO,
} from "../../language/lexicon";
import { lexiconRegExp } from "../../language/patterns";

/** Numbers below this stay words ("two accounts", "ten years") unless a scale, decimal, percent or currency says otherwise. */
const SMALLEST_WRITTEN = 11;

interface Token {
  /** The word without the punctuation around it. */
  word: string;
  lead: string;
  trail: string;
  /** The whitespace before it. */
  space: string;
}

const LEADING = new Set(["(", '"', "'", "“", "‘", "$"]);
const TRAILING = new Set([")", '"', "'", "”", "’", ",", ".", ";", ":", "!", "?"]);
const isSpace = (code: number) => code === 32 || (code >= 9 && code <= 13) || code === 160;

/** Words with the whitespace before them and the punctuation around them, read in one pass without regexes. */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < text.length) {
    const spaceStart = at;
    while (at < text.length && isSpace(text.charCodeAt(at))) at++;
    if (at >= text.length) break;
    const start = at;
    while (at < text.length && !isSpace(text.charCodeAt(at))) at++;
    let wordStart = start;
    while (wordStart < at && LEADING.has(text[wordStart]!)) wordStart++;
    let wordEnd = at;
    while (wordEnd > wordStart && TRAILING.has(text[wordEnd - 1]!)) wordEnd--;
    tokens.push({
      space: text.slice(spaceStart, start),
      lead: text.slice(start, wordStart),
      word: text.slice(wordStart, wordEnd),
      trail: text.slice(wordEnd, at),
    });
  }
  return tokens;
}

/** "three-oh-eight" → "308": a figure read digit by digit, with "oh" for the zero. Null for any other word. */
function ohDigits(word: string): string | null {
  const parts = word.toLowerCase().split("-");
  if (parts.length !== 3 || parts[1] !== SPOKEN_ZERO) return null;
  const [high, , low] = parts as [string, string, string];
  const first = NUMBER_UNITS[high];
  const last = NUMBER_UNITS[low];
  return first !== undefined && first >= 1 && first <= 9 && last !== undefined && last <= 9 ? `${first}0${last}` : null;
}

/**
 * "a hundred-seventy-thousand-dollar check": an amount said as one hyphenated word before a thing is read as its
 * words ("hundred seventy thousand dollar"), so it is written "$170,000 check". Any other token as it is.
 */
function amountAdjectiveWords(token: Token): Token[] {
  const said = token.word.split("-");
  const amount = said.slice(0, -1);
  // A scale alone ("a thousand-dollar fee") is said as it is, like "millions of".
  if (!CURRENCY.test(said.at(-1)!) || !amount.every(isNumberWord) || amount.every((w) => SCALE_WORD.test(w))) {
    return [token];
  }
  // "a hundred-seventy-thousand-dollar check": one hundred…, and the "a" before it stays the thing's article.
  const parts = SCALE_WORD.test(said[0]!) ? ["one", ...said] : said;
  return parts.map((word, k) => ({
    space: k === 0 ? token.space : " ",
    lead: k === 0 ? token.lead : "",
    word,
    trail: k === parts.length - 1 ? token.trail : "",
  }));
}

const isNumberWord = (word: string) => {
  const lower = word.toLowerCase();
  if (lower in NUMBER_SCALES || lower === HUNDRED) return true;
  const parts = lower.split("-");
  return parts.length <= 2 && parts.every((part) => part in NUMBER_UNITS || part in NUMBER_TENS);
};

/** The words of a run, hyphenated tens split ("thirty-eight" → "thirty", "eight"). */
function partsOf(words: string[]): string[] {
  return words.flatMap((word) => word.toLowerCase().split("-"));
}

interface Reading {
  value: number;
  /** Digits after the point, as said ("one point two five" → "25"). */
  decimals: string;
  /** "million" or "billion" said after a decimal ("one point two million"): kept as a word. */
  scaleWord: string | null;
  /** A scale, "hundred" or a decimal was said: a figure even when small. */
  sized: boolean;
}

/** Reads a run of number words as one number, or null when it is not one ("four twelve", "twenty twenty"). */
export function readNumber(words: string[]): Reading | null {
  const parts = partsOf(words).filter((part) => part !== "and");
  const point = parts.indexOf("point");
  const whole = point < 0 ? parts : parts.slice(0, point);
  // "a million two", "two million five": a single unit after millions is tenths of them (1.2 million, 2.5 million).
  const [scaleWord, tenth] = whole.slice(-2);
  const tenths =
    point < 0 && whole.length >= 3 && (scaleWord === "million" || scaleWord === "billion") && tenth! in NUMBER_UNITS
      ? NUMBER_UNITS[tenth!]!
      : 0;
  if (tenths > 0 && tenths < 10) {
    const millions = readInteger(whole.slice(0, -1));
    if (millions)
      return {
        value: millions.value / NUMBER_SCALES[scaleWord!]!,
        decimals: String(tenths),
        scaleWord: scaleWord!,
        sized: true,
      };
  }
  const integer = readInteger(whole);
  if (integer === null) return readYear(whole);
  if (point < 0) return { value: integer.value, decimals: "", scaleWord: null, sized: integer.sized };
  let decimals = "";
  let at = point + 1;
  for (; at < parts.length && parts[at]! in NUMBER_UNITS && NUMBER_UNITS[parts[at]!]! < 10; at++)
    decimals += NUMBER_UNITS[parts[at]!];
  const scale = parts[at];
  if (decimals === "" || at < parts.length - 1 || (scale !== undefined && !(scale in NUMBER_SCALES))) return null;
  if (scale === "thousand") {
    return { value: Number(`${integer.value}.${decimals}`) * 1e3, decimals: "", scaleWord: null, sized: true };
  }
  return { value: integer.value, decimals, scaleWord: scale ?? null, sized: true };
}

function readInteger(parts: string[]): { value: number; sized: boolean } | null {
  if (parts.length === 0) return null;
  let total = 0;
  let current = 0;
  let sized = false;
  let lastScale = Number.POSITIVE_INFINITY;
  for (const part of parts) {
    if (part in NUMBER_UNITS) {
      const unit = NUMBER_UNITS[part]!;
      // A unit after units or teens ("four twelve") or after a ten with a teen ("twenty twelve") is two numbers.
      if (current % 10 !== 0 || (current % 100 !== 0 && unit >= 10)) return null;
      current += unit;
    } else if (part in NUMBER_TENS) {
      if (current % 100 !== 0) return null;
      current += NUMBER_TENS[part]!;
    } else if (part === HUNDRED) {
      if (current >= 100 && current % 100 !== 0) return null;
      current = (current === 0 ? 1 : current) * 100;
      sized = true;
    } else if (part in NUMBER_SCALES) {
      const scale = NUMBER_SCALES[part]!;
      if (scale >= lastScale) return null;
      total += (current === 0 ? 1 : current) * scale;
      current = 0;
      lastScale = scale;
      sized = true;
    } else {
      return null;
    }
  }
  return { value: total + current, sized };
}

/** "nineteen ninety-eight" → 1998, "twenty twenty-six" → 2026: a century word then two digits said as a pair. */
function readYear(parts: string[]): Reading | null {
  const [century, ...rest] = parts;
  if ((century !== "nineteen" && century !== "twenty") || rest.length === 0 || rest.length > 2) return null;
  const tail = readInteger(rest);
  if (!tail || tail.sized || tail.value < 10) return null;
  return { value: (century === "nineteen" ? 1900 : 2000) + tail.value, ...noSize };
}
const noSize = { decimals: "", scaleWord: null, sized: false };

function figure(reading: Reading, money: boolean): string {
  if (reading.scaleWord) return `${reading.value}.${reading.decimals} ${reading.scaleWord}`;
  if (reading.decimals) return `${reading.value}.${reading.decimals}`;
  const { value } = reading;
  if (value >= 1e6 && value % 1e4 === 0) {
    const scale = value >= 1e9 ? 1e9 : 1e6;
    return `${value / scale} ${scale === 1e9 ? "billion" : "million"}`;
  }
  // "two thousand nine" is a year unless it is money.
  if (value >= 1900 && value <= 2099 && !money) return String(value);
  return value.toLocaleString("en-US");
}

/**
 * "… and a half" or "… and a quarter" after a number run ending at `at`: after a scale ("a million and a half") a
 * share of that scale; before one ("two and a half million") the share added before scaling, and so before
 * "percent". Nothing otherwise ("two and a half years" stays as said). Reads at most four tokens.
 */
function fractionAfter(
  tokens: readonly { word: string; trail: string; lead: string }[],
  at: number,
  lastWord: string,
): { value: (whole: number) => number; end: number } | null {
  const [and, a, share, scale] = [tokens[at], tokens[at + 1], tokens[at + 2], tokens[at + 3]];
  if (and?.word.toLowerCase() !== "and" || and.trail !== "" || a?.word.toLowerCase() !== "a" || a.trail !== "")
    return null;
  if (!share || a.lead !== "" || share.lead !== "") return null;
  const part = NUMBER_SHARES[share.word.toLowerCase()];
  if (part === undefined) return null;
  const after = NUMBER_SCALES[lastWord];
  if (after !== undefined) return { value: (whole) => whole + after * part, end: at + 3 };
  // "six and a half percent": a rate with its share.
  if (share.trail === "" && scale?.lead === "" && PERCENT.test(scale.word))
    return { value: (w) => w + part, end: at + 3 };
  const before = share.trail === "" && scale ? NUMBER_SCALES[scale.word.toLowerCase()] : undefined;
  if (before !== undefined && scale!.lead === "") return { value: (whole) => (whole + part) * before, end: at + 4 };
  return null;
}

/** What follows an amount said as two pairs ("forty-eight eighty a month", "fourteen-fifty each"). */
const PER_PERIOD = lexiconRegExp(`^${alternation(RATE_WORDS)}$`, "i");

/**
 * Amounts said as two pairs of digits, the way people read prices: "forty-eight eighty" → 4,880, "fourteen-fifty"
 * → 1,450. Only before "a month", "a year", "each" or "dollars": elsewhere the same words are a time or a ratio.
 */
function readPairs(words: string[]): number | null {
  const parts = partsOf(words);
  const pairs: number[] = [];
  let current: string[] = [];
  for (const part of parts) {
    if (part in NUMBER_TENS && current.length > 0) {
      pairs.push(readInteger(current)?.value ?? -1);
      current = [];
    }
    current.push(part);
    if (part in NUMBER_UNITS && current.length > 0 && (current.length === 2 || NUMBER_UNITS[part]! >= 10)) {
      pairs.push(readInteger(current)?.value ?? -1);
      current = [];
    }
  }
  if (current.length > 0) pairs.push(readInteger(current)?.value ?? -1);
  const [high, low] = pairs;
  if (pairs.length !== 2 || high === undefined || low === undefined) return null;
  if (high < 10 || high > 99 || low < 10 || low > 99) return null;
  return high * 100 + low;
}

/** Digits as written, with a scale word said after them ("250 thousand" → "250,000", "2.3 million" kept). */
function writtenDigits(digits: string, scale: string | undefined): string {
  if (scale === undefined || !(scale in NUMBER_SCALES)) return digits;
  const value = Number(digits.replace(/,/g, ""));
  if (scale !== "thousand" || !Number.isFinite(value)) return `${digits} ${scale}`;
  return (value * 1e3).toLocaleString("en-US");
}

const PERCENT = lexiconRegExp(`^${alternation(PERCENT_WORDS)}$`, "i");
const CURRENCY = lexiconRegExp(`^${alternation(DOLLAR_WORDS)}$`, "i");
const SCALE_WORD = lexiconRegExp(`^${alternation([HUNDRED, ...Object.keys(NUMBER_SCALES)])}$`, "i");
const SCALE_WORDS = lexiconRegExp(`^${alternation([HUNDRED, ...Object.keys(NUMBER_SCALES)])}s?$`, "i");

// "to" too: a range's two ends ("thirty-five to forty thousand") are read as one figure (./figures-in-sentence.ts).
const ALTERNATIVE = new Set(["and", "or", "to"]);
const BEFORE_ALTERNATIVE = new Set(["at", "about", "around", "maybe"]);
/** Number words the second of two alternatives may hold before its scale ("eighty-five thousand"). */
const MAX_ALTERNATIVE_WORDS = 4;

/**
 * The scale of the number said right after "and", "or" or "to" ("sixty and eighty thousand", "between two and
 * three million", "seven to eight thousand"), or null. Reads at most seven tokens.
 */
function sharedScaleAfter(tokens: readonly Token[], at: number): number | null {
  if (tokens[at - 1]?.trail !== "" || !ALTERNATIVE.has(tokens[at]?.word.toLowerCase() ?? "")) return null;
  let k = at + 1;
  if (BEFORE_ALTERNATIVE.has(tokens[k]?.word.toLowerCase() ?? "")) k++;
  for (let read = 0; read < MAX_ALTERNATIVE_WORDS && k < tokens.length; read++, k++) {
    const word = tokens[k]!.word.toLowerCase();
    if (word in NUMBER_SCALES) return read > 0 ? NUMBER_SCALES[word]! : null;
    if ((!isNumberWord(word) && word !== "point") || tokens[k]!.trail !== "") return null;
  }
  return null;
}

/**
 * Writes the spoken numbers of a sentence as figures. Digits already written get the same percent and currency
 * signs ("4.2 percent" → "4.2%").
 */
export function writeNumbersAsFigures(text: string): string {
  const tokens = tokenize(text).flatMap((token) => {
    const digits = ohDigits(token.word);
    return digits === null ? amountAdjectiveWords(token) : [{ ...token, word: digits }];
  });
  let out = "";
  for (let i = 0; i < tokens.length; ) {
    const token = tokens[i]!;
    // "a hundred", "a million", "another hundred thousand": one of that scale.
    const startsWithA =
      token.word.toLowerCase() === "a" && token.trail === "" && SCALE_WORD.test(tokens[i + 1]?.word ?? "");
    const another =
      tokens[i - 1]?.word.toLowerCase() === "another" && !tokens[i - 1]!.trail && SCALE_WORD.test(token.word);
    // A scale alone ("millions of", "thousand-dollar") is not a number to write.
    const bareScale = SCALE_WORDS.test(token.word);
    if (!startsWithA && !another && (bareScale || (!isNumberWord(token.word) && !/^\d[\d,.]*$/.test(token.word)))) {
      out += token.space + token.lead + token.word + token.trail;
      i++;
      continue;
    }
    // The run: number words (and "and"/"point" between them), ending at punctuation.
    let end = i;
    const words: string[] = [];
    if (startsWithA || another) {
      words.push("one");
      end = startsWithA ? i + 1 : i;
    }
    const digits = /^\d[\d,.]*$/.test(token.word) ? token.word : null;
    if (digits === null) {
      // After "point" the digits are read one by one: an "and" there joins another number ("two point five and
      // three million"), not a part of this one.
      let decimal = false;
      for (; end < tokens.length; end++) {
        const t = tokens[end]!;
        const lower = t.word.toLowerCase();
        const joins = lower === "point" || (lower === "and" && !decimal);
        const joiner = joins && end > i && isNumberWord(tokens[end + 1]?.word ?? "");
        if (lower === "point") decimal = true;
        if (!isNumberWord(t.word) && !joiner) break;
        if (end > i && tokens[end]!.lead !== "") break;
        words.push(t.word);
        if (t.trail !== "") {
          end++;
          break;
        }
      }
    } else {
      end = i + 1;
    }
    // "250 thousand" is 250,000; "2.3 million" stays as said.
    const scaleAfter = digits !== null && token.trail === "" ? tokens[end]?.word.toLowerCase() : undefined;
    if (digits !== null && scaleAfter !== undefined && scaleAfter in NUMBER_SCALES) end++;
    let reading = digits === null ? readNumber(words) : null;
    // "a million and a half", "two and a half million": a half or a quarter of the scale.
    if (reading && !reading.decimals && !reading.scaleWord && tokens[end - 1]!.trail === "") {
      const fraction = fractionAfter(tokens, end, words[words.length - 1]!.toLowerCase());
      if (fraction) {
        reading = { ...reading, value: fraction.value(reading.value), sized: true };
        end = fraction.end;
      }
    }
    // "at sixty and at eighty thousand": the scale said after the second number is said of both.
    // A decimal shares only millions or more ("one point six to two point two million"): written with the scale's word.
    const decimalAlone = reading !== null && reading.decimals !== "" && reading.scaleWord === null;
    const shared = reading && (!reading.sized || decimalAlone) ? sharedScaleAfter(tokens, end) : null;
    if (reading && shared && !decimalAlone) reading = { ...reading, value: reading.value * shared, sized: true };
    else if (reading && shared && shared >= 1e6)
      reading = { ...reading, scaleWord: shared >= 1e9 ? "billion" : "million" };
    const last = tokens[end - 1]!;
    const next = last.trail === "" ? tokens[end] : undefined;
    const percent = next !== undefined && PERCENT.test(next.word);
    const currency = next !== undefined && CURRENCY.test(next.word);
    if (digits === null && reading === null && (currency || (next !== undefined && PER_PERIOD.test(next.word)))) {
      const pairs = readPairs(words);
      if (pairs !== null) reading = { value: pairs, ...noSize };
    }
    const written =
      (digits !== null ? writtenDigits(digits, scaleAfter) : null) ??
      (reading && (reading.value >= SMALLEST_WRITTEN || reading.sized || percent || currency)
        ? figure(reading, currency)
        : null);
    if (written === null) {
      for (let k = i; k < end; k++) out += tokens[k]!.space + tokens[k]!.lead + tokens[k]!.word + tokens[k]!.trail;
      i = end;
      continue;
    }
    const lead = token.lead.replace("$", "");
    if (percent) {
      out += `${token.space}${lead}${written}%${next!.trail}`;
      i = end + 1;
    } else if (currency) {
      out += `${token.space}${lead}$${written}${next!.trail}`;
      i = end + 1;
    } else {
      out += `${token.space}${token.lead}${written}${last.trail}`;
      i = end;
    }
  }
  return out;
}
