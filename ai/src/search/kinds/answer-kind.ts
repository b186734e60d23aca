// One answer kind of the registry (registry.ts): what its plan asks for, gathered through the store and ranked. The
// path consults the registry by the plan's kind; a kind that finds nothing of its own hands the plan on (undefined).
import type { AnswerContext } from "../answer-types";
import type { FetchDeps } from "../fetch/question-embedding";
import type { AnswerPlan } from "../understand/plan-question";

/** The answer's context, or undefined to hand the plan to the general path (fact). */
export type AnswerKind = (plan: AnswerPlan, deps: FetchDeps) => Promise<AnswerContext | undefined>;

/** The context of an answer that found nothing: it says so and cites nothing. */
export function nothingFor(
  plan: Pick<AnswerPlan, "question" | "understood" | "history">,
  extra: Partial<AnswerContext> = {},
): AnswerContext {
  return {
    question: plan.question,
    understood: plan.understood,
    facts: [],
    passages: [],
    evidence: [],
    found: false,
    history: plan.history,
    ...extra,
  };
}

/** The context of a list read from what was said (the clients something holds for, what changed): found. */
export function listFound(
  plan: AnswerPlan,
  deps: FetchDeps,
  list: Pick<AnswerContext, "passages"> & Partial<AnswerContext>,
): AnswerContext {
  return {
    question: plan.question,
    understood: { ...plan.understood, intent: "general" },
    shape: plan.shape,
    facts: [],
    ...list,
    found: true,
    history: plan.history,
    ...embeddingFailureOf(deps),
  };
}

/** Why the question could not be embedded, for the log, when it could not. */
export const embeddingFailureOf = (deps: FetchDeps): Partial<AnswerContext> =>
  deps.embedding.failure !== undefined ? { embeddingFailure: deps.embedding.failure } : {};
