export { createOpenAiEngine, type OpenAiEngineOptions } from "./create-openai-engine";
export {
  createOpenAiFollowUpWriter,
  type FollowUpProse,
  type FollowUpRecord,
  type FollowUpWriter,
} from "./follow-up-writer";
export { createOpenAiAnswerComposer } from "./openai-answer-composer";
