// Questions across clients ("which clients have RMDs coming up?"): every meeting of the period is searched for the
// subject, and each client whose meetings hold a relevant sentence is listed with it. Clients whose meetings say
// nothing about the subject are left out, so the answer is never a list of recent clients.
import type { Sql } from "@cm/db";
import { STOP_WORDS, splitWords, stemWord } from "../local/text-tokens";
import type { Embedder } from "../types";
import type { Evidence, Passage } from "./answer-types";
import type { Period } from "./parse-period";
import { meetingInfoFor, passagesFromHits } from "./passages-from-hits";
import { type EmbeddingState, retrieveForQuestion, scoreForQuestion } from "./question-embedding";
import { figureFollows, isRelevant, type ScoredSentence } from "./select-evidence";
import type { QuestionKind } from "./understand-question";

/** Passages searched across all meetings: enough for a dozen clients with a few passages each. */
const ACROSS_PASSAGES = 40;
/** A client is listed when its best sentence scores at least this share of the best client's. */
const ACROSS_SHARE = 0.6;

export interface ClientFinding {
  clientName: string;
  best: ScoredSentence;
  passage: Passage;
}

/** Consecutive content words, stemmed, as pairs: "term life insurance" → "term life", "life insurance". */
function wordPairs(text: string): string[] {
  const words = splitWords(text)
    .filter((w) => !STOP_WORDS.has(w))
    .map(stemWord);
  const pairs: string[] = [];
  for (let i = 1; i < words.length; i++) pairs.push(`${words[i - 1]} ${words[i]}`);
  return pairs;
}

/**
 * The share of the subject's word pairs the sentence says in that order: "term life insurance" is not "long-term
 * care insurance", though both hold "term" and "insurance".
 */
export function phraseShare(subject: string, sentence: string): number {
  const wanted = wordPairs(subject);
  if (wanted.length === 0) return 0;
  const said = new Set(wordPairs(sentence));
  return wanted.filter((p) => said.has(p)).length / wanted.length;
}

/** How much saying the subject's phrases adds to a sentence's score when clients are compared. */
const PHRASE_WEIGHT = 0.3;

/** The clients whose sentences answer the subject, best first: one relevant sentence each (the best). */
export function clientsSupporting(
  scored: readonly ScoredSentence[],
  passages: readonly Passage[],
  subject = "",
): ClientFinding[] {
  const byClient = new Map<string, ClientFinding>();
  const ranked = subject
    ? scored
        .map((s) => ({ ...s, score: s.score + PHRASE_WEIGHT * phraseShare(subject, s.text) }))
        .sort((a, b) => b.score - a.score)
    : scored;
  for (const s of ranked) {
    const passage = passages[s.passage]!;
    if (byClient.has(passage.clientName)) continue;
    if (!isRelevant({ similarity: s.similarity, coverage: s.coverage, known: s.known })) continue;
    byClient.set(passage.clientName, { clientName: passage.clientName, best: s, passage });
  }
  const found = [...byClient.values()].sort((a, b) => b.best.score - a.best.score);
  const top = found[0]?.best.score ?? 0;
  return found.filter((f) => f.best.score >= top * ACROSS_SHARE);
}

/** A scored sentence as evidence of its passage (without its moment, read later from the segments). */
export function asEvidence(
  s: ScoredSentence,
  passages: readonly Passage[],
): Omit<Evidence, "seconds"> & { passage: number } {
  const p = passages[s.passage]!;
  return {
    passage: s.passage,
    meetingId: p.meetingId,
    title: p.title,
    date: p.date,
    clientName: p.clientName,
    source: p.source,
    speaker: s.speaker,
    text: figureFollows(s) ? `${s.text} ${s.next}` : s.text,
    score: s.score,
    similarity: s.similarity,
    coverage: s.coverage,
  };
}

/** Every meeting of the period searched for the subject: the passages, and one finding per supporting client. */
export async function gatherAcross(
  deps: { sql: Sql; embedder: Embedder; embedding: EmbeddingState; userId: number },
  subject: string,
  kinds: QuestionKind[],
  period: Period | undefined,
  signal?: AbortSignal,
): Promise<{ passages: Passage[]; chosen: (Omit<Evidence, "seconds"> & { passage: number })[] }> {
  const { sql, embedder, embedding, userId } = deps;
  const hits = await retrieveForQuestion(sql, embedder, embedding, userId, subject, {
    k: ACROSS_PASSAGES,
    filters: { from: period?.from, to: period?.to },
  });
  const passages = passagesFromHits(hits, await meetingInfoFor(sql, userId, hits));
  const scored = await scoreForQuestion(embedder, subject, kinds, passages, signal);
  return { passages, chosen: clientsSupporting(scored, passages, subject).map((f) => asEvidence(f.best, passages)) };
}
