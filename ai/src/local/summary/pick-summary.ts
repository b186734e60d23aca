// The sentences the executive summary tells: three to nine within a word budget that grows with the meeting (2% of
// it, 80 to 150 words; 60 at least kept 69 → 68 and 30 → 29 facts on the two advisor sets once key points were ten), figures and decisions before talk about them. A sentence whose note is still in a speaker's
// "I", "we" or "you" only fills a summary that has fewer than three (QMSum ROUGE-1 27.4 → 29.0 with such sentences
// left out, as the quoted speaker's words are not what a summary says).

import type { Pool } from "./candidates";
import { QUESTION_END } from "./candidates";
import { mmr, type Similarity } from "./choose-sentences";

/** Sentences told at most; the word budget is what usually ends the summary. */
const MAX_SUMMARY_SENTENCES = 9;
const MIN_SUMMARY_SENTENCES = 3;
const MIN_WORDS = 80;
const MAX_WORDS = 150;

/** A summary sentence as a note, and whether it is still in a speaker's own words; null when unusable. */
export type SummaryText = { text: string; inSpeakersWords: boolean } | null;

export function pickSummary(pool: Pool, similarity: Similarity, totalWords: number, texts: SummaryText[]): number[] {
  const budget = Math.min(MAX_WORDS, Math.max(MIN_WORDS, Math.round(totalWords * 0.02)));
  const usable = pool.candidates
    .map((_, i) => i)
    .filter((i) => !QUESTION_END.test(pool.candidates[i]!.display) && texts[i] !== null);
  let words = 0;
  const weight = (i: number) =>
    1 + (pool.candidates[i]!.concrete > 0 ? 0.3 : 0) + (pool.candidates[i]!.decision ? 0.3 : 0);
  const accept = (index: number, picked: number[]): boolean => {
    const next = texts[index]!.text.split(" ").length;
    if (picked.length >= MAX_SUMMARY_SENTENCES || (picked.length >= MIN_SUMMARY_SENTENCES && words + next > budget))
      return false;
    words += next;
    return true;
  };
  const picks = mmr(pool, similarity, usable, weight, (index, picked) =>
    texts[index]!.inSpeakersWords ? "skip" : accept(index, picked),
  );
  if (picks.length >= MIN_SUMMARY_SENTENCES) return picks;
  const rest = mmr(
    pool,
    similarity,
    usable.filter((i) => texts[i]!.inSpeakersWords),
    weight,
    (index, picked) => picks.length + picked.length < MIN_SUMMARY_SENTENCES && accept(index, [...picks, ...picked]),
    picks,
  );
  return [...picks, ...rest];
}
