// How much of the question a sentence says: the share of its terms (weighted by rarity, with acronyms and their
// spelled-out runs counted as one), and the share the passages know at all.
import { ROLE_QUALIFIERS, STOP_WORDS, splitWords, stemWord } from "../../language";
import { isLetter, isSpace } from "../../language/sentences";
import type { Passage } from "../answer-types";
import { QUESTION_WORDS } from "../understand/question-frame";
import { textTerms } from "../understand/question-terms";
import { SAME_SENSE } from "../understand/same-sense";
import { MONEY_OR_SHARE } from "./fact-features";

/** Words that ask for an amount without naming what kind: any amount answers them (as context, not in full). */
export const AMOUNT_WORDS = "worth value balance amount total sum figure";

export const FILLER =
  /^(?:thanks|thank you|good morning|good afternoon|good evening|hi|hello|okay|ok|sure|great|yes|yeah|no|right|sounds good|sounds right|perfect|absolutely|of course|um|uh|so)\b/i;

export function wordCount(text: string): number {
  let n = 0;
  let inWord = false;
  for (const c of text) {
    const word = !isSpace(c);
    if (word && !inWord) n++;
    inWord = word;
  }
  return n;
}

/** The share of the question's terms found in the sentence, its speaker or its meeting's title and client. */
export function termCoverage(
  terms: readonly string[],
  sentence: string,
  context: string,
  /** Acronyms the question wrote in capitals ("rmd"), matched by the initials of the sentence's words. */
  acronymsAsked: ReadonlySet<string> = new Set(),
  /** Each term's rarity among the candidate sentences (1 when not given): see rarityWeights. */
  rarity: ReadonlyMap<string, number> = new Map(),
  /** What was said just before the sentence: a term named there counts for half. */
  preceding = "",
  /** The other words each term counts in (same-sense.ts): without those of money unless an amount is asked. */
  sameSense: ReadonlyMap<string, readonly string[]> = SAME_SENSE,
): number {
  if (terms.length === 0) return 0;
  const words = textTerms(sentence);
  // "Siobhan as backup guardian" names another role than the guardian asked for: the term counts for a quarter.
  const qualified = qualifiedRoles(sentence, terms);
  for (const term of qualified) words.delete(term);
  for (const term of acronymTerms(terms, sentence, acronymsAsked)) words.add(term);
  const around = textTerms(context);
  const earlier = preceding ? textTerms(preceding) : new Set<string>();
  let total = 0;
  let matched = 0;
  for (const term of terms) {
    const weight = termWeight(term) * (rarity.get(term) ?? 1);
    total += weight;
    if (words.has(term)) matched += weight;
    else if (qualified.has(term)) matched += weight * QUALIFIED_ROLE_WEIGHT;
    else if (around.has(term) || sameSense.get(term)?.some((w) => words.has(w))) matched += weight * 0.75;
    else if (earlier.has(term)) matched += weight * PRECEDING_WEIGHT;
  }
  return matched / total;
}

/**
 * The question's terms the sentence says only right after a word that makes them another role ("backup guardian"),
 * when the question does not say that word itself.
 */
function qualifiedRoles(sentence: string, terms: readonly string[]): Set<string> {
  const asked = new Set(terms);
  const words = splitWords(sentence).map(stemWord);
  const qualified = new Set<string>();
  const plain = new Set<string>();
  words.forEach((word, i) => {
    if (!asked.has(word)) return;
    const before = words[i - 1] ?? "";
    if (ROLE_QUALIFIERS.has(before) && !asked.has(before)) qualified.add(word);
    else plain.add(word);
  });
  for (const word of plain) qualified.delete(word);
  return qualified;
}

/** How much a question term counts when the sentence says it only as another role ("backup guardian"). */
export const QUALIFIED_ROLE_WEIGHT = 0.25;

/** How much a question term counts when it was said just before the sentence rather than in it. */
export const PRECEDING_WEIGHT = 0.5;

/** Words written in capitals, 2 to 5 letters ("RMD", "IRA"): the acronyms of a text, lower-cased. */
export function capitalWords(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(" ")) {
    let start = 0;
    let end = raw.length;
    while (start < end && !isLetter(raw[start])) start++;
    while (end > start && !isLetter(raw[end - 1])) end--;
    const word = raw.slice(start, end).replace(/['’]s$/, "");
    if (word.length < 2 || word.length > 5) continue;
    let capitals = true;
    for (const c of word) if (!(c >= "A" && c <= "Z")) capitals = false;
    if (capitals) out.push(word.toLowerCase());
  }
  return out;
}

/** Runs of 2 to 5 content words and their initials: "required minimum distribution" → "rmd". */
function initialRuns(text: string): string[] {
  const initials = splitWords(text)
    .filter((w) => !STOP_WORDS.has(w) && !QUESTION_WORDS.has(w))
    .map((w) => w[0]!);
  const runs: string[] = [];
  for (let i = 0; i < initials.length; i++) {
    for (let n = 2; n <= 5 && i + n <= initials.length; n++) runs.push(initials.slice(i, i + n).join(""));
  }
  return runs;
}

/**
 * The question terms a sentence holds by acronym: "RMD" in the sentence stands for the question's "required minimum
 * distribution", and "required minimum distribution" in the sentence for an "RMD" the question wrote in capitals.
 */
function acronymTerms(terms: readonly string[], sentence: string, acronymsAsked: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const capitals = capitalWords(sentence);
  if (capitals.length) {
    const runs = initialRunsOfTerms(terms);
    for (const acronym of capitals) for (const run of runs.get(acronym) ?? []) out.push(...run);
  }
  if (acronymsAsked.size) {
    for (const run of initialRuns(sentence)) if (acronymsAsked.has(run)) out.push(run);
  }
  return out;
}

/** The question terms' runs (in the question's order) by their initials. */
function initialRunsOfTerms(terms: readonly string[]): Map<string, string[][]> {
  const byInitials = new Map<string, string[][]>();
  for (let i = 0; i < terms.length; i++) {
    for (let n = 2; n <= 5 && i + n <= terms.length; n++) {
      const run = terms.slice(i, i + n);
      const initials = run.map((t) => t[0]).join("");
      byInitials.set(initials, [...(byInitials.get(initials) ?? []), run]);
    }
  }
  return byInitials;
}

/**
 * The share of the question's term weight (as in termCoverage) that the passages hold anywhere, their titles, clients
 * and speakers included. Retrieval ranks by these very terms, so a term none of the best passages holds is one the
 * meetings hardly use: "France" in "What is the capital of France?" when the meetings speak of working capital.
 */
export function knownTermShare(
  terms: readonly string[],
  passages: readonly Passage[],
  /** Each term's words of the same sense: a term the meetings say in another word ("appraisal") is known. */
  sameSense: ReadonlyMap<string, readonly string[]> = new Map(),
): number {
  if (terms.length === 0) return 0;
  const known = new Set<string>();
  for (const p of passages) {
    const amountWords = MONEY_OR_SHARE.test(p.content) ? AMOUNT_WORDS : "";
    const text = `${p.content} ${p.title} ${p.clientName} ${(p.speakers ?? []).join(" ")} ${amountWords}`;
    for (const term of textTerms(text)) known.add(term);
  }
  let total = 0;
  let matched = 0;
  for (const term of terms) {
    const weight = termWeight(term);
    total += weight;
    if (known.has(term) || (sameSense.get(term) ?? []).some((other) => known.has(other))) matched += weight;
  }
  return matched / total;
}

/**
 * How much rarer than the others each question term is among the candidate sentences (with their context): a term
 * most sentences hold ("company" in a company's meetings) tells them apart less than one few hold ("burn").
 */
export function rarityWeights(terms: readonly string[], texts: readonly string[]): Map<string, number> {
  const holding = new Map<string, number>(terms.map((t) => [t, 0]));
  for (const text of texts) {
    const words = textTerms(text);
    for (const term of terms) if (words.has(term)) holding.set(term, holding.get(term)! + 1);
  }
  const n = texts.length;
  return new Map(terms.map((t) => [t, 1 + RARITY_WEIGHT * Math.log((n + 1) / (holding.get(t)! + 1))]));
}

/**
 * How much a term's rarity among the candidate sentences adds to its weight. 0.5 took the advisor set from 40 to 42
 * of 46 with the sentence encoder (hashing: 42 either way); 1.0 made one on-topic question "nothing found".
 */
export const RARITY_WEIGHT = 0.5;

/** Numbers and long words say more about what is asked than short common ones. */
const termWeight = (term: string) => (/\d/.test(term) ? 2 : term.length >= 6 ? 1.25 : 1);
