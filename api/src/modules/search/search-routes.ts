import { AiServiceError } from "@cm/ai";
import { type AnswerStream, answerQuestionStream, collectAnswer, createEmbeddingMemo } from "@cm/ai/search";
import { Elysia, sse } from "elysia";
import type { AppContext } from "../../context";
import { badRequest } from "../../http-error";
import { auditWho, recordRead } from "../audit/audited";
import { refuseTooMany } from "../auth/rate-limited";
import { signedInMacro } from "../auth/signed-in";
import { ErrorBody } from "../common-model";
import { historyForQuestion, recordExchange } from "../conversations/conversation-service";
import { SearchBody, SearchReply } from "./model";
import { takeQuestionPlace } from "./question-places";
import { createQuestionQueue, QUESTIONS_WAITING_RETRY_SECONDS, questionsWaitingMessage } from "./question-queue";
import { hitSearchLimit, tooManyQuestionsText } from "./search-limits";

const wantsStream = (request: Request) => (request.headers.get("accept") ?? "").includes("text/event-stream");

/** An answer made with less than usual: the question's embedding failed (full text only), or the answer was cut. */
function logDegraded(ctx: AppContext, embeddingFailure: string | undefined, cut: string | boolean | undefined) {
  if (embeddingFailure)
    ctx.logger.warn("question not embedded; answered from full-text search", { error: embeddingFailure });
  if (cut) ctx.logger.warn("answer cut before the model finished", { reason: String(cut) });
}

/** POST /api/search: `{ result, sources }`, or a server-sent event stream with `Accept: text/event-stream`. */
export function searchRoutes(ctx: AppContext) {
  // One per app (per process): the embedder it guards is the process's one encoder thread or service client. How
  // many of an account's questions may wait for it is counted across processes (question-places.ts).
  const questions = createQuestionQueue({ serviceEmbeddings: ctx.config.embeddings !== undefined });
  // With the in-process encoder, what each account's recent questions embedded is kept by the process: a text
  // remembered takes no turn on the encoder's thread. An embedding service is asked every time.
  const embeddings = ctx.config.embeddings === undefined ? createEmbeddingMemo() : undefined;
  const waitingMessage = questionsWaitingMessage(ctx.config.questionsAtOnce);
  return new Elysia({ name: "search" }).use(signedInMacro(ctx)).post(
    "/api/search",
    // A generator: what it returns without yielding is answered as JSON; once it yields, Elysia streams events.
    async function* ({ request, body, user, set }) {
      const query = body.query.trim();
      if (!query) throw badRequest("validation failed: query is required");
      // The account's places first: a question refused for want of one is not counted against its minute.
      const release = await takeQuestionPlace(ctx, user.id);
      if (!release) return refuseTooMany(set, QUESTIONS_WAITING_RETRY_SECONDS, waitingMessage);
      const wait = await hitSearchLimit(ctx.db.sql, ctx.config, user.id);
      if (wait > 0) {
        await release();
        return refuseTooMany(set, wait, tooManyQuestionsText(wait));
      }
      // Asked, whatever comes of the answer: the question is what an examiner would want to see.
      await recordRead(ctx.db.sql, auditWho(ctx, request, user), {
        action: "search.asked",
        target: { kind: "search", id: null },
        details: { question: query, conversationId: body.conversationId ?? null },
      }).catch(async (error) => {
        await release();
        throw error;
      });
      let answer: AnswerStream;
      try {
        // Clipped by the answer itself (clipHistory): the newest turns, bounded in characters.
        const history = await historyForQuestion(ctx.db.sql, user.id, body);
        const queued = questions.embedderFor(user.id, ctx.ai.embedder);
        const embedder = embeddings ? embeddings.wrap(queued, user.id) : queued;
        const deps = { store: ctx.answerStore, embedder, composer: ctx.composer, confidence: ctx.answerConfidence };
        // Failures up to here (a rejected API key) answer with their own status, before any stream begins.
        answer = await answerQuestionStream(deps, user.id, query, history, {
          signal: request.signal,
          advisorName: user.fullName ?? undefined,
        });
      } finally {
        // The embeddings are done once the answer's sources are known: composing it needs none.
        await release();
      }
      if (!wantsStream(request)) {
        const { embeddingFailure, ...whole } = await collectAnswer(answer);
        logDegraded(ctx, embeddingFailure, whole.cut);
        const conversationId = await recordExchange(ctx.db.sql, user.id, body.conversationId, query, whole);
        return { ...whole, conversationId };
      }
      // The first piece is awaited before the stream begins too: a chat model that fails before its first word (a
      // rejected API key, a prompt too long for it) answers with its own status, not a stream that breaks at once.
      const chunks = answer.chunks[Symbol.asyncIterator]();
      const first = await chunks.next();
      set.headers["content-type"] = "text/event-stream; charset=utf-8";
      set.headers["cache-control"] = "no-store";
      set.headers["x-accel-buffering"] = "no";
      yield sse({ event: "sources", data: answer.sources });
      let result = "";
      try {
        for (let step = first; !step.done; step = await chunks.next()) {
          result += step.value;
          // JSON text, so a chunk's line breaks stay inside one data line.
          yield sse({ event: "delta", data: JSON.stringify(step.value) });
        }
        logDegraded(ctx, answer.embeddingFailure, answer.cut);
        const done = {
          result,
          sources: answer.sources,
          found: answer.found,
          confidence: answer.confidence,
          ...(answer.cut ? { cut: true } : {}),
        };
        const conversationId = await recordExchange(ctx.db.sql, user.id, body.conversationId, query, done);
        yield sse({ event: "done", data: { ...done, conversationId } });
      } catch (error) {
        ctx.logger.error("answer stream failed", { error: (error as Error).message });
        // The AI service's own reason ("rejected the API key") lets the page show the matching toast.
        const message =
          error instanceof AiServiceError
            ? error.message
            : "There was a problem processing your search. Please try again.";
        yield sse({ event: "error", data: { message } });
      }
    },
    {
      signedIn: true,
      body: SearchBody,
      response: {
        200: SearchReply,
        400: ErrorBody,
        401: ErrorBody,
        404: ErrorBody,
        409: ErrorBody,
        429: ErrorBody,
        502: ErrorBody,
      },
    },
  );
}
