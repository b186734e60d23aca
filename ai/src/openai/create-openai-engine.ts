// The "openai" engine: LangChain chat + embeddings and the OpenAI SDK for speech, all pointed at
// one base URL so tests (and self-hosted compatible servers) can stand in for api.openai.com.

import { ChatOpenAI, OpenAIEmbeddings } from "@langchain/openai";
import OpenAI from "openai";
import type { AiEngine } from "../types";
import { createOpenAiEmbedder, EMBEDDING_DIMENSIONS } from "./openai-embedder";
import { summariseTranscript } from "./summarise-transcript";
import { type TranscribeSettings, transcribeAudioFile } from "./transcribe-audio";
import type { RetryOptions } from "./with-retries";

export interface OpenAiEngineOptions {
  apiKey: string;
  baseURL?: string;
  chatModel?: string;
  embeddingModel?: string;
  transcriptionModel?: string;
  /** Parallel requests for transcription pieces and summary parts. */
  concurrency?: number;
  fetch?: typeof globalThis.fetch;
  /** Per-request deadline for chat and embeddings (default 120 s). */
  timeoutMs?: number;
  /** Per-request deadline for one audio piece (default 600 s). */
  transcriptionTimeoutMs?: number;
  retry?: RetryOptions;
  /** Summary part size for the map step, in estimated tokens (default 12k). */
  maxPartTokens?: number;
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
  // Retries happen in withRetries only, so the SDK and LangChain must not add their own on top.
  const configuration = { baseURL, fetch: options.fetch };
  const chat = new ChatOpenAI({
    apiKey,
    model: chatModel,
    temperature: 0,
    maxRetries: 0,
    timeout: timeoutMs,
    useResponsesApi: false,
    configuration,
  });
  const embeddings = new OpenAIEmbeddings({
    apiKey,
    model: embeddingModel,
    dimensions: EMBEDDING_DIMENSIONS,
    batchSize: 256,
    maxRetries: 0,
    timeout: timeoutMs,
    configuration,
  });
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
  };
  return {
    name: "openai",
    canTranscribe: true,
    transcribeAudio: (audio, transcribeOptions) => transcribeAudioFile(audio, transcribeSettings, transcribeOptions),
    summarise: (input, signal) =>
      summariseTranscript(input, { chat, concurrency, retry, maxPartTokens: options.maxPartTokens }, signal),
    embedder: createOpenAiEmbedder(embeddings, embeddingModel, retry),
  };
}
