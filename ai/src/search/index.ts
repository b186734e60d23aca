export * from "./answer-question";
export * from "./answer-types";
export * from "./compose-local-answer";
export * from "./hybrid-retrieve";
