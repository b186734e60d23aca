// Names a question gives, and who "you" is in a sentence said in a meeting.

import { PERSON_TITLES } from "../../language";
import { isDigit } from "../../language/sentences";
import { NOT_NAMES } from "./proper-names";

const isAlphanumeric = (c: string | undefined) => c !== undefined && ((c >= "a" && c <= "z") || isDigit(c));

/** The text without the words in `drop` (compared in lower case, punctuation around them ignored). */
export function withoutWords(text: string, drop: ReadonlySet<string>): string {
  if (drop.size === 0) return text;
  return text
    .split(" ")
    .filter((word) => {
      const bare = trimToAlphanumeric(word.toLowerCase());
      return !drop.has(bare) && !drop.has(bare.replace(/['’]s$/, ""));
    })
    .join(" ");
}

/** The capitalised words among `words` ("Mateo", "Kenji"), lower case, without "'s". */
const capitalisedNames = (words: readonly string[]) =>
  words
    .map((w) => trimToAlphanumeric(w).replace(/['’]s$/, ""))
    .filter((w) => w.length > 1 && w[0] !== w[0]!.toLowerCase() && !NOT_NAMES.has(w))
    .map((w) => w.toLowerCase());

/** The capitalised words a question names after its first word ("Mateo", "Kenji"), lower case, without "'s". */
export const namesIn = (question: string): string[] => capitalisedNames(question.slice(0, 1000).split(" ").slice(1));

/** "What did Dr. Okoro conclude?": the words before the verb of a decision asked of someone. */
const DECIDER_ASKED =
  /\b(?:did|does|do|has|have|will|would)\s+([\p{L}.'’-]+(?:\s[\p{L}.'’-]+){0,2})\s+(?:conclude|decide|agree|recommend|choose|settle)\b/iu;
const TITLES = new Set(PERSON_TITLES);

/**
 * The name words (lower case) of the one whose decision the question asks ("What did Dr. Okoro conclude?" → okoro);
 * none for "we", "I", "you" or a question that asks no one's decision.
 */
export function deciderIn(question: string): string[] {
  const said = DECIDER_ASKED.exec(question.slice(0, 1000))?.[1] ?? "";
  return capitalisedNames(said.split(" ")).filter((w) => !TITLES.has(w));
}

/** The word without the punctuation around it, its case kept (a scan from each end, linear). */
export function trimToAlphanumeric(word: string): string {
  let start = 0;
  let end = word.length;
  while (start < end && !isAlphanumeric(word[start]!.toLowerCase())) start++;
  while (end > start && !isAlphanumeric(word[end - 1]!.toLowerCase())) end--;
  return word.slice(start, end);
}

const SECOND_PERSON = /\b(?:you|your|yours|yourself|you're|you've|you'll|you'd)\b/i;

/**
 * Who "you" is in a sentence said in the meeting: the passage's other speakers. "Margaret's IRA" is the "your IRA"
 * Dana said to Margaret.
 */
export function addressees(c: { speaker: string | null; text: string }, p: { speakers?: string[] }): string {
  if (c.speaker === null || !SECOND_PERSON.test(c.text.replace(/’/g, "'"))) return "";
  return (p.speakers ?? []).filter((s) => s !== c.speaker).join(" ");
}
