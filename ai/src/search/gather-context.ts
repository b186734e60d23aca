import type { Sql } from "@cm/db";
import { findClientsMet, findMeetingFacts, listClientNames, type MeetingFact } from "@cm/db/queries/intelligence";
import { readSegmentSpans } from "@cm/db/queries/transcript-pages";
import { subDays } from "date-fns";
import type { Embedder } from "../types";
import type { AnswerContext, Evidence, Passage } from "./answer-types";
import { type EmbeddingState, questionEmbedder, retrieveForQuestion, scoreForQuestion } from "./question-embedding";
import { isRelevant, momentOf, pickEvidence, questionTerms } from "./select-evidence";
import { type HistoryMessage, understandQuestion } from "./understand-question";

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
  sql: Sql,
  chosen: ReturnType<typeof pickEvidence>,
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
    segments.set(id, await readSegmentSpans(sql, id, spans));
  }
  return chosen.map(({ passage, ...e }) => ({
    ...e,
    seconds: e.source === "transcript" ? momentOf(e.text, passages[passage]!, segments.get(e.meetingId)) : null,
  }));
}

/**
 * Resolves what the question asks from the database first (periods, clients, "last meeting",
 * "which clients", "the meeting about ..."), then adds the best passages from those meetings.
 */
export async function gatherContext(
  sql: Sql,
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
  const clients = await listClientNames(sql, userId);
  const understood = understandQuestion(question, history, clients, now);
  if (meetingIds) {
    understood.clients = [];
    understood.period = undefined;
    understood.topic = undefined;
  }
  const clientIds = understood.clients.length ? understood.clients.map((c) => c.id) : undefined;
  const period = understood.period;
  let facts: MeetingFact[] = [];
  let clientsMet: AnswerContext["clientsMet"];

  if (meetingIds) {
    facts = await findMeetingFacts(sql, userId, { meetingIds });
  } else if (understood.intent === "clients_met") {
    const from = period?.from ?? subDays(now, 30);
    const to = period?.to ?? now;
    clientsMet = await findClientsMet(sql, { userId, from, to });
    if (!understood.period) understood.period = { from, to, label: "in the last month" };
  } else if (understood.topic) {
    const words = topicWords(understood.topic);
    facts = rankByTopic(
      await findMeetingFacts(sql, userId, {
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
      const hits = await retrieveForQuestion(sql, quick, embedding, userId, understood.topic, {
        k: 3,
        filters: { clientIds, from: period?.from, to: period?.to },
      });
      const ids = [...new Set(hits.map((h) => h.meetingId))];
      if (ids.length) facts = await findMeetingFacts(sql, userId, { meetingIds: ids.slice(0, 1) });
    }
  } else if (understood.intent === "last_meeting" || (understood.clients.length && understood.intent !== "general")) {
    const limit = understood.intent === "last_meeting" ? 1 : 10;
    facts = await findMeetingFacts(sql, userId, {
      clientIds,
      from: period?.from,
      to: period?.to,
      limit,
      offset: understood.intent === "last_meeting" ? understood.offset : 0,
    });
  } else if (period) {
    facts = await findMeetingFacts(sql, userId, { clientIds, from: period.from, to: period.to, limit: 20 });
  } else if (understood.clients.length) {
    facts = await findMeetingFacts(sql, userId, { clientIds, limit: 10 });
  }

  const scopedIds = facts.length ? facts.map((f) => f.id) : clientsMet?.map((c) => c.lastMeetingId);
  const hits = await retrieveForQuestion(sql, quick, embedding, userId, understood.searchText, {
    k: 8,
    filters: scopedIds?.length ? { meetingIds: scopedIds } : { clientIds, from: period?.from, to: period?.to },
  });
  const meetingInfo = new Map<number, { title: string; date: Date; clientName: string }>();
  for (const f of facts) meetingInfo.set(f.id, f);
  const missing = [...new Set(hits.map((h) => h.meetingId))].filter((id) => !meetingInfo.has(id));
  if (missing.length)
    for (const f of await findMeetingFacts(sql, userId, { meetingIds: missing })) meetingInfo.set(f.id, f);
  const passages: Passage[] = hits.flatMap((h) => {
    const info = meetingInfo.get(h.meetingId);
    if (!info) return [];
    const m = h.metadata ?? {};
    return [
      {
        meetingId: h.meetingId,
        title: info.title,
        date: info.date,
        clientName: info.clientName,
        source: h.source,
        content: h.content,
        startSeconds: typeof m.startSeconds === "number" ? m.startSeconds : null,
        speakers: Array.isArray(m.speakers) ? m.speakers.filter((s): s is string => typeof s === "string") : [],
        segmentIndexes:
          Array.isArray(m.segmentIndexes) && m.segmentIndexes.length === 2
            ? (m.segmentIndexes as [number, number])
            : undefined,
        ...(h.windowSimilarities ? { windowSimilarities: h.windowSimilarities } : {}),
      },
    ];
  });

  // The sentences that answer, and whether anything is relevant enough to answer from.
  const scored = await scoreForQuestion(quick, understood.searchText, understood.kinds, passages, signal);
  const relevant = isRelevant(scored[0]);
  // A question asked about given meetings is answered from them, with the best sentences they have.
  const scoped = meetingIds !== undefined && scored.length > 0;
  const found = clientsMet
    ? clientsMet.length > 0
    : scoped
      ? true
      : facts.length > 0 && (understood.intent !== "general" || asksOnlyForMeetings(understood, facts))
        ? true
        : relevant;
  const evidence =
    (relevant || scoped) && found
      ? await withMoments(sql, pickEvidence(scored, passages, understood.kinds), passages)
      : [];
  return {
    question,
    understood,
    facts: found ? facts : [],
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
