// A follow-up that points back with a pronoun ("Where does he live?", "What is she paid?") is about the person the
// last answer's finding named: those names join the follow-up's search so the sentences around them are found.
import { namesIn } from "../rank/names-in-text";
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
 * A follow-up's sentences without those the last answer already quoted, unless one of those is still clearly the
 * best: "He lives in Denver." answers "Where does he live?" even when the last answer quoted it.
 */
export function freshUnlessBest<T extends { text: string; score: number }>(
  chosen: T[],
  history: readonly HistoryMessage[],
): T[] {
  const last = history.findLast((m) => m.role === "assistant")?.content ?? "";
  if (!last) return chosen;
  const plain = last.replace(/\\/g, "");
  const fresh = chosen.filter((e) => !plain.includes(e.text));
  if (fresh.length === 0) return chosen;
  const best = chosen[0]!;
  if (fresh[0] !== best && fresh[0]!.score < best.score * KEEP_REPEATED_BELOW) return [best, ...fresh];
  return fresh;
}

/** A fresh sentence scoring below this share of the repeated best one does not replace it. */
export const KEEP_REPEATED_BELOW = 0.75;
