// Whether a sentence says the subject of a question across clients ("term life insurance", "Roth conversions"):
// its words matched by word family ("convert" says "conversion", "appraise" says "appraisal"), a hyphenated compound
// read as one word ("long-term care" does not say "term"), each word weighted by how rare it is among the sentences
// searched, and a subject said after "no", "not" or "didn't" read as denied. One pass over the words: linear.
import { DETERMINERS, STOP_WORDS, stemWord, wholeNumbers } from "../../language";

/** Words with their hyphenated compounds kept whole: "long-term" is one token, "ten-year term" two. */
const TOKEN = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/** The text's tokens, a number one token ("$18,300" is no "18"). */
function tokens(text: string): string[] {
  return wholeNumbers(text.slice(0, 20_000)).toLowerCase().replace(/’/g, "'").match(TOKEN) ?? [];
}

/**
 * Forms of a word no suffix rule reaches, by their stems, and the stem of the family they belong to: "we're selling
 * the condo" and "the condo sale", "they bought a boat" and "buying a boat", "she paid the bill" and "paying it".
 */
const IRREGULAR_FORMS: ReadonlyMap<string, string> = new Map([
  ["sal", "sell"],
  ["sold", "sell"],
  ["bought", "buy"],
  ["paid", "pay"],
  ["gav", "giv"],
  ["given", "giv"],
]);

/**
 * The keys of a word's family: its stem and the stems of its derived forms, so "conversion" and "convert",
 * "application" and "applying", "appraisal" and "appraise" share one; and the irregular forms' family.
 */
export function wordFamily(word: string): string[] {
  const stem = stemWord(word.toLowerCase());
  const keys = [stem];
  const irregular = IRREGULAR_FORMS.get(stem);
  if (irregular) keys.push(irregular);
  if (stem.length < 6) return keys;
  if (stem.endsWith("ication")) keys.push(`${stem.slice(0, -7)}i`);
  if (stem.endsWith("sion")) keys.push(`${stem.slice(0, -4)}t`, `${stem.slice(0, -4)}d`);
  if (stem.endsWith("ation")) keys.push(stem.slice(0, -5), stem.slice(0, -3));
  else if (stem.endsWith("tion")) keys.push(stem.slice(0, -3));
  if (stem.endsWith("al") && stem.length > 6) keys.push(stem.slice(0, -2));
  return keys;
}

/** The subject's content words, in order (stop words and single letters left out). */
export function subjectTerms(subject: string): string[] {
  return tokens(subject)
    .flatMap((t) => t.split("-"))
    .filter((w) => !STOP_WORDS.has(w) && (w.length > 1 || /\d/.test(w)));
}

const NEGATIONS = new Set(
  "no not never none without neither nor don't didn't doesn't haven't hasn't hadn't won't isn't aren't wasn't weren't can't cannot".split(
    " ",
  ),
);
/** How many words before the subject a "not" still denies it: "didn't have any long-term care". */
const NEGATION_REACH = 4;

/**
 * Words that only ever qualify a noun: a stop word right after one of them, a determiner or a possessive is that
 * noun, not the function word ("a new will", "Arne's original will", "her will", "a living will" say "wills"; "Ruth
 * will draft" does not).
 */
const NOUN_QUALIFIERS: ReadonlySet<string> = new Set("new old original current existing living last own".split(" "));

/** "This" and "that" stand alone as pronouns too ("that will work"): no noun need follow them. */
const PRONOUN_DETERMINERS: ReadonlySet<string> = new Set(["this", "that"]);

/** True when the word at `at` stands where only a noun can: after a determiner, a possessive or a noun qualifier. */
function inNounPlace(words: readonly string[], at: number): boolean {
  const before = words[at - 1];
  if (before === undefined || PRONOUN_DETERMINERS.has(before)) return false;
  return DETERMINERS.has(before) || NOUN_QUALIFIERS.has(before) || before.endsWith("'s");
}

export interface SubjectSaid {
  /** Which of the subject's terms (by index) the text says. */
  said: boolean[];
  /** True when the first term said follows a negation within a few words ("we don't have any…"). */
  denied: boolean;
}

/**
 * Which of the subject's terms the text says. A compound ("long-term") says its parts only when the subject holds
 * them side by side ("long term care"): "long-term care" is no "term life".
 */
export function subjectSaid(terms: readonly string[], text: string): SubjectSaid {
  const families = terms.map((t) => new Set(wordFamily(t)));
  const said = terms.map(() => false);
  let firstAt = -1;
  let lastNegation = -NEGATION_REACH - 1;
  let denied = false;
  const words = tokens(text);
  words.forEach((token, at) => {
    if (NEGATIONS.has(token)) lastNegation = at;
    const parts = token.split("-");
    const matched =
      parts.length > 1 ? compoundMatches(terms, parts) : wordMatches(families, token, inNounPlace(words, at));
    if (matched.length === 0) return;
    for (const i of matched) said[i] = true;
    if (firstAt < 0) {
      firstAt = at;
      denied = at - lastNegation <= NEGATION_REACH;
    }
  });
  return { said, denied };
}

function wordMatches(families: readonly Set<string>[], word: string, nounPlace: boolean): number[] {
  if (STOP_WORDS.has(word) && !nounPlace) return [];
  const keys = wordFamily(word);
  const out: number[] = [];
  families.forEach((family, i) => {
    if (keys.some((k) => family.has(k))) out.push(i);
  });
  return out;
}

/** The subject terms a compound says: its parts, where the subject holds them in a row. */
function compoundMatches(terms: readonly string[], parts: readonly string[]): number[] {
  for (let start = 0; start + parts.length <= terms.length; start++) {
    if (parts.every((p, k) => stemWord(p) === stemWord(terms[start + k]!))) return parts.map((_, k) => start + k);
  }
  return [];
}

/**
 * Each term's weight: rarer among the texts searched weighs more (a smoothed inverse document frequency), and a
 * term no text says weighs nothing (the meetings do not know it).
 */
export function subjectWeights(terms: readonly string[], texts: readonly string[]): number[] {
  const counts = terms.map(() => 0);
  for (const text of texts) {
    subjectSaid(terms, text).said.forEach((s, i) => {
      if (s) counts[i]!++;
    });
  }
  return counts.map((n) => (n === 0 ? 0 : Math.log(1 + texts.length / n)));
}

/**
 * The weights with each noun compound's head weighing no more than the heaviest of its modifiers: the modifiers say
 * which kind of head is meant ("rollover" of "rollover elections", "flood" of "flood policies"), so a sentence
 * saying the kind in its own words ("the rollovers are all redone") says the subject, though a head only one
 * meeting words that way is rare and would weigh most.
 */
export function headsNoHeavier(
  terms: readonly string[],
  weights: readonly number[],
  compounds: readonly { head: string; modifiers: readonly string[] }[],
): number[] {
  const stems = terms.map((t) => stemWord(t));
  const out = [...weights];
  for (const { head, modifiers } of compounds) {
    const kinds = stems.flatMap((s, i) => (modifiers.includes(s) ? [weights[i]!] : []));
    if (kinds.length === 0) continue;
    const cap = Math.max(...kinds);
    stems.forEach((s, i) => {
      if (s === head) out[i] = Math.min(out[i]!, cap);
    });
  }
  return out;
}

/** The share of the subject's weight the text says (0 when the meetings know none of it). */
export function subjectShare(said: readonly boolean[], weights: readonly number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  if (total === 0) return 0;
  return said.reduce((sum, s, i) => sum + (s ? weights[i]! : 0), 0) / total;
}

/** What a word of the subject is written as in `markSubjectWords`. */
export const SUBJECT_MARK = "§";

/**
 * The text in lower case with each word that says one of the subject's terms written as `SUBJECT_MARK`, for rules
 * about where in a sentence the subject stands ("the rent and Social Security" → "the rent and § §"), each run of
 * spaces one space. One pass.
 */
export function markSubjectWords(terms: readonly string[], text: string): string {
  const families = terms.map((t) => new Set(wordFamily(t)));
  const seen: string[] = [];
  return wholeNumbers(text.slice(0, 20_000))
    .toLowerCase()
    .replace(/’/g, "'")
    .replace(/\s+/g, " ")
    .replace(TOKEN, (token) => {
      const parts = token.split("-");
      const matched =
        parts.length > 1 ? compoundMatches(terms, parts) : wordMatches(families, token, inNounPlace(seen, seen.length));
      seen.push(token);
      return matched.length > 0 ? SUBJECT_MARK : token;
    });
}
