// The "openai" engine: LangChain chat + embeddings and the OpenAI SDK for speech, all pointed at
// one base URL so tests (and self-hosted compatible servers) can stand in for api.openai.com.

import OpenAI from "openai";
import type { AiEngine } from "../types";
import { createChatModel, isReasoningModel, type OpenAiConnection } from "./chat-model-context";
import { createOpenAiEmbedder } from "./openai-embedder";
import { summariseTranscript } from "./summarise-transcript";
import { type TranscribeSettings, transcribeAudioFile } from "./transcribe-audio";
import type { RetryOptions } from "./with-retries";

export interface OpenAiEngineOptions extends OpenAiConnection {
  chatModel?: string;
  embeddingModel?: string;
  transcriptionModel?: string;
  /** Spoken language of the recordings (ISO-639-1, e.g. "en"); unset: the speech model detects it. */
  transcriptionLanguage?: string;
  /** The speech server's output token cap when it differs from the model's documented one (tests, compatibles). */
  transcriptionOutputTokenCap?: number;
  /** Parallel requests for transcription pieces and summary parts. */
  concurrency?: number;
  /** Per-request deadline for chat and embeddings (default 120 s). */
  timeoutMs?: number;
  /** Per-request deadline for one audio piece (default 600 s). */
  transcriptionTimeoutMs?: number;
  retry?: RetryOptions;
  /** Summary part size for the map step, in estimated tokens (default: from the chat model's context window). */
  maxPartTokens?: number;
  /** The chat model's context window (CHAT_CONTEXT_TOKENS); default: known models by name, else a small one. */
  chatContextTokens?: number;
  /** IANA time zone of meetings' local dates in summary prompts (default: the process's, which TZ sets). */
  timeZone?: string;
  audio?: TranscribeSettings["audio"];
  tempDir?: string;
}

export function createOpenAiEngine(options: OpenAiEngineOptions): AiEngine {
  const {
    apiKey,
    baseURL,
    chatModel = "gpt-4o-mini",
    embeddingModel = "text-embedding-3-small",
    transcriptionModel = "whisper-1",
    concurrency = 4,
    timeoutMs = 120_000,
    transcriptionTimeoutMs = 600_000,
    retry = {},
  } = options;
  const chat = createChatModel(options, {
    model: chatModel,
    // Reasoning models take only their default temperature (OpenAI answers 400 to any other).
    temperature: isReasoningModel(chatModel) ? undefined : 0,
    timeout: timeoutMs,
    // Keeps the raw response on each message: LangChain drops `message.refusal`, which a refusal is reported with.
    __includeRawResponse: true,
  });
  const summariseSettings = {
    chat,
    service: { baseURL, model: chatModel },
    concurrency,
    retry,
    maxPartTokens: options.maxPartTokens,
    contextTokens: options.chatContextTokens,
    timeZone: options.timeZone,
  };
  // Retries happen in withRetries only, so the SDK must not add its own on top.
  const client = new OpenAI({
    apiKey,
    baseURL,
    fetch: options.fetch,
    maxRetries: 0,
    timeout: transcriptionTimeoutMs,
  });
  const transcribeSettings: TranscribeSettings = {
    client,
    model: transcriptionModel,
    concurrency,
    retry,
    audio: options.audio,
    tempDir: options.tempDir,
    language: options.transcriptionLanguage,
    outputTokenCap: options.transcriptionOutputTokenCap,
  };
  return {
    name: "openai",
    canTranscribe: true,
    transcribeAudio: (audio, transcribeOptions) => transcribeAudioFile(audio, transcribeSettings, transcribeOptions),
    summarise: (input, signal) => summariseTranscript(input, summariseSettings, signal),
    embedder: createOpenAiEmbedder(options, embeddingModel, timeoutMs, retry),
  };
}
