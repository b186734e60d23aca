// "What did we decide at our last meeting with…", "what did we agree about the house at the first meeting?": a
// question asking what was decided, about one meeting picked by its place, its period or the conversation, is
// answered first by that meeting's decisions as its notes recorded them (each grounded in the transcript), then by
// the sentences said. A subject in the question keeps only the decisions about it; none about it, no lead.
import type { AnswerContext } from "./answer-types";
import { citation, escapeMarkdown } from "./compose-local-answer";
import { clientWordTest } from "./match-client";
import { questionTerms, textTerms } from "./select-evidence";

/** Words that ask what was decided, not about what. */
const DECIDING = new Set(
  questionTerms(
    "decide decided decision decisions agree agreed agreement settle settled choose chose chosen conclude concluded",
  ),
);

/** The list, or when it is empty the fallback's. */
const or = <T>(list: T[], fallback: () => T[]): T[] => (list.length ? list : fallback());

/** The decisions of the one meeting the question is about that concern its subject, or undefined. */
export function decisionsAsked(ctx: AnswerContext): { line: string; meetingId: number } | undefined {
  if (!ctx.understood.kinds.includes("decision") || ctx.facts.length !== 1) return undefined;
  const fact = ctx.facts[0]!;
  const decisions = fact.summary?.decisions ?? [];
  if (decisions.length === 0) return undefined;
  const isName = clientWordTest(ctx.understood.clients);
  const subject = questionTerms(ctx.shape?.subject ?? "").filter((t) => !DECIDING.has(t) && !isName(t));
  const concerning = (terms: readonly string[]) =>
    decisions.filter((d) => {
      const words = textTerms(d.text);
      return terms.some((t) => words.has(t));
    });
  // None about the subject's words ("how Jenna would take over"): those about the client's person it names.
  const people = new Set(ctx.understood.clients.flatMap((c) => c.aliases ?? []));
  const about = subject.length
    ? or(concerning(subject), () => concerning(questionTerms(ctx.shape?.subject ?? "").filter((t) => people.has(t))))
    : decisions;
  if (about.length === 0) return undefined;
  const shown = about.slice(0, 4).map((d) => escapeMarkdown(d.text));
  return { line: `**Decided:** ${shown.join("; ")} (${citation(fact)})`, meetingId: fact.id };
}
