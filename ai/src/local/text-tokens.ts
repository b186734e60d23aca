// Moved to ai/src/language/tokens.ts (the one tokenizer); kept so existing imports still resolve.
export { contentTerms, STOP_WORDS, splitWords, stemWord } from "../language/tokens";
