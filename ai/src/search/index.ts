export * from "./answer-question";
export * from "./answer-types";
export * from "./fetch/hybrid-retrieve";
export type * from "./fetch/store";
export * from "./understand/clip-history";
export { detectQuestionKinds, type QuestionKind } from "./understand/understand-question";
export * from "./write/compose-local-answer";
export * from "./rank/answer-confidence";
