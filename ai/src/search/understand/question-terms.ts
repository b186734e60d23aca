// A question's and a text's terms: words stemmed, stop and question words dropped, rates named ("monthly" is
// "per-month"). Understanding reads them from the question, ranking from the sentences.
import { STOP_WORDS, splitWords, stemWord, wholeNumbers } from "../../language";
import { isDigit } from "../../language/sentences";
import { QUESTION_WORDS } from "./question-frame";

/** The question's content terms, stemmed, each once. */
export function questionTerms(question: string): string[] {
  const terms = new Set<string>();
  for (const word of splitWords(wholeNumbers(question.slice(0, 1000)))) {
    if (QUESTION_WORDS.has(word) || STOP_WORDS.has(word)) continue;
    if (word.length < 2 && !isDigit(word)) continue;
    // "monthly" asks for a rate ("a month"), not a duration ("six months").
    terms.add(RATE_ADJECTIVES.get(word) ?? stemWord(word));
  }
  return [...terms];
}

/** Rate adjectives and the rate term they stand for; "a month", "per month" and "each month" say the same. */
const RATE_ADJECTIVES = new Map([
  ["daily", "per-day"],
  ["weekly", "per-week"],
  ["monthly", "per-month"],
  ["quarterly", "per-quarter"],
  ["annual", "per-year"],
  ["annually", "per-year"],
  ["yearly", "per-year"],
]);
export const RATE_UNITS = new Map(["day", "week", "month", "quarter", "year"].map((unit) => [unit, `per-${unit}`]));
const RATE_WORDS = new Set(["a", "an", "per", "each", "every"]);

/** A text's terms: its words stemmed, and the rates it states ("sixteen thousand a month" holds "per-month"). */
export function textTerms(text: string): Set<string> {
  const words = splitWords(wholeNumbers(text));
  const terms = new Set<string>();
  words.forEach((word, i) => {
    terms.add(stemWord(word));
    const rate = RATE_ADJECTIVES.get(word) ?? (RATE_WORDS.has(word) ? RATE_UNITS.get(words[i + 1] ?? "") : undefined);
    if (rate) terms.add(rate);
  });
  return terms;
}
