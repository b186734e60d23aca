// Language as data: the one lexicon, tokenizer and sentence splitter, and the rule-table API (see docs/notes-engine.md).
export * from "./lexicon";
export { compiledPatterns, lexiconRegExp } from "./patterns";
export { tableProblems } from "./rule-examples";
export * from "./rules";
export { capitalise, type Sentence, splitSegmentsIntoSentences, uncapitalise, withoutToolTag } from "./sentences";
export { contentTerms, overlapShare, splitWords, stemWord, wholeNumbers } from "./tokens";
