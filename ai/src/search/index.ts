export * from "./answer-question";
export * from "./answer-types";
export * from "./clip-history";
export * from "./compose-local-answer";
export type * from "./fetch/store";
export * from "./hybrid-retrieve";
export { detectQuestionKinds, type QuestionKind } from "./understand-question";
