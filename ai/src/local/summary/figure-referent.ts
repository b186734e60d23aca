// A figure needs what it refers to. "It's about 1.12 million." alone tells a reader nothing; with the question it
// answers it does: Ruth: “What's the brokerage account worth?” Dan: “It's about 1.12 million.” A bare figure sentence
// takes the question (or the other speaker's turn) just before it; without one it is not used.

import { isSmallTalk, plainSentence, type Sentence } from "../split-sentences";
import { contentTerms } from "../text-tokens";
import { displayName } from "../third-person";

/** Sentences looked back over for the question a bare figure answers. */
const LOOK_BACK = 3;
/** Content words (besides numbers) a sentence needs to say what its figure is. */
const MIN_REFERENT_TERMS = 2;
const NUMBERISH =
  /^(?:\d[\d,.%]*|\$.*|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\w+teen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|percent|dollars?|point|half|quarter|about|around|roughly|maybe|probably|year|month|week|day|change)$/i;
const PRONOUN_START =
  /^(?:it|it's|it is|that|that's|that is|this|this is|they|they're|those|about|around|roughly|maybe|probably|just|yes|yeah|no|so|and|plus|or)\b/i;
const QUESTION_END = /\?["')]*$/;

/** True when the sentence says a figure without saying what it is a figure of. */
export function isBareFigure(text: string): boolean {
  const terms = contentTerms(text).filter((term) => !NUMBERISH.test(term));
  return terms.length < MIN_REFERENT_TERMS || (PRONOUN_START.test(text) && terms.length <= MIN_REFERENT_TERMS);
}

/**
 * The key point for a bare figure: the question or turn before it, then the answer, each quoted with its speaker.
 * Null when nothing before it says what the figure is.
 */
export function quoteWithReferent(
  answer: Sentence,
  answerText: string,
  sentences: Sentence[],
  write: (text: string) => string = (text) => text,
): string | null {
  let fallback: Sentence | null = null;
  // "She gets half. So 1,450 a month.": the same speaker's sentence just before belongs to the answer.
  const lead = sentences[answer.index - 1];
  const leadText =
    lead && lead.speaker === answer.speaker && !QUESTION_END.test(lead.text) && lead.text.split(" ").length <= 12
      ? write(plainSentence(lead.text))
      : "";
  const answerWithLead = leadText ? `${leadText} ${answerText}` : answerText;
  for (let i = answer.index - 1; i >= Math.max(0, answer.index - LOOK_BACK); i--) {
    const before = sentences[i]!;
    if (before.speaker === answer.speaker || isSmallTalk(before.text)) continue;
    const isQuestion = QUESTION_END.test(before.text);
    if (contentTerms(before.text).length < (isQuestion ? 1 : 2)) continue;
    if (isQuestion) return quote(before, write(plainSentence(before.text)), answer, answerWithLead);
    fallback ??= isBareFigure(before.text) ? null : before;
  }
  if (fallback) return quote(fallback, write(plainSentence(fallback.text)), answer, answerWithLead);
  // No one else spoke just before: the speaker's own sentence before it may say what the figure is.
  return leadText && !isBareFigure(lead!.text) ? quoteOne(answer, answerWithLead) : null;
}

function quoteOne(answer: Sentence, answerText: string): string {
  return answer.speaker ? `${displayName(answer.speaker)}: “${answerText}”` : answerText;
}

function quote(context: Sentence, contextText: string, answer: Sentence, answerText: string): string {
  const who = (sentence: Sentence) => (sentence.speaker ? `${displayName(sentence.speaker)}: ` : "");
  return `${who(context)}“${contextText}” ${who(answer)}“${answerText}”`;
}
