// "What did we decide at our last meeting with…", "what did we agree about the house at the first meeting?": a
// question asking what was decided, about one meeting picked by its place, its period or the conversation, is
// answered first by that meeting's decisions as its notes recorded them (each grounded in the transcript), then by
// the sentences said. A subject in the question keeps only the decisions about it; none about it, no lead.
// Asked of a client's meetings ("which long-term care option did the Nwosus choose?"), the decisions about the
// subject from each of them lead, each cited at its moment, newest first; a question about a choice puts the
// decisions that say one ("we're going with…") first.

import type { SummaryPoint } from "../../types";
import type { MeetingFact } from "../answer-store";
import type { AnswerContext } from "../answer-types";
import { clientWordTest } from "../understand/match-client";
import { questionTerms, textTerms } from "../understand/question-terms";
import { subjectBeyondClients } from "../understand/search-text";
import { citation, escapeMarkdown, momentCitation } from "./citation";

/** Words that ask what was decided, not about what. */
const DECIDING = new Set(
  questionTerms(
    "decide decided decision decisions agree agreed agreement settle settled choose chose chosen conclude concluded",
  ),
);

/** Words that ask which of several things was taken. */
const CHOOSING = new Set(questionTerms("choose chose chosen pick picked select selected opt opted"));
/** A decision that says what was taken: "we're going with the hybrid", "they picked the ten-pay". */
const SAYS_A_CHOICE =
  /\b(?:go|goes|going|went|gone) with\b|\b(?:chose|chosen|choosing|picked|opted|opting|selected)\b|\b(?:decided|settled) on\b/i;
/** Decisions shown at most across meetings, and of one meeting (its record's list, short by nature). */
const MAX_DECISIONS = 4;
const MAX_ONE_MEETING = 6;

/** The question's subject without the clients' names, a whole name said with its common words ("Fairweather Trust"). */
const ownSubject = (ctx: AnswerContext) => subjectBeyondClients(ctx.shape?.subject ?? "", ctx.understood.clients);

/**
 * A decision without its end mark: each is written as a sentence whose citation comes before its full stop ("Pay
 * annually ([meeting](…)).", not "Pay annually. ([meeting](…))").
 */
function withoutEndMark(text: string): string {
  const trimmed = text.trim();
  let end = trimmed.length;
  // A walk back over the marks, not a pattern: /[.!]+$/ is quadratic over a run of marks.
  while (end > 0 && (trimmed[end - 1] === "." || trimmed[end - 1] === "!")) end--;
  return trimmed.slice(0, end);
}

/** The decisions of the one meeting the question is about that concern its subject, or undefined. */
export function decisionsAsked(ctx: AnswerContext): { line: string; meetingId: number } | undefined {
  if (!ctx.understood.kinds.includes("decision") || ctx.facts.length === 0) return undefined;
  if (ctx.facts.length > 1) return decisionsAcross(ctx);
  const fact = ctx.facts[0]!;
  const decisions = fact.summary?.decisions ?? [];
  if (decisions.length === 0) return undefined;
  const isName = clientWordTest(ctx.understood.clients);
  const subject = questionTerms(ownSubject(ctx)).filter((t) => !DECIDING.has(t) && !isName(t));
  const concerning = (terms: readonly string[]) =>
    decisions.filter((d) => {
      const words = textTerms(d.text);
      return terms.some((t) => words.has(t));
    });
  // None about the subject's words ("how Jenna would take over"): those about the client's person it names.
  const people = new Set(ctx.understood.clients.flatMap((c) => c.aliases ?? []));
  const aboutSubject = subject.length ? concerning(subject) : decisions;
  const about = aboutSubject.length
    ? aboutSubject
    : concerning(questionTerms(ctx.shape?.subject ?? "").filter((t) => people.has(t)));
  if (about.length === 0) return undefined;
  const shown = about.slice(0, MAX_ONE_MEETING).map((d) => `${escapeMarkdown(withoutEndMark(d.text))}.`);
  return { line: `**Decided** at ${citation(fact)}: ${shown.join(" ")}`, meetingId: fact.id };
}

/** The decisions about the question's subject in each of the meetings, newest first (a choice first when asked). */
function decisionsAcross(ctx: AnswerContext): { line: string; meetingId: number } | undefined {
  const isName = clientWordTest(ctx.understood.clients);
  const asked = questionTerms(ownSubject(ctx));
  const subject = asked.filter((t) => !DECIDING.has(t) && !CHOOSING.has(t) && !isName(t));
  // Across meetings, a decision is shown only for what the question names: "what did we decide?" needs one meeting.
  if (subject.length === 0) return undefined;
  const about: { fact: MeetingFact; point: SummaryPoint }[] = [];
  // Newest first: the facts may come ranked by topic.
  for (const fact of [...ctx.facts].sort((a, b) => b.date.getTime() - a.date.getTime())) {
    for (const point of fact.summary?.decisions ?? []) {
      const words = textTerms(point.text);
      // Half the subject's words at least: "long-term care option" is not about "health care directives".
      const shared = subject.filter((t) => words.has(t)).length;
      if (shared > 0 && shared * 2 >= subject.length) about.push({ fact, point });
    }
  }
  if (about.length === 0) return undefined;
  const choosing = asked.some((t) => CHOOSING.has(t));
  const rank = (d: (typeof about)[number]) => (choosing && SAYS_A_CHOICE.test(d.point.text) ? 0 : 1);
  // A stable sort: newest first within each rank.
  const shown = about.sort((a, b) => rank(a) - rank(b)).slice(0, MAX_DECISIONS);
  const cited = shown.map(
    ({ fact, point }) => `${escapeMarkdown(withoutEndMark(point.text))} (${decisionCitation(fact, point)}).`,
  );
  return { line: `**Decided:** ${cited.join(" ")}`, meetingId: shown[0]!.fact.id };
}

/** The meeting, at the decision's moment when it kept one. */
const decisionCitation = (fact: MeetingFact, point: SummaryPoint) =>
  momentCitation({ meetingId: fact.id, title: fact.title, date: fact.date, seconds: momentOf(point) });

const momentOf = (point: SummaryPoint) => {
  const start = point.source?.start;
  return start === null || start === undefined ? null : Math.floor(start);
};
