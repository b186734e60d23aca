// Whether the best sentence is relevant enough to answer from; when not, nothing in the meetings answers.

/** Sentences embedded per question at most (one batch): the best by term overlap and passage rank. */
export const MAX_EMBEDDED_SENTENCES = 48;

/**
 * Relevance thresholds, calibrated with `bun run ai/bench/answers.ts --calibrate` on the off-topic and advisor
 * question sets (ai/bench/answers/question-sets.ts): the best sentence must cover at least MIN_COVERAGE of the
 * question's terms (discounted by the share of them the meetings hold at all) and that coverage plus its similarity
 * must reach MIN_COMBINED; a sentence sharing fewer terms passes only when it is a close paraphrase
 * (PARAPHRASE_SIMILARITY).
 */
export const RELEVANCE = {
  minCoverage: 0.3,
  minCombined: 0.75,
  paraphraseSimilarity: 0.6,
  /** The question is answerable when one of this many best-scored sentences is relevant. */
  topSentences: 5,
};

/**
 * True when the sentence is relevant enough to answer from (see RELEVANCE). Its coverage counts in proportion to the
 * share of the question the meetings know at all (`known`): one shared word ("capital") does not make "What is the
 * capital of France?" a question about meetings where "France" is never said. Given the best of scoreSentences,
 * whether any of the top sentences is (`answerable`): the ranking weighs the kind of fact, relevance does not.
 */
export function isRelevant(
  best: { similarity: number; coverage: number; known?: number; answerable?: boolean } | undefined,
): boolean {
  if (!best) return false;
  if (best.answerable !== undefined) return best.answerable;
  return relevantSentence(best);
}

/**
 * Relevance for a question already scoped to a client the user named: the sentences come from that client's
 * meetings only, so a sentence holding a good share of the question's other terms answers it even when the
 * embedder finds it far ("Ruth's fee for the trust package" said as "thirty-nine hundred flat").
 */
export const CLIENT_SCOPED_COVERAGE = 0.4;

export function relevantForClient(s: { similarity: number; coverage: number; known?: number }): boolean {
  return (
    relevantSentence(s) ||
    s.coverage >= CLIENT_SCOPED_COVERAGE ||
    (s.coverage >= RELEVANCE.minCoverage && s.coverage + s.similarity >= RELEVANCE.minCombined)
  );
}

export function relevantSentence(s: { similarity: number; coverage: number; known?: number }): boolean {
  if (s.similarity >= RELEVANCE.paraphraseSimilarity) return true;
  const coverage = s.coverage * (s.known ?? 1);
  return coverage >= RELEVANCE.minCoverage && coverage + s.similarity >= RELEVANCE.minCombined;
}
