// Questions about change ("what has changed for the Okafors since our first meeting?", "how has the plan changed?"):
// the subject is looked up in each of the client's held meetings on its own, and the answer leads with what the
// newer meetings state that differs (a figure, a decision, a status), newest first, then the first meeting's
// sentence on the same topic, each cited.

import type { MeetingFact } from "../answer-store";
import type { Gathered, Passage } from "../answer-types";
import { meetingInfoFor, passagesFromHits } from "../fetch/passages-from-hits";
import { type FetchDeps, retrieveForQuestion } from "../fetch/question-embedding";
import { rankingOf } from "../rank/answer-confidence";
import { type MeetingSentences, pickChanges } from "../rank/pick-changes";
import { asEvidence } from "../rank/pick-evidence";
import { type ScoredSentence, scoreForQuestion } from "../rank/score-sentences";
import type { QuestionKind } from "../understand/understand-question";

/** The meetings compared: the newest, the first, and one between them when there is one. */
export function meetingsToCompare(facts: readonly MeetingFact[]): MeetingFact[] {
  if (facts.length <= 2) return [...facts];
  const middle = facts[Math.floor((facts.length - 1) / 2)]!;
  return [facts[0]!, middle, facts[facts.length - 1]!];
}

/** A question about change that names no subject asks what was decided: scored as decisions. */
const DECISION_QUERY = "decided agreed recommend plan going to will approved";

type Recorded = string | { text: string; source?: { segment: number; start: number | null } };

/**
 * A recorded point as a passage: the notes' own words, never quoted as said ("Monthly benefit: $6,000 a month." read
 * as a transcript line had been credited to a speaker "Monthly benefit"), linked to the moment it cites.
 */
function pointPassage(fact: MeetingFact, point: Recorded): Passage {
  const text = typeof point === "string" ? point : point.text;
  const start = typeof point === "string" ? null : (point.source?.start ?? null);
  return {
    meetingId: fact.id,
    title: fact.title,
    date: fact.date,
    clientName: fact.clientName,
    content: text,
    source: "summary",
    startSeconds: start,
  };
}

/**
 * A meeting's recorded decisions, and its key points (for the first meeting its action items too: what was set
 * out to do), as passages: what a meeting settled is stated there in a sentence each, where retrieval by the
 * question's few words often finds only the talk around it.
 */
export function recordedPassages(fact: MeetingFact, isFirst: boolean): { decided: Passage[]; noted: Passage[] } {
  const decided = (fact.summary?.decisions ?? []).slice(0, 12).map((p) => pointPassage(fact, p));
  // A task is the summary's own wording ("Do the inquiry…"), not a sentence said: quoted as the summary's.
  const tasks: Recorded[] = isFirst ? (fact.summary?.actionItems ?? []).map((a) => a.task) : [];
  const points: Recorded[] = [...tasks, ...(fact.summary?.keyPoints ?? [])];
  return { decided, noted: points.slice(0, 20).map((p) => pointPassage(fact, p)) };
}

export async function gatherChanges(
  deps: FetchDeps,
  facts: readonly MeetingFact[],
  subject: string,
  kinds: QuestionKind[],
): Promise<Gathered> {
  const { store, embedder, userId, signal } = deps;
  const query = subject || DECISION_QUERY;
  const asked: QuestionKind[] = subject ? kinds : ["decision"];
  const passages: Passage[] = [];
  const meetings: MeetingSentences[] = [];
  for (const fact of meetingsToCompare(facts)) {
    const hits = await retrieveForQuestion(deps, query, { k: 4, filters: { meetingIds: [fact.id] } });
    const own = passagesFromHits(hits, await meetingInfoFor(store, userId, hits, [fact]));
    // What the meeting settled, as its summary recorded it; the first meeting's plans too, which a change revises.
    // Scored on their own: among a meeting's many sentences few of them would make the scorer's shortlist.
    const { decided, noted } = recordedPassages(fact, fact === facts[facts.length - 1]);
    const recorded = [...decided, ...noted];
    const offset = passages.length;
    const said = await scoreForQuestion(embedder, query, asked, own, signal);
    const settled = await scoreForQuestion(embedder, query, asked, recorded, signal);
    passages.push(...own, ...recorded);
    const scored = [
      ...said.map((s): ScoredSentence => ({ ...s, passage: s.passage + offset })),
      ...settled.map((s): ScoredSentence => ({ ...s, passage: s.passage + offset + own.length })),
    ].sort((a, b) => b.score - a.score);
    meetings.push({
      scored,
      text: [...own, ...recorded].map((p) => p.content).join(" "),
      decided: new Set(decided.map((_, i) => offset + own.length + i)),
      noted: new Set(noted.map((_, i) => offset + own.length + decided.length + i)),
    });
  }
  const first = meetings.pop();
  if (!first || meetings.length === 0) return { passages, chosen: [] };
  const picked = pickChanges(meetings, first, subject.length > 0).map((c) => c.sentence);
  return {
    passages,
    chosen: picked.map((s) => asEvidence(s, passages)),
    ranking: rankingOf(picked),
  };
}
