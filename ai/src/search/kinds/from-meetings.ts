// The general path, shared by the kinds answered from meetings: the plan's meetings resolved, their passages (or
// every meeting's, for an open question) retrieved and their sentences scored, then whether anything answers and
// the sentences the answer quotes.

import type { SummaryFact } from "../../types";
import type { MeetingFact } from "../answer-store";
import type { AnswerContext, Evidence } from "../answer-types";
import { type MeetingInfo, meetingInfoFor, passagesFromHits } from "../fetch/passages-from-hits";
import type { FetchDeps } from "../fetch/question-embedding";
import { retrieveForQuestion } from "../fetch/question-embedding";
import { resolveMeetings } from "../fetch/resolve-meetings";
import { withMoments } from "../fetch/with-moments";
import { rankingOf } from "../rank/answer-confidence";
import { asksOnlyForMeetings, namesNobodySaid, notesFirst } from "../rank/answer-found";
import { holdsFact, pickEvidence } from "../rank/pick-evidence";
import { type RecordFigureAnswer, recordFigureFor } from "../rank/record-figure";
import { isRelevant, RELEVANCE, relevantForClient } from "../rank/relevance";
import { asksFact, scoreForQuestion } from "../rank/score-sentences";
import { freshUnlessBest } from "../understand/follow-up-referent";
import { namesOfLastFinding } from "../understand/last-answer";
import { type TaggedQuestion, tagQuestion } from "../understand/noun-compounds";
import type { AnswerPlan } from "../understand/plan-question";
import { DECISION_TEXT } from "../understand/search-text";
import { embeddingFailureOf } from "./answer-kind";

export async function gatherFromMeetings(plan: AnswerPlan, deps: FetchDeps): Promise<AnswerContext> {
  const { store, userId } = deps;
  const { question, understood, history, meetingIds, clientIds, period } = plan;
  const { facts, planned, clientsMet } = await resolveMeetings(plan, deps);
  const scopedIds = facts.length ? facts.map((f) => f.id) : clientsMet?.map((c) => c.lastMeetingId);
  // Searched by the plan's words; a decision asked of the meetings found, by words of deciding.
  const decisionsOnly = plan.decisionsOnly && facts.length > 0;
  const searchText = decisionsOnly ? DECISION_TEXT : plan.searchText;
  const hits = await retrieveForQuestion(deps, searchText, {
    k: 8,
    filters: scopedIds?.length ? { meetingIds: scopedIds } : { clientIds, from: period?.from, to: period?.to },
  });
  const info = await meetingInfoFor(store, userId, hits, facts);
  const passages = passagesFromHits(hits, info);

  // The names the user wrote (a client's among them) are never the person asked for, even once left out of the search;
  // nor, in a follow-up, those the last answer gave ("Carmen as guardian." — "And who is the backup?").
  const named = [...understood.names, ...(understood.followUp ? namesOfLastFinding(history) : [])];
  const scored = await scoreForQuestion(deps.embedder, searchText, understood.kinds, passages, deps.signal, named);
  // A question about a client the user named is answered from that client's meetings on a lower bar.
  const clientScoped = !meetingIds && understood.clients.length > 0;
  const relevant =
    isRelevant(scored[0]) || (clientScoped && scored.slice(0, RELEVANCE.topSentences).some(relevantForClient));
  // A question asked about given meetings is answered from them, with the best sentences they have.
  const givenScope = (meetingIds !== undefined || decisionsOnly) && scored.length > 0;
  const meetingsAnswer = () =>
    facts.length > 0 && (understood.intent !== "general" || asksOnlyForMeetings(understood, facts));
  const unknownName = namesNobodySaid(understood, passages, facts);
  const foundOtherwise =
    !unknownName &&
    (Boolean(planned?.length) || (clientsMet ? clientsMet.length > 0 : givenScope || meetingsAnswer() || relevant));
  // A question about a client the user named shows their meetings' closest passages rather than "nothing found" (the
  // answer says it is not sure), when there are passages to show.
  const clientPassages = clientScoped && !unknownName && scored.length > 0;
  const ranked = plan.shape.notesFirst ? notesFirst(scored, passages) : scored;
  const picks = foundOtherwise ? relevant || givenScope : clientPassages;
  const picked = picks ? pickEvidence(ranked, passages, understood.kinds) : [];
  // A follow-up adds to the last answer: a sentence it quoted comes again only when it holds what is now asked.
  const answersAsked = (text: string) => !asksFact(understood.kinds) || holdsFact(text, understood.kinds);
  const answering = understood.followUp ? freshUnlessBest(picked, history, answersAsked) : picked;
  // A question about how things stand now ("What is Linden Court charging now?") leads with the newest meeting's best
  // sentence: an older one's figure is what stood then.
  const fresh = plan.shape.current ? newestMeetingFirst(answering) : answering;
  // An amount asked of a client's meetings (not who or when), or a question naming a thing and nothing more
  // ("the Ortegas' child support?"): a figure of their records naming what was asked leads.
  const kinds = understood.kinds;
  const onlyAmount = kinds.includes("amount") && !kinds.some((k) => k === "who" || k === "when");
  // Asked of no client or meeting, the figures are those of the meetings the relevant passages come from.
  const figureMeetings = facts.length ? facts : relevant ? meetingsOf(passages, info) : [];
  const tagged =
    !unknownName && figureMeetings.length > 0 && (onlyAmount || kinds.length === 0)
      ? await tagQuestion(question)
      : undefined;
  const valueOfNamed = tagged !== undefined && (onlyAmount || (tagged.onlyNames && !understood.followUp));
  // Asked how things stand now, a figure is read only from the newest meeting that says anything relevant: an older
  // meeting's figure is what stood then ("What is the home charging now?" after the rate changed).
  const figuresOf =
    plan.shape.current && fresh[0] ? figureMeetings.filter((m) => m.id === fresh[0]!.meetingId) : figureMeetings;
  const record = tagged && valueOfNamed ? await figureAsked(plan, deps, figuresOf, tagged) : undefined;
  const found = foundOtherwise || (clientPassages && fresh.length > 0) || record !== undefined;
  const said = await withMoments(store, fresh, passages);
  const evidence = record
    ? [recordEvidence(record, figureMeetings), ...said.filter((e) => !saysFigure(e, record))]
    : said;
  return {
    question,
    understood,
    shape: plan.shape,
    facts: found ? facts : [],
    ...(planned?.length ? { planned } : {}),
    clientsMet,
    passages: found ? passages : [],
    evidence,
    found,
    ...(record ? { figureLead: { coverage: record.coverage, agrees: readFrom(record, said) } } : {}),
    ranking: rankingOf(ranked, fresh[0]),
    relevance: scored[0]
      ? { similarity: scored[0].similarity, coverage: scored[0].coverage, score: scored[0].score }
      : undefined,
    history,
    ...embeddingFailureOf(deps),
  };
}

/** The figure of the meetings' records that answers an amount asked (../rank/record-figure.ts), or none. */
async function figureAsked(
  plan: AnswerPlan,
  deps: FetchDeps,
  facts: readonly MeetingFact[],
  tagged: TaggedQuestion,
): Promise<RecordFigureAnswer | undefined> {
  const stored = await deps.store.recordFigures(
    deps.userId,
    facts.map((f) => f.id),
  );
  const byMeeting = new Map(stored.map((s) => [s.meetingId, s.figures]));
  // Newest meeting first, as the facts come: a figure said again later is the one that stands.
  // Only what the meeting's notes say (as the advisor left them): a figure the record holds below its confidence is
  // not in the notes, and the answer cites it as the notes'.
  const figures = facts.flatMap((f) =>
    (byMeeting.get(f.id) ?? []).filter((fact) => inNotes(f, fact)).map((fact) => ({ meetingId: f.id, fact })),
  );
  if (figures.length === 0) return undefined;
  const names = [...plan.understood.names, ...plan.understood.clients.flatMap((c) => [c.name, ...(c.aliases ?? [])])];
  return recordFigureFor(plan.question, names, figures, tagged.verbs);
}

/** The sentences chosen with the newest meeting's first, each meeting's in their order (a stable sort). */
const newestMeetingFirst = <T extends { date: Date }>(chosen: readonly T[]): T[] =>
  [...chosen].sort((a, b) => b.date.getTime() - a.date.getTime());

/** The meetings passages come from, newest first (as resolved meetings come). */
function meetingsOf(passages: readonly { meetingId: number }[], info: MeetingInfo): MeetingFact[] {
  const ids = [...new Set(passages.map((p) => p.meetingId))];
  return ids.flatMap((id) => info.get(id) ?? []).sort((a, b) => b.date.getTime() - a.date.getTime());
}

/** The record's figure as the answer's lead: the engine's words (never quoted), at the moment it was said. */
function recordEvidence(record: RecordFigureAnswer, facts: readonly MeetingFact[]): Evidence {
  const meeting = facts.find((f) => f.id === record.meetingId)!;
  return {
    meetingId: meeting.id,
    title: meeting.title,
    date: meeting.date,
    clientName: meeting.clientName,
    source: "summary",
    speaker: null,
    text: record.fact.text,
    seconds: record.fact.source?.start ?? null,
    score: 0,
    similarity: 0,
    coverage: record.coverage,
  };
}

/** Whether the best sentence said in the meetings is the one the figure was read from: its meeting and moment. */
function readFrom(record: RecordFigureAnswer, said: readonly Evidence[]): boolean {
  const best = said.find((e) => e.source === "transcript");
  const start = record.fact.source?.start;
  if (!best || start == null || best.meetingId !== record.meetingId) return false;
  // Moments are whole seconds; a question joined to its reply is read from either.
  return [best.seconds, best.reply?.seconds].includes(Math.floor(start));
}

/** Whether the meeting's notes say the figure as the record wrote it ("Rent: $2,100 a month"), joined or alone. */
function inNotes(meeting: MeetingFact, fact: SummaryFact): boolean {
  const notes = meeting.summary;
  if (!notes) return false;
  const said = withoutEndMark(fact.text);
  return [notes.executiveSummary, ...notes.keyPoints.map((p) => p.text)].some((text) => text.includes(said));
}

/** A sentence of the same meeting's notes that is the figure's own sentence: said once, as the lead. */
const saysFigure = (e: Evidence, record: RecordFigureAnswer) =>
  e.source === "summary" &&
  e.meetingId === record.meetingId &&
  withoutEndMark(e.text) === withoutEndMark(record.fact.text);

/** A sentence of the notes without its end mark, as it stands inside a line of them. */
const withoutEndMark = (text: string) => text.trim().replace(/[.!?]$/, "");
