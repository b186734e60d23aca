// A follow-up that points back with a pronoun ("Where does he live?", "What is she paid?") is about the person the
// last answer's finding named: those names join the follow-up's search so the sentences around them are found.
import { namesIn } from "./names-in-text";
import { subjectOfQuestion } from "./question-frame";
import { questionTerms } from "./question-terms";
import type { HistoryMessage } from "./understand-question";

/**
 * Singular third-person pronouns, as whole words: they point at one person already named. ("They" is most often
 * the clients themselves, whom the conversation has already resolved.)
 */
const POINTER = new Set(["he", "she", "him", "her", "his", "hers"]);

const ASKS_WHO = /\b(?:who|whom|whose)\b/i;

/** True when the question points back with a third-person pronoun. */
export function pointsBack(question: string): boolean {
  for (const raw of question.slice(0, 1000).toLowerCase().split(/\s+/)) {
    const word = raw.replace(/[’']s$/, "").replace(/[^a-z]/g, "");
    if (POINTER.has(word)) return true;
  }
  return false;
}

/**
 * The names the follow-up's pronoun refers to: those of the last answer's finding (`findingNames`), when the question
 * points back and names nobody itself. Empty otherwise, and for a question asking who: the person the last answer
 * named is then not the one asked for ("Carmen as guardian." — "And who is driving her?").
 */
export function referentNames(question: string, findingNames: readonly string[]): string[] {
  if (!pointsBack(question) || namesIn(question).length > 0 || ASKS_WHO.test(question)) return [];
  return [...new Set(findingNames)].slice(0, 4);
}

/**
 * Words that stand for a thing already asked about ("when will it be ready?", "how much was that?"), and the ellipses
 * that reuse the last question's frame ("And for the house?", "What about her sister?"). "That meeting" and "this
 * call" name a meeting, not the thing (THAT_MEETING, last-answer.ts).
 */
const THING_POINTER = new Set(["it", "that", "this", "those", "these", "them"]);
const MEETING_NOUNS = new Set(["meeting", "call", "session", "conversation", "one"]);
const ELLIPSIS = /^\s*(?:and|what about|how about|same for|also)\b/i;
/** A follow-up with at most this many terms of its own depends on the thing it points at. */
const DEPENDENT_TERMS = 2;
/** An ellipsis is a few words: a longer question says what it asks itself. */
const ELLIPSIS_WORDS = 6;

/** True when the follow-up points at the thing the last question asked about, or reuses that question's frame. */
export function pointsAtThing(question: string): boolean {
  const words = question
    .slice(0, 1000)
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/[^a-z]/g, ""))
    .filter(Boolean);
  const pointer = words.some((w, i) => THING_POINTER.has(w) && !MEETING_NOUNS.has(words[i + 1] ?? ""));
  return pointer || (ELLIPSIS.test(question) && words.length <= ELLIPSIS_WORDS);
}

/**
 * What the thing pointed at is: the subject of the conversation's last question ("Who is drafting the trust
 * documents?" — "And when will he have it ready?" → "drafting trust documents"). Empty when the follow-up points at
 * nothing, or the conversation has no earlier question.
 */
export function thingReferent(question: string, history: readonly HistoryMessage[]): string {
  // A follow-up that says enough itself ("how does that compare with the first estimate?") is searched by its own
  // words: the last question's would only thin out their share of a sentence.
  if (!pointsAtThing(question) || questionTerms(question).length > DEPENDENT_TERMS) return "";
  const last = history.findLast((m) => m.role === "user")?.content;
  return last ? subjectOfQuestion(last) : "";
}

/**
 * A follow-up's sentences without those the last answer already quoted, unless one of those is still clearly the
 * best and holds the kind of fact now asked (`answersAsked`): "He lives in Denver." answers "Where does he live?"
 * even when the last answer quoted it, while "Kenji will draft the trust." does not answer "when will he have it
 * ready?" a second time.
 */
export function freshUnlessBest<T extends { text: string; score: number }>(
  chosen: T[],
  history: readonly HistoryMessage[],
  answersAsked: (text: string) => boolean = () => true,
): T[] {
  const last = history.findLast((m) => m.role === "assistant")?.content ?? "";
  if (!last) return chosen;
  const plain = last.replace(/\\/g, "");
  const fresh = chosen.filter((e) => !plain.includes(e.text));
  if (fresh.length === 0) return chosen;
  const best = chosen[0]!;
  if (fresh[0] !== best && fresh[0]!.score < best.score * KEEP_REPEATED_BELOW && answersAsked(best.text))
    return [best, ...fresh];
  return fresh;
}

/** A fresh sentence scoring below this share of the repeated best one does not replace it. */
export const KEEP_REPEATED_BELOW = 0.75;
