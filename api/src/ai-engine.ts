import type { AiEngine } from "@cm/ai";
import { createLocalEngine } from "@cm/ai/local";
import { createOpenAiEngine } from "@cm/ai/openai";
import type { AppConfig } from "./config";

/** The openai engine with OPENAI_API_KEY (any OpenAI-compatible server via OPENAI_BASE_URL), else local. */
export function createAiEngine(config: AppConfig): AiEngine {
  if (!config.openai) return createLocalEngine();
  return createOpenAiEngine({
    apiKey: config.openai.apiKey,
    baseURL: config.openai.baseURL,
    ...(config.aiRetryBaseDelayMs === undefined ? {} : { retry: { baseDelayMs: config.aiRetryBaseDelayMs } }),
  });
}
