// Meeting Intelligence answers written by a chat model: streamed from LangChain's ChatOpenAI, grounded in the facts
// and passages of the AnswerContext within a budget the model's context window holds, and sanitized on the markdown
// syntax tree, block by block, before they reach the client. An answer is complete only when the model says it
// stopped (`finish_reason: "stop"`); one that reached its output cap or broke off ends with an AnswerCut.

import { type BaseMessage, HumanMessage, SystemMessage } from "@langchain/core/messages";
import type { ChatOpenAI } from "@langchain/openai";
import type { AnswerComposer, AnswerContext, AnswerCut } from "../search/answer-types";
import { NOTHING_FOUND_ANSWER } from "../search/write/compose-local-answer";
import { AiServiceError } from "../types";
import { contextOverflowMessage, isAbortError, toAiError } from "./ai-errors";
import { type AnswerBudget, answerBudget, contextTokensFromError, MAX_SHRINK_LEVEL } from "./answer-budget";
import {
  ANSWER_SYSTEM_PROMPT,
  buildAnswerUserMessage,
  contextMeetingIds,
  hasNothingToAnswerFrom,
} from "./answer-prompt";
import { createChatModel, isReasoningModel, type OpenAiConnection } from "./chat-model-context";
import { createStreamSanitizer } from "./sanitize-answer-markdown";
import { type RetryOptions, withRetries } from "./with-retries";

interface OpenAiAnswerComposerOptions extends OpenAiConnection {
  model?: string;
  /** The chat model's context window in tokens (CHAT_CONTEXT_TOKENS); default: by model name. */
  contextTokens?: number;
  /** Deadline for the request (default 60 s). */
  timeoutMs?: number;
  /** Retries before the first token only (default 2 attempts, 500 ms apart): an advisor is waiting. */
  retry?: RetryOptions;
}

/** Longest pause a rate-limited chat service may ask for while an advisor waits for an answer. */
const ANSWER_MAX_REQUESTED_WAIT_MS = 5_000;

/** Said when even the smallest prompt does not fit the chat model. */
export const CONTEXT_TOO_SMALL_MESSAGE =
  "The question and the meetings it needs are too long for the chat model's context window, even shortened; ask about one client or one period, or set CHAT_CONTEXT_TOKENS to the model's real context size";

function buildAnswerMessages(ctx: AnswerContext, budget: AnswerBudget): BaseMessage[] {
  // The earlier conversation travels inside the user message as quoted data, never as assistant turns: it comes
  // from the client, so replaying it as the model's own words would let anyone put words in its mouth.
  return [new SystemMessage(ANSWER_SYSTEM_PROMPT), new HumanMessage(buildAnswerUserMessage(ctx, budget))];
}

async function* nothingFound(): AsyncIterable<string> {
  yield NOTHING_FOUND_ANSWER;
}

export function createOpenAiAnswerComposer(options: OpenAiAnswerComposerOptions): AnswerComposer {
  const { model = "gpt-4o-mini", timeoutMs = 60_000 } = options;
  const retry: RetryOptions = { maxAttempts: 2, baseDelayMs: 500, ...options.retry };
  // Learned from a context-length error that names the window, so later questions fit at once.
  let contextTokens = options.contextTokens;
  const chats = new Map<number, ChatOpenAI>();
  const chatFor = (maxTokens: number) => {
    let chat = chats.get(maxTokens);
    if (!chat) {
      chat = createChatModel(options, {
        model,
        // Reasoning models take only their default temperature (OpenAI answers 400 to any other).
        temperature: isReasoningModel(model) ? undefined : 0.2,
        maxTokens,
        timeout: timeoutMs,
      });
      chats.set(maxTokens, chat);
    }
    return chat;
  };

  /** Opens the stream and reads its first chunk, shrinking the prompt after a context-length error (twice at most). */
  async function open(ctx: AnswerContext, signal?: AbortSignal) {
    for (let level = 0; ; level++) {
      const budget = answerBudget({ model, contextTokens, level });
      const messages = buildAnswerMessages(ctx, budget);
      try {
        // Opening the stream and reading its first chunk is retried; once text has been shown, a failure is final.
        return await withRetries(
          async () => {
            const stream = await chatFor(budget.outputTokens).stream(messages, { signal });
            const iterator = stream[Symbol.asyncIterator]();
            return { chunks: iterator, first: await iterator.next() };
          },
          // An advisor is waiting for this answer: a service asking for a long pause fails it instead.
          { maxRequestedWaitMs: ANSWER_MAX_REQUESTED_WAIT_MS, ...retry, signal },
        );
      } catch (error) {
        const overflow = isAbortError(error, signal) ? null : contextOverflowMessage(error);
        if (overflow === null) throw error;
        if (level >= MAX_SHRINK_LEVEL) throw new AiServiceError(CONTEXT_TOO_SMALL_MESSAGE, { cause: error });
        const named = contextTokensFromError(overflow);
        if (named && (!contextTokens || named < contextTokens)) contextTokens = named;
      }
    }
  }

  return {
    readsPassages: true,
    compose(ctx, signal) {
      // Nothing to answer from: the same words as the local engine, and no model call.
      if (hasNothingToAnswerFrom(ctx)) return nothingFound();
      return composeAnswer(ctx, signal);
    },
  };

  async function* composeAnswer(ctx: AnswerContext, signal?: AbortSignal): AsyncIterable<string | AnswerCut> {
    const sanitizer = createStreamSanitizer(contextMeetingIds(ctx));
    const { chunks, first } = await open(ctx, signal);
    let finishReason: string | undefined;
    let received = 0;
    let closed = false;
    try {
      for (let step = first; !step.done; step = await chunks.next()) {
        const reason = step.value.response_metadata?.finish_reason;
        if (typeof reason === "string") finishReason = reason;
        received += step.value.text.length;
        const text = sanitizer.push(step.value.text);
        if (text) yield text;
        // The answer reached the sanitizer's length cap: stop reading (the finally below closes the HTTP stream).
        if (sanitizer.full) {
          finishReason = "length";
          break;
        }
      }
      closed = !sanitizer.full;
    } catch (error) {
      // Broke off after text arrived: what came is kept and the answer is marked as cut; before any text, it failed.
      if (isAbortError(error, signal) || received === 0) throw toAiError(error, signal);
      finishReason = undefined;
    } finally {
      // Stops the HTTP stream when the consumer goes away or the request failed.
      if (!closed) await chunks.return?.().catch(() => {});
    }
    // LangChain ends an aborted stream quietly: an abort is not a cut, it is the consumer leaving.
    signal?.throwIfAborted();
    const rest = sanitizer.flush();
    if (rest) yield rest;
    if (finishReason !== "stop") yield { cut: finishReason === "length" ? "length" : "interrupted" };
  }
}
