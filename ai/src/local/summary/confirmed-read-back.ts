// An adviser often repeats a figure back as a question to check it ("Revenue last year was about 3.1 million?",
// "Fourteen employees?") and the client confirms ("Yes, about that."). Such a question is a fact, not an open
// question: the notes write it as a statement.

import type { Sentence } from "../split-sentences";

const QUESTION_END = /\?(["')]*)$/;
const FIGURE =
  /\d|\b(?:hundred|thousand|million|billion|percent|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)\b/i;
// A question that asks rather than checks ("How much is…?", "What about…?") is not a read-back.
const ASKS =
  /^(?:(?:and|so|okay|ok)[,]?\s+)?(?:what|how|why|when|where|who|which|do|does|did|is|are|can|could|would|should|will|have|has)\b/i;
const CONFIRMS =
  /^(?:yes|yeah|yep|yup|right|correct|exactly|that's right|that's correct|that's it|about that|roughly|more or less|give or take|mm-hmm|uh-huh)\b/i;

// "Luis, what about…?": the name someone is addressed by does not change what the question does.
const VOCATIVE = /^\p{Lu}\p{Ll}+,\s+/u;

/** A question that states a figure to check it ("And you made about 48,000?"), not one that asks for one. */
export function isReadBack(text: string): boolean {
  const plain = text.replace(VOCATIVE, "");
  return QUESTION_END.test(plain) && FIGURE.test(plain) && !ASKS.test(plain);
}

/** The sentence as a statement when it reads a figure back and the next speaker confirms it; null otherwise. */
export function confirmedReadBack(question: Sentence, sentences: Sentence[]): Sentence | null {
  if (!isReadBack(question.text)) return null;
  const reply = sentences[question.index + 1];
  if (!reply || reply.speaker === question.speaker || !CONFIRMS.test(reply.text.trim())) return null;
  return { ...question, text: question.text.replace(QUESTION_END, ".$1") };
}
