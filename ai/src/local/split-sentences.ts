// Moved to ai/src/language/sentences.ts (the one sentence splitter); kept so existing imports still resolve.
export {
  cleanSpokenText,
  isSmallTalk,
  plainSentence,
  type Sentence,
  splitSegmentsIntoSentences,
} from "../language/sentences";
