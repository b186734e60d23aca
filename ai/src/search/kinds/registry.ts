// The answer kinds, one module each: the path gathers through the kind its plan names, and a kind that finds
// nothing of its own (what changed, with fewer than two meetings) hands the plan to the general path (fact).
import type { AnswerContext } from "../answer-types";
import type { FetchDeps } from "../fetch/question-embedding";
import type { AnswerKindName, AnswerPlan } from "../understand/plan-question";
import type { AnswerKind } from "./answer-kind";
import { clientList } from "./client-list";
import { fact, meetingItems, whoWhen } from "./meetings-kinds";
import { whatChanged } from "./what-changed";

export const ANSWER_KINDS: Record<AnswerKindName, AnswerKind> = {
  "client-list": clientList,
  "what-changed": whatChanged,
  "who-when": whoWhen,
  "meeting-items": meetingItems,
  fact,
};

/** The answer's context from the plan's kind (or the general path when that kind hands it on). */
export async function gatherByKind(plan: AnswerPlan, deps: FetchDeps): Promise<AnswerContext> {
  return (await ANSWER_KINDS[plan.kind].gather(plan, deps)) ?? (await fact.gather(plan, deps))!;
}
