// Questions about change ("what has changed for the Okafors since our first meeting?", "how has the plan changed?"):
// the subject is looked up in each of the client's held meetings on its own, and the answer gives the newest
// meeting's sentence and the first one's, newest first, each cited.
import type { Sql } from "@cm/db";
import type { MeetingFact } from "@cm/db/queries/intelligence";
import type { Embedder } from "../types";
import type { Evidence, Passage } from "./answer-types";
import { asEvidence } from "./gather-across";
import { meetingInfoFor, passagesFromHits } from "./passages-from-hits";
import { type EmbeddingState, retrieveForQuestion, scoreForQuestion } from "./question-embedding";
import type { QuestionKind } from "./understand-question";

/** The meetings compared: the newest, the first, and one between them when there is one. */
export function meetingsToCompare(facts: readonly MeetingFact[]): MeetingFact[] {
  if (facts.length <= 2) return [...facts];
  const middle = facts[Math.floor((facts.length - 1) / 2)]!;
  return [facts[0]!, middle, facts[facts.length - 1]!];
}

/** A question about change that names no subject asks what was decided: scored as decisions. */
const DECISION_QUERY = "decided agreed recommend plan going to will approved";

export async function gatherChanges(
  deps: { sql: Sql; embedder: Embedder; embedding: EmbeddingState; userId: number },
  facts: readonly MeetingFact[],
  subject: string,
  kinds: QuestionKind[],
  signal?: AbortSignal,
): Promise<{ passages: Passage[]; chosen: (Omit<Evidence, "seconds"> & { passage: number })[] }> {
  const { sql, embedder, embedding, userId } = deps;
  const query = subject || DECISION_QUERY;
  const asked: QuestionKind[] = subject ? kinds : ["decision"];
  const passages: Passage[] = [];
  const chosen: (Omit<Evidence, "seconds"> & { passage: number })[] = [];
  for (const fact of meetingsToCompare(facts)) {
    const hits = await retrieveForQuestion(sql, embedder, embedding, userId, query, {
      k: 4,
      filters: { meetingIds: [fact.id] },
    });
    const own = passagesFromHits(hits, await meetingInfoFor(sql, userId, hits, [fact]));
    const [best] = await scoreForQuestion(embedder, query, asked, own, signal);
    if (!best) continue;
    const offset = passages.length;
    passages.push(...own);
    chosen.push(asEvidence({ ...best, passage: best.passage + offset }, passages));
  }
  return { passages, chosen };
}
