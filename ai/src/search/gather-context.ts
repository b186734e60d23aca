import { subDays } from "date-fns";
import type { Embedder } from "../types";
import type { AnswerContext, Evidence, Passage } from "./answer-types";
import { findUnknownClient, loadClientDirectory } from "./fetch/client-directory";
import { meetingInfoFor, passagesFromHits } from "./fetch/passages-from-hits";
import {
  type EmbeddingState,
  questionEmbedder,
  retrieveForQuestion,
  scoreForQuestion,
} from "./fetch/question-embedding";
import { asksWhenScheduled, meetingThatScheduled } from "./fetch/scheduled-meeting";
import type { AnswerStore, MeetingFact } from "./fetch/store";
import { gatherAcross } from "./gather-across";
import { gatherChanges } from "./gather-changes";
import { momentOf } from "./rank/moment-of";
import { namesIn } from "./rank/names-in-text";
import { pickEvidence } from "./rank/pick-evidence";
import { isRelevant, RELEVANCE, relevantForClient } from "./rank/relevance";
import { freshUnlessBest, referentNames } from "./understand/follow-up-referent";
import { clientWordTest, householdFirstNames, type NamedClient } from "./understand/match-client";
import { shapeOfQuestion } from "./understand/question-shape";
import { questionTerms } from "./understand/question-terms";
import { type HistoryMessage, type Understood, understandQuestion } from "./understand/understand-question";

const STOP = new Set([
  "the",
  "a",
  "an",
  "our",
  "my",
  "with",
  "and",
  "for",
  "of",
  "to",
  "in",
  "on",
  "about",
  "meeting",
  "meetings",
]);
const topicWords = (topic: string) =>
  topic
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 2 && !STOP.has(w));

/** How many of the topic's words a meeting's title and type hold. */
function topicScore(fact: MeetingFact, words: string[]): number {
  const text = `${fact.title} ${fact.type}`.toLowerCase();
  return words.filter((w) => text.includes(w)).length;
}

/**
 * The meetings a topic names, best match first: those whose title holds every word of the topic (or the most of
 * them) come before those matching one word, newest first among equals. A title that holds all the words stands
 * alone, so "the meeting about investment review" cites that meeting, not every review.
 */
export function rankByTopic(facts: MeetingFact[], words: string[], limit = 5): MeetingFact[] {
  const scored = facts.map((fact, order) => ({ fact, order, score: topicScore(fact, words) }));
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  const best = scored[0]?.score ?? 0;
  const complete = best > 0 && best === words.length;
  return scored
    .filter((s) => (complete ? s.score === best : s.score > 0))
    .slice(0, limit)
    .map((s) => s.fact);
}

/** Words that ask about meetings in general ("what happened", "any updates"), not about something in them. */
const GENERAL_WORDS = new Set([
  "happen",
  "happened",
  "new",
  "update",
  "updates",
  "cover",
  "covered",
  "recap",
  "overview",
]);

/**
 * True when every term of the question is already resolved to the meetings found (client names, titles, the period):
 * "What happened with the Hendricks trust in April?" lists those meetings rather than looking for a sentence.
 */
function asksOnlyForMeetings(understood: AnswerContext["understood"], facts: MeetingFact[]): boolean {
  const resolved = new Set(
    questionTerms(
      [
        ...understood.clients.map((c) => c.name),
        ...facts.map((f) => `${f.title} ${f.type} ${f.clientName}`),
        understood.period?.label ?? "",
        understood.topic ?? "",
        [...GENERAL_WORDS].join(" "),
      ].join(" "),
    ),
  );
  return questionTerms(understood.searchText).every((t) => resolved.has(t) || /^\d+$/.test(t) || MONTHS.has(t));
}

/** Words of periods, stemmed as question terms are. */
const MONTHS = new Set(
  questionTerms(
    "january february march april may june july august september october november december last week month year ago recent recently",
  ),
);

/** Seconds into the recording for each piece of evidence, read from the transcripts' segments. */
async function withMoments(
  store: AnswerStore,
  chosen: (Omit<Evidence, "seconds"> & { passage: number })[],
  passages: Passage[],
): Promise<Evidence[]> {
  const meetings = [...new Set(chosen.filter((e) => e.source === "transcript").map((e) => e.meetingId))];
  const segments = new Map<number, { start: number | null; text: string }[]>();
  for (const id of meetings) {
    // Only the cited passages' segments: a long meeting's whole transcript is 10 MB and more.
    const spans = chosen.flatMap((e) => {
      const span = e.meetingId === id && e.source === "transcript" ? passages[e.passage]?.segmentIndexes : undefined;
      return span ? [span] : [];
    });
    segments.set(id, await store.segmentSpans(id, spans));
  }
  return chosen.map(({ passage, ...e }) => ({
    ...e,
    seconds: e.source === "transcript" ? momentOf(e.text, passages[passage]!, segments.get(e.meetingId)) : null,
  }));
}

/** The meetings the conversation's last answer cited (its links), which "she", "that meeting" and "them" refer to. */
export function meetingsOfLastAnswer(history: readonly HistoryMessage[]): number[] {
  const last = history.findLast((m) => m.role === "assistant");
  if (!last) return [];
  const ids: number[] = [];
  for (const match of last.content.matchAll(/\/meetings\/(\d{1,12})/g)) {
    const id = Number(match[1]);
    if (!ids.includes(id) && ids.length < 10) ids.push(id);
  }
  return ids;
}

/**
 * The names in the last answer's finding (its first line, before who said it), lower case: "**Carmen as guardian,
 * Patrick as trustee.** — Meeting summary, …" → carmen, patrick.
 */
export function namesOfLastFinding(history: readonly HistoryMessage[]): string[] {
  const last = history.findLast((m) => m.role === "assistant")?.content ?? "";
  const firstLine = last.slice(0, 2000).split("\n", 1)[0] ?? "";
  const finding = firstLine.split(" — ", 1)[0]!.replace(/\*\*/g, "").replace(/\\/g, "");
  // namesIn skips a question's first word; the finding's first word may be a name.
  return namesIn(`. ${finding}`);
}

/** "that meeting", "the same call": the meeting the last answer was about. */
const THAT_MEETING = /\b(?:that|this|the\s+same)\s+(?:meeting|call|session|conversation)\b/i;

/**
 * The question without the resolved clients' names ("the Okafors' roof" → "the roof"): once the search is scoped to
 * their meetings the names tell no sentence apart, and a plural or possessive form the meetings never say would count
 * as a term they do not know. The text itself when nothing else would be left.
 */
export function withoutClientNames(text: string, clients: readonly NamedClient[]): string {
  if (clients.length === 0) return text;
  const isName = clientWordTest(clients);
  const people = new Set(clients.flatMap((c) => householdFirstNames(c.name)));
  const kept = text
    .split(" ")
    .filter((word) => {
      const bare = word.replace(/[’']s$|[’']$/i, "").replace(/^[^\p{L}\p{N}]+|(?<![^\p{L}\p{N}])[^\p{L}\p{N}]+$/gu, "");
      if (people.has(bare.toLowerCase())) return true;
      const name = bare.length > 0 && bare.split("-").every(isName);
      return !name;
    })
    .join(" ");
  return kept.trim() ? kept : text;
}

/** The question's subject words that are not the clients' names ("the Okafors' roof" → "roof"). */
function subjectBeyondClients(subject: string, clients: readonly NamedClient[]): string {
  const isName = clientWordTest(clients);
  return subject
    .split(" ")
    .filter((w) => w && !isName(w))
    .join(" ");
}

/** What a question that names a meeting but no subject ("what did we decide at our last meeting?") is scored by. */
const DECISION_TEXT = "decided agreed we will going to recommend go ahead plan approved";

/**
 * Resolves what the question asks from the database first (periods, clients, "last meeting",
 * "which clients", "the meeting about ..."), then adds the best passages from those meetings.
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
  const quick = questionEmbedder(embedder, embedding);
  const clients = await loadClientDirectory(store, userId);
  const understood = understandQuestion(question, history, clients, now);
  const nothing = (extra: Partial<AnswerContext> = {}): AnswerContext => ({
    question,
    understood,
    facts: [],
    passages: [],
    evidence: [],
    found: false,
    history,
    ...extra,
  });
  if (!meetingIds && understood.clients.length === 0) {
    const unknownClient = await findUnknownClient(store, userId, question, clients);
    if (unknownClient) return nothing({ unknownClient });
  }
  // A follow-up that names nobody is about the client and meeting of the conversation's last answer.
  let lastAnswerMeetings: MeetingFact[] = [];
  if (!meetingIds && understood.followUp) {
    const cited = meetingsOfLastAnswer(history);
    // The user's own meetings only: a deleted meeting (or another user's id) is simply not found.
    lastAnswerMeetings = cited.length ? await store.meetingFacts(userId, { meetingIds: cited }) : [];
    if (understood.clients.length === 0 && lastAnswerMeetings.length) {
      const first = lastAnswerMeetings.find(
        (f) => f.id === cited.find((id) => lastAnswerMeetings.some((m) => m.id === id)),
      );
      const client = clients.find((c) => c.id === first?.clientId);
      if (client) understood.clients = [client];
    }
  }
  const shape = shapeOfQuestion(question, understood.clients.length > 0);
  if (meetingIds) {
    understood.clients = [];
    understood.period = undefined;
    understood.topic = undefined;
  }
  const clientIds = understood.clients.length ? understood.clients.map((c) => c.id) : undefined;
  const period = understood.period;
  const deps = { store, embedder: quick, embedding, userId };

  if (!meetingIds && shape.across && !understood.followUp) {
    const { passages, chosen } = await gatherAcross(deps, shape.subject, understood.kinds, period, signal);
    const evidence = await withMoments(store, chosen, passages);
    if (evidence.length === 0) return nothing({ shape });
    return {
      question,
      understood: { ...understood, intent: "general" },
      shape,
      facts: [],
      passages,
      evidence,
      acrossClients: evidence.map((e) => ({ clientName: e.clientName, evidence: [e] })),
      found: true,
      history,
      ...(embedding.failure !== undefined ? { embeddingFailure: embedding.failure } : {}),
    };
  }

  // The client's meetings held so far (planned meetings answer "next", never "last" or "first").
  const held = async () =>
    store.meetingFacts(userId, {
      clientIds,
      from: period?.from,
      to: period?.to,
      held: true,
      limit: 50,
    });
  const subject = subjectBeyondClients(shape.subject, understood.clients);
  const asksSomething = subject.length > 0 || understood.kinds.length > 0;

  if (!meetingIds && shape.changes && clientIds) {
    const facts = await held();
    if (facts.length >= 2) {
      const { passages, chosen } = await gatherChanges(deps, facts, subject, understood.kinds, signal);
      const changes = await withMoments(store, chosen, passages);
      if (changes.length) {
        return {
          question,
          understood: { ...understood, intent: "general" },
          shape,
          facts: [],
          passages,
          evidence: changes,
          changes,
          found: true,
          history,
          ...(embedding.failure !== undefined ? { embeddingFailure: embedding.failure } : {}),
        };
      }
    }
  }

  // "When was the signing scheduled?": the client's next meeting, when the signing is what it was set for.
  const scheduled =
    !meetingIds && clientIds && !period && understood.intent === "general" && asksWhenScheduled(question)
      ? await meetingThatScheduled(store, await held(), subject)
      : undefined;
  let facts: MeetingFact[] = [];
  let planned: AnswerContext["planned"];
  let clientsMet: AnswerContext["clientsMet"];
  if (meetingIds) {
    facts = await store.meetingFacts(userId, { meetingIds });
  } else if (scheduled) {
    facts = [scheduled];
    understood.intent = "next_meeting";
  } else if (understood.followUp && THAT_MEETING.test(question) && lastAnswerMeetings.length) {
    facts = lastAnswerMeetings.slice(0, 1);
    understood.intent = asksSomething ? "general" : understood.intent;
  } else if (shape.pick && clientIds && (asksSomething || shape.pick === "first")) {
    // "At our first meeting with…", "our most recent meeting with…": that one meeting, for what the question asks.
    const all = await held();
    const picked = shape.pick === "first" ? all[all.length - 1] : all[0];
    facts = picked ? [picked] : [];
    if (asksSomething) understood.intent = "general";
  } else if (understood.intent === "clients_met") {
    const from = period?.from ?? subDays(now, 30);
    const to = period?.to ?? now;
    clientsMet = await store.clientsMet(userId, from, to);
    if (!understood.period) understood.period = { from, to, label: "in the last month" };
  } else if (understood.topic) {
    const words = topicWords(understood.topic);
    facts = rankByTopic(
      await store.meetingFacts(userId, {
        clientIds,
        from: period?.from,
        to: period?.to,
        titleWords: words,
        limit: 50,
      }),
      words,
    );
    if (facts.length === 0) {
      // No title matches: let retrieval find the meeting the topic is about.
      const hits = await retrieveForQuestion(store, quick, embedding, userId, understood.topic, {
        k: 3,
        filters: { clientIds, from: period?.from, to: period?.to },
      });
      const ids = [...new Set(hits.map((h) => h.meetingId))];
      if (ids.length) facts = await store.meetingFacts(userId, { meetingIds: ids.slice(0, 1) });
    }
  } else if (understood.intent === "last_meeting" || understood.intent === "next_meeting") {
    // "Next": the calendar's planned meetings answer first, then what the last meetings held agreed.
    if (understood.intent === "next_meeting") planned = await store.plannedMeetings(userId, { clientIds, from: now });
    const limit = understood.intent === "last_meeting" ? 1 : 3;
    facts = await store.meetingFacts(userId, {
      clientIds,
      from: period?.from,
      to: period?.to,
      held: true,
      limit,
      offset: understood.intent === "last_meeting" ? understood.offset : 0,
    });
  } else if (understood.clients.length && understood.intent !== "general") {
    facts = await store.meetingFacts(userId, { clientIds, from: period?.from, to: period?.to, limit: 10 });
  } else if (period) {
    facts = await store.meetingFacts(userId, { clientIds, from: period.from, to: period.to, limit: 20 });
  } else if (understood.clients.length) {
    facts = await store.meetingFacts(userId, { clientIds, limit: 10 });
  }

  const scopedIds = facts.length ? facts.map((f) => f.id) : clientsMet?.map((c) => c.lastMeetingId);
  // Meetings picked by place, period or the conversation, with nothing asked but a decision: their decisions answer.
  const meetingsChosen = facts.length > 0 && (shape.pick !== undefined || period !== undefined || understood.followUp);
  const decisionsOnly = meetingsChosen && subject.length === 0 && understood.kinds.includes("decision");
  // A follow-up whose client (or meeting) is resolved is searched by its own words: the earlier question's terms
  // would only dilute them ("who is driving her there?" asks about driving, not the signing asked before).
  const ownWords =
    understood.followUp && clientIds && questionTerms(withoutClientNames(question, understood.clients)).length > 0;
  // "Where does he live?": the person the last answer named joins the follow-up's own words.
  const referents = understood.followUp && ownWords ? referentNames(question, namesOfLastFinding(history)) : [];
  const ownText = referents.length ? `${question} ${referents.join(" ")}` : question;
  const searchText = decisionsOnly
    ? DECISION_TEXT
    : withoutClientNames(ownWords ? ownText : understood.searchText, meetingIds ? [] : understood.clients);
  const hits = await retrieveForQuestion(store, quick, embedding, userId, searchText, {
    k: 8,
    filters: scopedIds?.length ? { meetingIds: scopedIds } : { clientIds, from: period?.from, to: period?.to },
  });
  const passages = passagesFromHits(hits, await meetingInfoFor(store, userId, hits, facts));

  // The sentences that answer, and whether anything is relevant enough to answer from.
  // The names the user wrote (a client's among them) are never the person asked for, even once left out of the search;
  // nor, in a follow-up, those the last answer gave ("Carmen as guardian." — "And who is the backup?").
  const named = [...namesIn(question), ...(understood.followUp ? namesOfLastFinding(history) : [])];
  const scored = await scoreForQuestion(quick, searchText, understood.kinds, passages, signal, named);
  // A question about a client the user named is answered from that client's meetings on a lower bar.
  const clientScoped = !meetingIds && understood.clients.length > 0;
  const relevant =
    isRelevant(scored[0]) || (clientScoped && scored.slice(0, RELEVANCE.topSentences).some(relevantForClient));
  // A question asked about given meetings is answered from them, with the best sentences they have.
  const scoped = (meetingIds !== undefined || decisionsOnly) && scored.length > 0;
  const found = planned?.length
    ? true
    : clientsMet
      ? clientsMet.length > 0
      : scoped
        ? true
        : facts.length > 0 && (understood.intent !== "general" || asksOnlyForMeetings(understood, facts))
          ? true
          : relevant;
  const ranked = shape.notesFirst ? notesFirst(scored, passages) : scored;
  const picked = (relevant || scoped) && found ? pickEvidence(ranked, passages, understood.kinds) : [];
  const evidence = await withMoments(store, understood.followUp ? freshUnlessBest(picked, history) : picked, passages);
  return {
    question,
    understood,
    shape,
    facts: found ? facts : [],
    ...(planned?.length ? { planned } : {}),
    clientsMet,
    passages: found ? passages : [],
    evidence,
    found,
    relevance: scored[0]
      ? { similarity: scored[0].similarity, coverage: scored[0].coverage, score: scored[0].score }
      : undefined,
    history,
    ...(embedding.failure !== undefined ? { embeddingFailure: embedding.failure } : {}),
  };
}

/** "What did I write in my notes about…": the relevant sentences of the advisor's notes lead. */
function notesFirst<T extends { passage: number; similarity: number; coverage: number; known?: number }>(
  scored: readonly T[],
  passages: readonly Passage[],
): T[] {
  const fromNotes = (s: T) => passages[s.passage]?.source === "note" && isRelevant({ ...s, answerable: undefined });
  return [...scored.filter(fromNotes), ...scored.filter((s) => !fromNotes(s))];
}

/**
 * A follow-up adds to the last answer: sentences that answer already quoted are dropped (when others are left), so
 * the follow-up never repeats it word for word.
 */
export function notRepeated<T extends { text: string }>(chosen: T[], history: readonly HistoryMessage[]): T[] {
  const last = history.findLast((m) => m.role === "assistant")?.content ?? "";
  if (!last) return chosen;
  const plain = last.replace(/\\/g, "");
  const fresh = chosen.filter((e) => !plain.includes(e.text));
  return fresh.length ? fresh : chosen;
}

export type { Understood };
