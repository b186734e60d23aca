// Meeting Intelligence answers written by a chat model: streamed from LangChain's ChatOpenAI, grounded in
// the facts and passages of the AnswerContext, and sanitized on the markdown syntax tree, block by block, before
// they reach the client.

import { AIMessage, type BaseMessage, HumanMessage, SystemMessage } from "@langchain/core/messages";
import { ChatOpenAI } from "@langchain/openai";
import type { AnswerComposer, AnswerContext } from "../search/answer-types";
import { toAiError } from "./ai-errors";
import { ANSWER_SYSTEM_PROMPT, buildAnswerUserMessage, contextMeetingIds, recentHistory } from "./answer-prompt";
import { createStreamSanitizer } from "./sanitize-answer-markdown";
import { type RetryOptions, withRetries } from "./with-retries";

export { sanitizeAnswerMarkdown } from "./sanitize-answer-markdown";

interface OpenAiAnswerComposerOptions {
  apiKey: string;
  baseURL?: string;
  model?: string;
  /** Deadline for the request (default 60 s). */
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
  /** Retries before the first token only (default 2 attempts, 500 ms apart): an advisor is waiting. */
  retry?: RetryOptions;
}

function buildAnswerMessages(ctx: AnswerContext): BaseMessage[] {
  return [
    new SystemMessage(ANSWER_SYSTEM_PROMPT),
    ...recentHistory(ctx).map((m) => (m.role === "user" ? new HumanMessage(m.content) : new AIMessage(m.content))),
    new HumanMessage(buildAnswerUserMessage(ctx)),
  ];
}

export function createOpenAiAnswerComposer(options: OpenAiAnswerComposerOptions): AnswerComposer {
  const { apiKey, baseURL, model = "gpt-4o-mini", timeoutMs = 60_000 } = options;
  const retry: RetryOptions = { maxAttempts: 2, baseDelayMs: 500, ...options.retry };
  // Retries happen in withRetries only, so the SDK and LangChain must not add their own on top.
  const chat = new ChatOpenAI({
    apiKey,
    model,
    temperature: 0.2,
    maxRetries: 0,
    timeout: timeoutMs,
    useResponsesApi: false,
    configuration: { baseURL, fetch: options.fetch },
  });

  return {
    async *compose(ctx, signal) {
      const messages = buildAnswerMessages(ctx);
      const sanitizer = createStreamSanitizer(contextMeetingIds(ctx));
      // Opening the stream and reading its first chunk is retried; once text has been shown, a failure is final.
      const { chunks, first } = await withRetries(
        async () => {
          const stream = await chat.stream(messages, { signal });
          const iterator = stream[Symbol.asyncIterator]();
          return { chunks: iterator, first: await iterator.next() };
        },
        { ...retry, signal },
      );
      let finished = false;
      try {
        for (let step = first; !step.done; step = await chunks.next()) {
          const text = sanitizer.push(step.value.text);
          if (text) yield text;
          // The answer reached its length cap: stop reading (the finally below closes the HTTP stream).
          if (sanitizer.full) break;
        }
        finished = !sanitizer.full;
      } catch (error) {
        throw toAiError(error, signal);
      } finally {
        // Stops the HTTP stream when the consumer goes away or the request failed.
        if (!finished) await chunks.return?.().catch(() => {});
      }
      const rest = sanitizer.flush();
      if (rest) yield rest;
    },
  };
}
