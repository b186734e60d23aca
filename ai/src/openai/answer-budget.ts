// How much an answer's prompt may hold: the earlier conversation, the meetings' facts and the passages each get a
// share of characters, at most what a question needs (cost) and never more than the chat model's context window
// leaves after the rules and the answer's own output cap. Each shrink level (after a context-length error) halves it.

import { chatContextTokens, isReasoningModel } from "./chat-model-context";

export interface AnswerBudget {
  /** Turns of the earlier conversation sent, newest kept. */
  historyTurns: number;
  /** Characters of one earlier turn at most (its beginning is kept). */
  turnChars: number;
  /** Characters of the whole earlier conversation at most. */
  historyChars: number;
  /** Characters of the FACTS and CLIENTS MET blocks at most. */
  factsChars: number;
  /** Characters of the PASSAGES block at most. */
  passagesChars: number;
  /** The answer's output cap in tokens (`max_tokens`, or `max_completion_tokens` for reasoning models). */
  outputTokens: number;
}

/** Everything a question needs, on any model: 34,000 characters of data (about 8,500 tokens). */
export const FULL_ANSWER_BUDGET: Omit<AnswerBudget, "outputTokens"> = {
  historyTurns: 6,
  turnChars: 2_000,
  historyChars: 6_000,
  factsChars: 16_000,
  passagesChars: 12_000,
};

/** An answer's output cap: a long answer is about 1,000 tokens; reasoning models also spend these on thinking. */
export const ANSWER_OUTPUT_TOKENS = 2_000;
const REASONING_OUTPUT_TOKENS = 8_000;

/** Characters per token assumed when fitting a window: English is about 4, other languages and markup fewer. */
export const CHARS_PER_TOKEN = 3;
/** The rules, headings and citation lines around the data, in tokens. */
const FRAME_TOKENS = 1_200;

/** Shrink levels after the first attempt: a context-length error retries at most twice, each time with half. */
export const MAX_SHRINK_LEVEL = 2;

export function answerBudget(options: { model: string; contextTokens?: number; level?: number }): AnswerBudget {
  const context = chatContextTokens(options.model, options.contextTokens);
  const wanted = isReasoningModel(options.model) ? REASONING_OUTPUT_TOKENS : ANSWER_OUTPUT_TOKENS;
  const outputTokens = Math.min(wanted, Math.floor(context / 4));
  const dataChars = Math.max(0, (context - outputTokens - FRAME_TOKENS) * CHARS_PER_TOKEN);
  const full = FULL_ANSWER_BUDGET;
  const fullChars = full.historyChars + full.factsChars + full.passagesChars;
  const scale = Math.min(1, dataChars / fullChars) / 2 ** (options.level ?? 0);
  return {
    historyTurns: Math.max(0, Math.round(full.historyTurns * scale)),
    turnChars: Math.floor(full.turnChars * Math.min(1, scale * 2)),
    historyChars: Math.floor(full.historyChars * scale),
    factsChars: Math.floor(full.factsChars * scale),
    passagesChars: Math.floor(full.passagesChars * scale),
    outputTokens,
  };
}

/**
 * The context window a context-length error names ("maximum context length is 8192 tokens"), so later questions are
 * budgeted for it. The pattern is a literal phrase and one digit run: linear.
 */
export function contextTokensFromError(message: string): number | undefined {
  const match = /maximum context length is (\d{3,9}) tokens/i.exec(message);
  return match ? Number(match[1]) : undefined;
}
