// A figure needs what it refers to. "It's about 1.12 million." alone tells a reader nothing; with the question it
// answers it does ("What's the brokerage account worth?" … "It's about 1.12 million."). A bare figure sentence takes
// the question (or the other speaker's turn) just before it; without one it is not used. write-note.ts joins them.

import { alternation, NUMBER_WORDS } from "../../language/lexicon";
import { lexiconRegExp } from "../../language/patterns";
import { isSmallTalk, type Sentence } from "../../language/sentences";
import { contentTerms } from "../../language/tokens";

/** Sentences looked back over for the question a bare figure answers. */
const LOOK_BACK = 3;
/** Content words (besides numbers) a sentence needs to say what its figure is. */
const MIN_REFERENT_TERMS = 2;
const NUMBERISH = lexiconRegExp(
  `^(?:\\d[\\d,.%]*|\\$.*|${alternation(NUMBER_WORDS)}|percent|dollars?|point|half|quarter|about|around|roughly|maybe|probably|year|month|week|day|change)$`,
  "i",
);
const PRONOUN_START =
  /^(?:it|it's|it is|that|that's|that is|this|this is|they|they're|those|about|around|roughly|maybe|probably|just|yes|yeah|no|so|and|plus|or)\b/i;
const QUESTION_END = /\?["')]*$/;

/** True when the sentence says a figure without saying what it is a figure of. */
export function isBareFigure(text: string): boolean {
  const terms = contentTerms(text).filter((term) => !NUMBERISH.test(term));
  return terms.length < MIN_REFERENT_TERMS || (PRONOUN_START.test(text) && terms.length <= MIN_REFERENT_TERMS);
}

/**
 * The sentences a bare figure needs to be read: the question or other speaker's turn before it (and the speaker's
 * own short lead-in just before the figure), then the figure. Null when nothing before it says what the figure is.
 */
export function referentChain(answer: Sentence, sentences: Sentence[]): Sentence[] | null {
  let fallback: Sentence | null = null;
  // "She gets half. So 1,450 a month.": the same speaker's sentence just before belongs to the answer.
  const before = sentences[answer.index - 1];
  const lead =
    before &&
    before.speaker === answer.speaker &&
    !QUESTION_END.test(before.text) &&
    before.text.split(" ").length <= 12
      ? before
      : null;
  const answered = lead ? [lead, answer] : [answer];
  for (let i = answer.index - 1; i >= Math.max(0, answer.index - LOOK_BACK); i--) {
    const context = sentences[i]!;
    if (context.speaker === answer.speaker || isSmallTalk(context.text)) continue;
    const isQuestion = QUESTION_END.test(context.text);
    if (contentTerms(context.text).length < (isQuestion ? 1 : 2)) continue;
    if (isQuestion) return [context, ...answered];
    fallback ??= isBareFigure(context.text) ? null : context;
  }
  if (fallback) return [fallback, ...answered];
  // No one else spoke just before: the speaker's own sentence before it may say what the figure is.
  return lead && !isBareFigure(lead.text) ? answered : null;
}
