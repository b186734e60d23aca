import { type AiEngine, SpeechServiceNotConfiguredError } from "@cm/ai";
import { createLocalEngine, findPocketsphinx, POCKETSPHINX_ENGINE, transcribeWithPocketsphinx } from "@cm/ai/local";
import type { OpenAiEngineOptions } from "@cm/ai/openai";
import type { AiServiceConfig, AppConfig } from "./config";
import { openAiEmbedderOnFirstUse, openAiEngineOnFirstUse } from "./openai-on-first-use";

/** Which engine does each capability: recorded on what it makes, shown on the meeting page and by /api/health. */
export interface CapabilityEngines {
  /** Who turns recordings into transcripts; null when audio is refused. A draft engine's transcripts are drafts. */
  readonly speech: { readonly engine: string; readonly draft: boolean } | null;
  /** Who writes summaries. */
  readonly summary: string;
  /** Who embeds passages for Meeting Intelligence (the embedding model, as recorded on chunks). */
  readonly embeddings: string;
}

/** Why audio is refused when no speech engine is available; names the API key, as the web client expects. */
export const SPEECH_NOT_CONFIGURED_MESSAGE =
  "Audio transcription needs a speech service: no API key is configured. Set OPENAI_API_KEY (or SPEECH_BASE_URL for a self-hosted Whisper server), install pocketsphinx and pocketsphinx-en-us for an offline draft, or upload a transcript file (.vtt, .srt, .txt).";

/** The app's engine: one AiEngine whose capabilities may each run elsewhere. */
export interface AppAiEngine extends AiEngine {
  readonly engines: CapabilityEngines;
}

/** "openai:whisper-1" on api.openai.com, "self-hosted:Systran/faster-whisper-small" on any other base URL. */
export function serviceEngineName(service: AiServiceConfig): string {
  return `${service.baseURL ? "self-hosted" : "openai"}:${service.model}`;
}

/**
 * A per-capability engine. Speech, chat (summaries) and embeddings each come from their own OpenAI-compatible
 * service when configured (SPEECH_*, CHAT_*, EMBEDDINGS_*, or OPENAI_* for all three); the local engine does any
 * capability left unconfigured. Speech without a service is pocketsphinx when installed (a draft), else refused.
 */
export function createAiEngine(config: AppConfig): AppAiEngine {
  const retry = config.aiRetryBaseDelayMs === undefined ? {} : { retry: { baseDelayMs: config.aiRetryBaseDelayMs } };
  // The OpenAI modules load at a service's first call, not at start-up (api/src/openai-on-first-use.ts).
  const service = (
    settings: AiServiceConfig,
    models: Pick<
      OpenAiEngineOptions,
      "chatModel" | "chatContextTokens" | "transcriptionModel" | "transcriptionLanguage"
    >,
  ) => openAiEngineOnFirstUse({ apiKey: settings.apiKey, baseURL: settings.baseURL, ...models, ...retry });
  let local: AiEngine | undefined;
  const localEngine = () => {
    local ??= createLocalEngine({ embedder: config.localEmbedder });
    return local;
  };

  const speech =
    config.speech &&
    service(config.speech, { transcriptionModel: config.speech.model, transcriptionLanguage: config.speechLanguage });
  const chat =
    config.chat && service(config.chat, { chatModel: config.chat.model, chatContextTokens: config.chatContextTokens });
  const embedder = config.embeddings
    ? openAiEmbedderOnFirstUse({
        apiKey: config.embeddings.apiKey,
        baseURL: config.embeddings.baseURL,
        embeddingModel: config.embeddings.model,
        ...retry,
      })
    : localEngine().embedder;
  const pocketsphinx =
    !speech && config.offlineSpeech.enabled ? findPocketsphinx(config.offlineSpeech.pocketsphinxPath) : undefined;

  const speechEngine = config.speech
    ? { engine: serviceEngineName(config.speech), draft: false }
    : pocketsphinx
      ? { engine: POCKETSPHINX_ENGINE, draft: true }
      : null;
  const summaryEngine = config.chat ? serviceEngineName(config.chat) : "local";
  const embeddingsPrefix = config.embeddings ? `${config.embeddings.baseURL ? "self-hosted" : "openai"}:` : "local:";

  return {
    name: config.speech || config.chat || config.embeddings ? "openai" : "local",
    canTranscribe: speechEngine !== null,
    async transcribeAudio(audio, options) {
      if (speech) return speech.transcribeAudio(audio, options);
      if (pocketsphinx) return transcribeWithPocketsphinx(audio, { cli: pocketsphinx }, options);
      throw new SpeechServiceNotConfiguredError();
    },
    summarise: (input, signal) => (chat ?? localEngine()).summarise(input, signal),
    embedder,
    engines: {
      speech: speechEngine,
      summary: summaryEngine,
      // A getter: the local embedder names its fallback model if the sentence encoder cannot load.
      get embeddings() {
        return `${embeddingsPrefix}${embedder.model}`;
      },
    },
  };
}
