// The OpenAI engine and answer composer, loaded on first use: @cm/ai/openai pulls in LangChain and the OpenAI SDK,
// the largest part of the server's module loading, and a process that never calls the service never needs them.
import type { AiEngine, Embedder } from "@cm/ai";
import type { FollowUpWriter, OpenAiEngineOptions } from "@cm/ai/openai";
import type { AnswerComposer } from "@cm/ai/search";

type OpenAiModule = typeof import("@cm/ai/openai");
type AnswerComposerOptions = Parameters<OpenAiModule["createOpenAiAnswerComposer"]>[0];
type FollowUpWriterOptions = Parameters<OpenAiModule["createOpenAiFollowUpWriter"]>[0];

/** An OpenAI engine built at its first call, then reused. */
function engineOnFirstUse(options: OpenAiEngineOptions): () => Promise<AiEngine> {
  let engine: Promise<AiEngine> | undefined;
  return () => {
    engine ??= import("@cm/ai/openai").then((openai) => openai.createOpenAiEngine(options));
    return engine;
  };
}

/** Speech and summaries of `createOpenAiEngine`, its modules loaded at the first call. */
export function openAiEngineOnFirstUse(options: OpenAiEngineOptions): Omit<AiEngine, "embedder"> {
  const load = engineOnFirstUse(options);
  return {
    name: "openai",
    canTranscribe: true,
    transcribeAudio: async (...args) => (await load()).transcribeAudio(...args),
    summarise: async (...args) => (await load()).summarise(...args),
  };
}

/** The embedder of `createOpenAiEngine`, its modules loaded at the first call. */
export function openAiEmbedderOnFirstUse(options: OpenAiEngineOptions & { embeddingModel: string }): Embedder {
  const load = engineOnFirstUse(options);
  return {
    // The name createOpenAiEmbedder records, known before the module loads.
    model: options.embeddingModel,
    dimensions: 1536,
    embed: async (...args) => (await load()).embedder.embed(...args),
  };
}

/** Same as `createOpenAiAnswerComposer`, building the composer at the first question (then reusing it). */
export function openAiAnswerComposerOnFirstUse(options: AnswerComposerOptions): AnswerComposer {
  let composer: Promise<AnswerComposer> | undefined;
  return {
    readsPassages: true,
    async *compose(context, signal) {
      composer ??= import("@cm/ai/openai").then((openai) => openai.createOpenAiAnswerComposer(options));
      yield* (await composer).compose(context, signal);
    },
  };
}

/** Same as `createOpenAiFollowUpWriter`, building the writer at the first draft (then reusing it). */
export function openAiFollowUpWriterOnFirstUse(options: FollowUpWriterOptions): FollowUpWriter {
  let writer: Promise<FollowUpWriter> | undefined;
  return {
    async write(record, signal) {
      writer ??= import("@cm/ai/openai").then((openai) => openai.createOpenAiFollowUpWriter(options));
      return (await writer).write(record, signal);
    },
  };
}
