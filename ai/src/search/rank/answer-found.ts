// Whether the meetings found answer already (a question only about meetings), and the order of what was selected:
// the advisor's notes first when asked for, nothing the last answer already said.
import { MONTHS } from "../../language";
import type { MeetingFact } from "../answer-store";
import type { AnswerContext, Passage } from "../answer-types";
import { questionTerms } from "../understand/question-terms";
import { isRelevant } from "./relevance";

/** Words that ask about meetings in general ("what happened", "any updates"), not about something in them. */
const GENERAL_WORDS = "happen happened new update updates cover covered recap overview";

/**
 * True when every term of the question is already resolved to the meetings found (client names, titles, the period):
 * "What happened with the Hendricks trust in April?" lists those meetings rather than looking for a sentence.
 */
export function asksOnlyForMeetings(understood: AnswerContext["understood"], facts: MeetingFact[]): boolean {
  const resolved = new Set(
    questionTerms(
      [
        ...understood.clients.map((c) => c.name),
        ...facts.map((f) => `${f.title} ${f.type} ${f.clientName}`),
        understood.period?.label ?? "",
        understood.topic ?? "",
        GENERAL_WORDS,
      ].join(" "),
    ),
  );
  return questionTerms(understood.searchText).every((t) => resolved.has(t) || /^\d+$/.test(t) || PERIOD_TERMS.has(t));
}

/** Words of periods, stemmed as question terms are. */
const PERIOD_TERMS = new Set(questionTerms(`${MONTHS.join(" ")} last week month year ago recent recently`));

/** "What did I write in my notes about…": the relevant sentences of the advisor's notes lead. */
export function notesFirst<T extends { passage: number; similarity: number; coverage: number; known?: number }>(
  scored: readonly T[],
  passages: readonly Passage[],
): T[] {
  const fromNotes = (s: T) => passages[s.passage]?.source === "note" && isRelevant({ ...s, answerable: undefined });
  return [...scored.filter(fromNotes), ...scored.filter((s) => !fromNotes(s))];
}

/** Name words shorter than this ("Dr", "Mr") say little of who is meant. */
const MIN_NAME_WORD = 3;

/**
 * True when the question names someone or something no client bears and nothing found says ("my next meeting with
 * Dr. Samuel Okonjo", "our last meeting with Brightwater Landscaping" in an account that never met them): the meetings
 * found are about someone else, so nothing is found. One name word said anywhere (a passage, a meeting's client or
 * title) is enough to answer.
 */
export function namesNobodySaid(
  understood: Pick<AnswerContext["understood"], "names" | "clients">,
  passages: readonly Passage[],
  facts: readonly MeetingFact[],
): boolean {
  if (understood.clients.length > 0) return false;
  const asked = understood.names.filter((w) => w.length >= MIN_NAME_WORD && !/\d/.test(w));
  if (asked.length === 0) return false;
  const said = new Set<string>();
  for (const text of [...passages.map((p) => p.content), ...facts.map((f) => `${f.clientName} ${f.title}`)])
    for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (word) said.add(word.replace(/s$/, ""));
  return asked.every((w) => !said.has(w.replace(/s$/, "")));
}
