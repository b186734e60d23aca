// "Questions at once" (SEARCH_QUESTIONS_AT_ONCE) per account, across every process on the database: each question
// being answered holds a lease row (db/src/queries/question-leases.ts) from admission until its embeddings are
// done. A process that dies mid-question frees its places when their leases run out.
import { releaseQuestionLease, takeQuestionLease } from "@cm/db/queries/question-leases";
import type { AppContext } from "../../context";

/**
 * How long a place is held at most. The embeddings of one question take seconds; a question still waiting past
 * this (a very busy encoder) stops counting, which only lets the account ask one more.
 */
export const QUESTION_LEASE_MS = 2 * 60 * 1000;

/** A place for one of the account's questions: a function that gives it back, or undefined when all are taken. */
export async function takeQuestionPlace(ctx: AppContext, userId: number): Promise<(() => Promise<void>) | undefined> {
  const id = await takeQuestionLease(ctx.db.sql, userId, ctx.config.questionsAtOnce, QUESTION_LEASE_MS);
  if (id === undefined) return undefined;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    await releaseQuestionLease(ctx.db.sql, id).catch((error: Error) => {
      // The lease runs out by itself; an answer is not failed for it.
      ctx.logger.warn("question place not given back", { error: error.message });
    });
  };
}
