// Whether a sentence names a person: the "who" questions' fact. A capital after the first word is a name; a capital
// that starts a sentence is one only when the meeting writes the same word with a capital mid-sentence too ("My
// sister. Carmen." names Carmen where "We both agree on Carmen." was said; "Backup. Okay." names nobody).

/** Capitalised words that are no person. */
import { MONTHS, PERSON_TITLES, WEEKDAYS } from "../../language";

const capitalised = (word: string) => word[0]!.toUpperCase() + word.slice(1);
export const NOT_NAMES = new Set([
  ..."I I'll I'm I'd I've OK Okay".split(" "),
  ...[...MONTHS, ...WEEKDAYS].map(capitalised),
]);

const NAME_TITLES = new Set(PERSON_TITLES.map((title) => `${title}.`));
const CAPITAL_INSIDE = /^\p{Lu}\p{Ll}+\p{Lu}/u;
const NAME_PREFIX = /^(?:Mc|Mac|O'|O’|D'|D’|De|Di|La|Le|Van|Von)\p{Lu}/u;
const ENDS_SENTENCE = /[.?!:]$/;
const NO_NAMES: ReadonlySet<string> = new Set();

/** A capital inside a word ("DocuSign", "QuickBooks") names a product; "McAllister" and "O'Neil" are people. */
const isProductName = (raw: string) => {
  const part = raw.replace(/[^\p{L}'’]/gu, "");
  return CAPITAL_INSIDE.test(part) && !NAME_PREFIX.test(part);
};

/** The word's letters (and apostrophes), without a possessive "'s". */
const lettersOf = (raw: string) =>
  raw
    .replace(/’/g, "'")
    .replace(/[^\p{L}']/gu, "")
    .replace(/'s$/, "");

/** A capitalised word that could be a name: not an acronym ("HIPAA", "IRA"), a product, a month, a day or "I". */
function couldBeName(raw: string): boolean {
  const word = lettersOf(raw);
  if (word.length <= 1 || word[0] === word[0]!.toLowerCase()) return false;
  if (word.length <= 5 && word === word.toUpperCase()) return false;
  if (raw.split("-").some(isProductName)) return false;
  return !NOT_NAMES.has(word);
}

/** True when the word starts a sentence: the text's first word, or one after a stop that ends no title ("Dr."). */
function startsSentence(words: readonly string[], i: number): boolean {
  if (i === 0) return true;
  const previous = words[i - 1]!;
  return ENDS_SENTENCE.test(previous) && !NAME_TITLES.has(previous.toLowerCase());
}

/**
 * The names a set of texts writes with a capital where no sentence starts, and never in lower case: the people
 * (and places) of a meeting. Linear in the texts' length.
 */
export function namesWrittenIn(texts: readonly string[]): Set<string> {
  const capitalised = new Set<string>();
  const lower = new Set<string>();
  for (const text of texts) {
    for (const line of text.split("\n")) {
      const words = line.split(" ").filter(Boolean);
      words.forEach((raw, i) => {
        const word = lettersOf(raw);
        if (!word) return;
        if (word[0] === word[0]!.toLowerCase()) lower.add(word.toLowerCase());
        // A speaker's label ("Luis Ortiz:") is a name even where it starts the line.
        else if (raw.endsWith(":") || words[i + 1]?.endsWith(":") || !startsSentence(words, i)) {
          if (couldBeName(raw)) capitalised.add(word);
        }
      });
    }
  }
  for (const word of capitalised) if (lower.has(word.toLowerCase())) capitalised.delete(word);
  return capitalised;
}

/**
 * True when the text names someone: a capitalised word after the first that is not a month, a day or "I", or a word
 * at a sentence's start that `known` holds (see namesWrittenIn).
 */
export function mentionsName(text: string, known: ReadonlySet<string> = NO_NAMES): boolean {
  const words = text.split(" ");
  for (let i = 0; i < words.length; i++) {
    // A reply's speaker label inside a question-and-reply pair ("… Gideon Marsh: Your doctor's name.") is no mention.
    if (words[i]!.endsWith(":") || words[i + 1]?.endsWith(":")) continue;
    if (!couldBeName(words[i]!)) continue;
    // A capital after a stop starts a sentence ("…name? Your doctor…"), unless the meeting writes it as a name.
    if (startsSentence(words, i) && !known.has(lettersOf(words[i]!))) continue;
    return true;
  }
  return false;
}

/** "Her full name", "his legal name", "the maiden name": the question asks for a name written out in full. */
const FULL_NAME_ASKED = /\b(?:full|legal|complete|maiden|middle|married)\s+name\b/i;

/** True when the question asks for someone's name written out in full ("What is Mateo's full legal name?"). */
export function asksFullName(question: string): boolean {
  return FULL_NAME_ASKED.test(question.slice(0, 1000));
}

/**
 * True when the text writes out one of the people asked about with more of their name ("Mateo James Brennan-Ortiz"
 * for Mateo), not just their first name ("with Mateo's full name, Siobhan as backup"). Linear: one pass over the words.
 */
export function writesNameOut(text: string, asked: readonly string[]): boolean {
  if (asked.length === 0) return false;
  const people = new Set(asked.map((name) => name.toLowerCase()));
  const words = text.split(/\s+/);
  for (let i = 0; i + 1 < words.length; i++) {
    const word = words[i]!;
    // "Mateo's" is a possessive, "Mateo," ends the name: neither is followed by more of it.
    if (!people.has(word.toLowerCase()) || !/^\p{L}/u.test(word)) continue;
    if (couldBeName(words[i + 1]!)) return true;
  }
  return false;
}
