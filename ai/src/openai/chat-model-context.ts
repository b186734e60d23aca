// How many tokens a chat model reads at once (its context window), for budgets: answers' prompts and summary parts.
// Known OpenAI models by name; any other model (a self-hosted server's) gets a conservative default unless the
// operator says otherwise (CHAT_CONTEXT_TOKENS). And the one way a chat model is made.

import { ChatOpenAI, type ChatOpenAIFields } from "@langchain/openai";

/** Context windows of OpenAI chat models, longest prefix first wins ("gpt-4o-mini" matches "gpt-4o"). */
const KNOWN_CONTEXT_TOKENS: readonly (readonly [prefix: string, tokens: number])[] = [
  ["gpt-5", 400_000],
  ["gpt-4.1", 1_047_576],
  ["gpt-4o", 128_000],
  ["gpt-4-turbo", 128_000],
  ["gpt-4", 8_192],
  ["gpt-3.5-turbo", 16_385],
  ["o4", 200_000],
  ["o3", 200_000],
  ["o1", 200_000],
];

/** For a model not in the table: small enough for most self-hosted servers (Ollama, vLLM defaults). */
export const DEFAULT_CONTEXT_TOKENS = 8_192;

/** The context window to plan for: the configured one, else the known model's, else DEFAULT_CONTEXT_TOKENS. */
export function chatContextTokens(model: string, configured?: number): number {
  if (configured && configured > 0) return configured;
  const name = model.toLowerCase().split("/").at(-1) ?? "";
  let best: readonly [string, number] | undefined;
  for (const entry of KNOWN_CONTEXT_TOKENS) {
    if (name.startsWith(entry[0]) && (!best || entry[0].length > best[0].length)) best = entry;
  }
  return best?.[1] ?? DEFAULT_CONTEXT_TOKENS;
}

/** Reasoning models count their hidden reasoning in the output cap (`max_completion_tokens`), so they need more. */
export function isReasoningModel(model: string): boolean {
  const name = model.toLowerCase().split("/").at(-1) ?? "";
  return /^o\d/.test(name) || (name.startsWith("gpt-5") && !name.startsWith("gpt-5-chat"));
}

/** The key, and where the service is: api.openai.com unless `baseURL` names a compatible server. */
export interface OpenAiConnection {
  apiKey: string;
  baseURL?: string;
  fetch?: typeof globalThis.fetch;
}

/** A Chat Completions model; retries happen in withRetries only, so the SDK and LangChain must not add their own. */
export function createChatModel({ apiKey, baseURL, fetch }: OpenAiConnection, fields: ChatOpenAIFields): ChatOpenAI {
  return new ChatOpenAI({
    ...fields,
    apiKey,
    maxRetries: 0,
    useResponsesApi: false,
    configuration: { baseURL, fetch },
  });
}
