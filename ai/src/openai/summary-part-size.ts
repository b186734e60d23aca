// How much transcript one summary call carries, from the chat model's context window (chat-model-context.ts): a
// one-hour meeting is one call on a 128k model, while an unknown, often small-window model gets small parts.

import { chatContextTokens } from "./chat-model-context";

/** Kept free for the system prompt and the meeting header. */
const PROMPT_RESERVE_TOKENS = 1_000;
/** Kept free for the notes or summary the model writes: a quarter of a small window, 4k of a large one. */
const MAX_OUTPUT_RESERVE_TOKENS = 4_096;
/** Tokens are estimated at 4 characters each; names, numbers and other languages take more. */
const ESTIMATE_MARGIN = 0.8;
/** Even a million-token window gets parts of at most this: models lose detail on very long inputs. */
const MAX_PART_TOKENS = 100_000;
const MIN_PART_TOKENS = 1_000;

/** Estimated transcript tokens per summary call for `model` (or the configured context window). */
export function summaryPartTokens(model: string, configuredContextTokens?: number): number {
  const context = chatContextTokens(model, configuredContextTokens);
  const outputReserve = Math.min(MAX_OUTPUT_RESERVE_TOKENS, Math.floor(context / 4));
  const available = (context - outputReserve - PROMPT_RESERVE_TOKENS) * ESTIMATE_MARGIN;
  return Math.max(MIN_PART_TOKENS, Math.min(MAX_PART_TOKENS, Math.floor(available)));
}
