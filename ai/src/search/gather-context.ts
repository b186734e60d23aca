// The answer path up to writing: understand the question into a plan (understand/, pure), then gather through the
// plan's answer kind (kinds/registry.ts), which fetches through the store (fetch/) and ranks (rank/). Before the
// plan, the few reads understanding needs: the client directory and the meetings the conversation's last answer
// cited. A capitalised phrase is a client's name only when it matches one of the user's clients.

import type { Embedder } from "../types";
import type { AnswerStore, MeetingFact } from "./answer-store";
import type { AnswerContext } from "./answer-types";
import { loadClientDirectory } from "./fetch/client-directory";
import { type EmbeddingState, questionEmbedder } from "./fetch/question-embedding";
import { withStoredSentences } from "./fetch/stored-sentences";
import { gatherByKind } from "./kinds/registry";
import { meetingsOfLastAnswer } from "./understand/last-answer";
import type { NamedClient } from "./understand/match-client";
import { planQuestion } from "./understand/plan-question";
import { shapeOfQuestion } from "./understand/question-shape";
import { type HistoryMessage, type Understood, understandQuestion } from "./understand/understand-question";

/**
 * Resolves what the question asks from the database first (periods, clients, "last meeting", "which clients", "the
 * meeting about ..."), then adds the best passages from those meetings.
 */
export async function gatherContext(
  store: AnswerStore,
  embedder: Embedder,
  userId: number,
  question: string,
  history: HistoryMessage[],
  now = new Date(),
  signal?: AbortSignal,
  /** Answer from these meetings only (a question asked about one meeting, the QMSum benchmark). */
  meetingIds?: number[],
): Promise<AnswerContext> {
  const embedding: EmbeddingState = {};
  // Sentences whose vectors indexing stored are read, not encoded again (stored-sentences.ts).
  const deps = {
    store,
    embedder: questionEmbedder(withStoredSentences(embedder, store, userId), embedding),
    embedding,
    userId,
    signal,
  };
  const clients = await loadClientDirectory(store, userId);
  const understood = understandQuestion(question, history, clients, now);
  const lastAnswerMeetings =
    !meetingIds && understood.followUp ? await followUpMeetings(store, userId, understood, history, clients) : [];
  const shape = shapeOfQuestion(question, understood.clients.length > 0);
  if (meetingIds) {
    understood.clients = [];
    understood.period = undefined;
    understood.topic = undefined;
  }
  const plan = planQuestion({
    question,
    understood,
    shape,
    history,
    now,
    meetingIds,
    lastAnswerMeetings,
  });
  return gatherByKind(plan, deps);
}

/**
 * The meetings the last answer cited (the user's own only: a deleted meeting, or another user's id, is simply not
 * found). A follow-up that names nobody is about the client of the first of them: `understood` takes that client.
 */
async function followUpMeetings(
  store: AnswerStore,
  userId: number,
  understood: Understood,
  history: readonly HistoryMessage[],
  clients: readonly NamedClient[],
): Promise<MeetingFact[]> {
  const cited = meetingsOfLastAnswer(history);
  const meetings = cited.length ? await store.meetingFacts(userId, { meetingIds: cited }) : [];
  if (understood.clients.length === 0 && meetings.length) {
    const first = meetings.find((f) => f.id === cited.find((id) => meetings.some((m) => m.id === id)));
    const client = clients.find((c) => c.id === first?.clientId);
    if (client) understood.clients = [client];
  }
  return meetings;
}
