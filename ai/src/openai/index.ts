export { describeAiError, isTransientError, MalformedAiOutputError, toAiError } from "./ai-errors";
export { createOpenAiEngine, type OpenAiEngineOptions } from "./create-openai-engine";
export {
  createOpenAiFollowUpWriter,
  type FollowUpProse,
  type FollowUpRecord,
  type FollowUpWriter,
} from "./follow-up-writer";
export { createOpenAiAnswerComposer } from "./openai-answer-composer";
export { EMBEDDING_BATCH_SIZE, EMBEDDING_DIMENSIONS } from "./openai-embedder";
