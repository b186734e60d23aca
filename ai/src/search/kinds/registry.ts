// The answer kinds: the path gathers through the kind its plan names, and a kind that finds nothing of its own (what
// changed, with fewer than two meetings) hands the plan to the general path (from-meetings.ts), which the fact,
// who/when and meeting's-items kinds share: a fact said in the meetings (the best sentence of the passages found),
// when the next meeting is (the calendar first, then what the notes agreed) or when an event was set, and what a
// chosen meeting holds (its summary, decisions and action items) or what the question asks of it.
import type { AnswerContext } from "../answer-types";
import type { FetchDeps } from "../fetch/question-embedding";
import type { AnswerKindName, AnswerPlan } from "../understand/plan-question";
import type { AnswerKind } from "./answer-kind";
import { clientList } from "./client-list";
import { gatherFromMeetings } from "./from-meetings";
import { whatChanged } from "./what-changed";

const ANSWER_KINDS: Record<AnswerKindName, AnswerKind> = {
  /** Which clients something holds for (each with its best sentence), or which clients were met in a period. */
  "client-list": clientList,
  /** What changed over a client's meetings: the newest meetings' differing statements, then the first's. */
  "what-changed": whatChanged,
  "who-when": gatherFromMeetings,
  "meeting-items": gatherFromMeetings,
  fact: gatherFromMeetings,
};

/** The answer's context from the plan's kind (or the general path when that kind hands it on). */
export async function gatherByKind(plan: AnswerPlan, deps: FetchDeps): Promise<AnswerContext> {
  return (await ANSWER_KINDS[plan.kind](plan, deps)) ?? gatherFromMeetings(plan, deps);
}
