export * from "./answer-question";
export type * from "./answer-store";
export * from "./answer-types";
export * from "./fetch/hybrid-retrieve";
export { gatherContext } from "./gather-context";
export * from "./rank/answer-confidence";
export * from "./understand/clip-history";
export * from "./write/citation";
export * from "./write/compose-local-answer";
