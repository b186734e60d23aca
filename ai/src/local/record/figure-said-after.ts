// What a sum is, said after it: what it is of ("five hundred thousand of term"), where it goes ("a hundred fifty
// thousand goes into a Treasury ladder", "fifty thousand stays in cash") or what it is counted in ("thirty-five to
// forty thousand in federal tax"). Where it goes and what it is counted in are read only when the sentence names
// nothing before the sum, so the thing the sentences before named would otherwise be taken: the stock market the last
// sentence spoke of is not where the fifty thousand stays. Words that complete the figure itself are read here too:
// the cents after whole dollars, what a percentage is a share of, an amount for each of several.

import { alternation, MONTHS, NUMBER_WORDS, PERIOD_WORDS } from "../../language/lexicon";
import { lexiconRegExp } from "../../language/patterns";
import { plainWord } from "./figure-subjects";
import { readNumber } from "./spoken-numbers";
import { wordKind } from "./word-kinds";

const MODALS = new Set(["will", "would", "should", "can", "could"]);
/** A verb of putting or staying: what follows "into" or "in" is where the sum is. */
const GOES = new Set(
  "go goes going stay stays staying sit sits move moves moving roll rolls rolling transfer transfers".split(" "),
);
const INTO = new Set(["in", "into", "to"]);
const DETERMINERS = new Set(["the", "a", "an", "your", "our", "their", "his", "her"]);
/** Words that end the thing's name: what comes after is said of it, not part of it. */
const ENDS_THE_NAME = new Set(
  "with for and or so then now until which that that's it's is was are were plus this next last every each on at by in to from per".split(
    " ",
  ),
);
/** Words saying all of a thing: "for the whole company" is for the company. */
const WHOLE = new Set(["whole", "entire", "full"]);
/** A place that only points back: "goes into it". */
const POINTS_BACK = /^(?:it|that|this|them|there|here)$/i;
/** Words a place or a thing counted in runs to, at most. */
const MAX_NAME_WORDS = 4;

/** Words after "in" that say when, how or how much ("in a year", "in total", "in December") or point back ("in his"). */
const NOT_A_THING = lexiconRegExp(
  `^(?:a|an|his|hers|theirs|mine|yours|ours|it|its|that|this|there|here|them|${alternation(NUMBER_WORDS)}|${alternation(MONTHS)}|total|all|each|full|cash|hand|mind|time|place|advance|person|writing|parts?|pieces|installments|instalments|payments|spring|summer|fall|autumn|winter|the (?:end|meantime|future|past|first|second|next|last|long|short|middle))\\b|\\b(?:${alternation(PERIOD_WORDS)})$`,
  "i",
);

/** The words up to the first stop or comma, as words: "goes into the brokerage account, with…" → 4 words. */
function wordsUpToStop(text: string): string[] {
  return (text.split(/[,.;:!?]/)[0] ?? "").split(/\s+/).filter(Boolean);
}

/** The name that starts at `words[at]` (after a determiner), up to a word that ends it; null when none. */
function nameFrom(words: readonly string[], at: number, pairs = false): string | null {
  let from = at;
  if (DETERMINERS.has(words[from]?.toLowerCase() ?? "")) from++;
  const name: string[] = [];
  // A figure ends it too ("fifty thousand of income that's about 9,000").
  let i = from;
  for (; i < words.length && !ENDS_THE_NAME.has(words[i]!.toLowerCase()) && !/\d/.test(words[i]!); i++)
    name.push(words[i]!);
  // "in property tax and insurance (on the cabin)": with `pairs`, one more word joined by "and" or "or", where the
  // name ends, is part of it.
  const joined = words[i]?.toLowerCase();
  const second = words[i + 1];
  const endsAfter = i + 2 >= words.length || ENDS_THE_NAME.has(words[i + 2]?.toLowerCase() ?? "");
  if (pairs && name.length > 0 && (joined === "and" || joined === "or") && second && !/\d/.test(second) && endsAfter)
    name.push(words[i]!, second);
  return name.length > 0 && name.length <= MAX_NAME_WORDS ? name.join(" ") : null;
}

/** What was named for a sum before it: the thing, whether its own sentence named it, whether its words point back. */
export interface NamedBefore {
  named?: string | null;
  inSentence?: boolean;
  pointsBack?: boolean;
}

/**
 * The thing the words right after a sum say it is, or null. "Of" names it when nothing was named, and corrects the
 * thing the sum's own sentence named before it (`named`, `inSentence`) when it names another: "to secure the
 * support, five hundred thousand of term" is the term's, but "self-employment tax, that's twenty thousand dollars of
 * tax" stays the self-employment tax. Where a sum goes and what it is counted in are read only when its sentence
 * named nothing before it.
 */
export function subjectSaidAfter(after: string, before: NamedBefore = {}): string | null {
  const { named = null, inSentence = false, pointsBack = false } = before;
  const words = wordsUpToStop(after.replace(/^[\s,]+/, ""));
  const lower = words.map((word) => word.toLowerCase());
  // "five hundred thousand of term", "a million of coverage": "of" right after the sum names what it is.
  if (/^\s/.test(after) && lower[0] === "of") {
    // Not over the thing the sentences before named when the sum's words point back at it ("the IRMAA threshold …
    // it's a hundred thousand of income").
    const thing = inSentence || !named || !pointsBack ? nameFrom(words, 1) : null;
    if (!thing || POINTS_BACK.test(thing) || NOT_A_THING.test(thing)) return null;
    const head = (phrase: string) => phrase.toLowerCase().split(" ").at(-1);
    return named && head(named) === head(thing) ? null : thing;
  }
  if (inSentence) return null;
  // "goes into the brokerage account", "will stay in cash", "is going to go into the ladder"
  let at = 0;
  if (MODALS.has(lower[at] ?? "")) at++;
  else if (/^(?:is|are)$/.test(lower[at] ?? "") && lower[at + 1] === "going" && lower[at + 2] === "to") at += 3;
  if (GOES.has(lower[at] ?? "") && INTO.has(lower[at + 1] ?? "")) {
    const place = nameFrom(words, at + 2);
    return place && !POINTS_BACK.test(place) ? place : null;
  }
  // "one point six to two point two million for the whole company", "three-fifty for the after-hours call": "for"
  // right after the sum names what it is the price or value of.
  if (/^\s/.test(after) && lower[0] === "for" && DETERMINERS.has(lower[1] ?? "")) {
    // "the whole company" is the company.
    const named = WHOLE.has(lower[2] ?? "") ? [...words.slice(0, 2), ...words.slice(3)] : words;
    const thing = nameFrom(named, 1);
    if (thing && !POINTS_BACK.test(thing) && !NOT_A_THING.test(thing)) return thing;
  }
  // "forty thousand in federal tax", "two thousand a month in rent": "in" right after the sum or its period, no comma.
  const inAt = SAID_PER.has(lower[0] ?? "") && PERIODS.has(lower[1] ?? "") ? 2 : 0;
  if (/^\s/.test(after) && lower[inAt] === "in") {
    const thing = nameFrom(words, inAt + 1, true);
    if (thing && !NOT_A_THING.test(thing) && (lower[inAt + 1] !== "the" || !NOT_A_THING.test(`the ${thing}`)))
      return thing;
  }
  return null;
}

/** "a month", "per year", "each quarter": the period a sum is said per, before what it is counted in. */
const SAID_PER = new Set(["a", "per", "each", "every"]);
const PERIODS = new Set(["week", "month", "quarter", "year"]);

/** "fifteen hundred dollars a month more", "seven-fifty more a year": a difference, no amount of a thing of its own. */
const DIFFERENCE =
  /^\s*(?:dollars?\s+)?(?:(?:a|per|each)\s+(?:week|month|quarter|year)\s+)?(?:more|less|extra|higher|lower|cheaper|short)\b/i;
export const saysDifference = (after: string) => DIFFERENCE.test(after);
/** "I'll eat the difference. Seven-fifty a year is …": the thing just named is a difference. */
export const namesDifference = (phrase: string) => /^(?:difference|gap|shortfall)$/i.test(phrase.trim());

/** "… out of nine fifty", "out of $950,000": the figure before is a part of this one ("out of pocket" is none). */
export const OUT_OF_A_FIGURE = lexiconRegExp(
  `^\\s*out of (?:about |around |roughly )?(?:\\$?\\d|${alternation(NUMBER_WORDS)}\\b)`,
  "i",
);
/** Words of what a percentage is a share of, at most ("of last year's total tax"). */
const MAX_SHARE_WORDS = 4;
/** "$4 and ten cents", "$12 and 50 cents": the cents said after whole dollars. */
const CENTS_AFTER = /^ and (\d{1,2}|\p{L}+(?:-\p{L}+)?) cents\b/iu;
/**
 * "… thousand dollars each", "apiece", "per vest", "per grandchild": an amount for each of several, as said after it
 * ("each year", "per month" are periods).
 */
const EACH_AFTER =
  /^(?: dollars)?,? (each|apiece|per (?!(?:year|month|week|quarter|day|hour|annum|cent)\b)\p{Ll}{3,15})\b(?! (?:year|month|week|quarter|day|time)\b)/iu;

/** What an amount is said for each of ("each", "per vest"), or null. */
export function eachSaidAfter(after: string): string | null {
  const said = EACH_AFTER.exec(after)?.[1]?.toLowerCase();
  return said === undefined ? null : said === "apiece" ? "each" : said;
}

/** The cents said after whole dollars ("$4 and ten cents"), with how many characters say them; null when none. */
export function centsSaidAfter(after: string): { cents: number; length: number } | null {
  const said = CENTS_AFTER.exec(after);
  if (!said) return null;
  const cents = readNumber(said[1]!.toLowerCase().split("-"))?.value ?? Number(said[1]);
  return cents > 0 && cents < 100 ? { cents, length: said[0].length } : null;
}

/**
 * What a percentage is a share of, said right after it to the clause's end ("64% of your net worth." → "net worth",
 * "110% of last year's total tax."): words that may name a thing; whose it is ("your") is left to the fact.
 */
export function shareOf(after: string): string | null {
  if (!after.startsWith(" of ")) return null;
  const words: string[] = [];
  for (const token of after.slice(4).split(" ", MAX_SHARE_WORDS + 1)) {
    const word = plainWord(token);
    const owner = /^(?:your|his|her|their|our|my)$/i.test(word);
    const possessive = /^\p{Ll}[\p{Ll}-]*['’]s$/u.test(word);
    const thing = possessive || (/^\p{Ll}[\p{Ll}-]*$/u.test(word) && wordKind(word) !== "other");
    if (!(thing || (words.length === 0 && (owner || word === "the")))) return null;
    if (!owner) words.push(word);
    // The clause ends here: the share is what was said, if it ends on a thing's name.
    if (word !== token) return thing && !possessive && words.length <= MAX_SHARE_WORDS ? words.join(" ") : null;
  }
  return null;
}
