// Language as data: the one lexicon, tokenizer and sentence splitter, and the rule-table API (see docs/notes-engine.md).
export * from "./lexicon";
export { type CompiledPattern, compiledPatterns, lexiconRegExp } from "./patterns";
export { exampleFailure, tableProblems } from "./rule-examples";
export * from "./rules";
export { cleanSpokenText, isSmallTalk, type Sentence, splitSegmentsIntoSentences } from "./sentences";
export { contentTerms, splitWords, stemWord } from "./tokens";
