// An adviser often repeats a fact back as a question to check it ("Revenue last year was about 3.1 million?",
// "Twenty-two employees?", "You signed the lease in March, is that right?") and the client confirms, with a yes ("Yes,
// about that.") or by saying it again ("Three point one, yeah.", "Twenty-two, with me."). Such a question is a
// fact, not an open question: the notes write it as a statement.

import { alternation, HUNDRED, NUMBER_SCALES, TENS_WORDS } from "../../language/lexicon";
import { lexiconRegExp } from "../../language/patterns";
import type { Sentence } from "../../language/sentences";
import { contentTerms } from "../../language/tokens";
import { writeNumbersAsFigures } from "./spoken-numbers";

const QUESTION_END = /\?(["')]*)$/;
const FIGURE = lexiconRegExp(
  `\\d|\\b${alternation([HUNDRED, ...Object.keys(NUMBER_SCALES), "percent", ...TENS_WORDS])}\\b`,
  "i",
);
// A question that asks rather than checks ("How much is…?", "What about…?") is not a read-back.
const ASKS =
  /^(?:(?:and|so|okay|ok)[,]?\s+)?(?:what|how|why|when|where|who|which|do|does|did|is|are|can|could|would|should|will|have|has)\b/i;
const CONFIRMS =
  /^(?:yes|yeah|yep|yup|right|correct|exactly|that's right|that's correct|that's it|about that|roughly|more or less|give or take|mm-hmm|uh-huh)\b/i;
// "…, is that right?", "…, correct?": a statement put as a question to be checked, figure or not.
const TAG_QUESTION = /,\s*(?:is that right|is that correct|right|correct|yes|no)\?["')]*$/i;
const DENIES = /^(?:no|nope|not|actually|well)\b/i;
/** Words of a reply read for a restatement: a confirmation says the fact again at once. */
const RESTATEMENT_WORDS = 6;

// "Luis, what about…?": the name someone is addressed by does not change what the question does.
const VOCATIVE = /^\p{Lu}\p{Ll}+,\s+/u;

// "The way I see it is, if you retired, what would you need?": a question word asked after a lead-in asks too.
const ASKS_AFTER_LEAD_IN =
  /,\s+(?:what|how|why|when|where)\s+(?:do|does|did|is|are|was|were|would|will|should|can|could|much|many)\b/i;

/** A question that states a fact to check it ("And you made about 48,000?", "…, is that right?"), not one that asks. */
export function isReadBack(text: string): boolean {
  const plain = text.replace(VOCATIVE, "");
  if (!QUESTION_END.test(plain) || ASKS.test(plain) || ASKS_AFTER_LEAD_IN.test(plain)) return false;
  return FIGURE.test(plain) || TAG_QUESTION.test(plain);
}

/** The sentence as a statement when it reads a fact back and the next speaker confirms it; null otherwise. */
export function confirmedReadBack(question: Sentence, sentences: Sentence[]): Sentence | null {
  if (!isReadBack(question.text)) return null;
  const reply = sentences[question.index + 1];
  if (!reply || reply.speaker === question.speaker) return null;
  const answer = reply.text.trim();
  if (!CONFIRMS.test(answer) && !restates(question.text, answer)) return null;
  const statement = question.text.replace(TAG_QUESTION, ".").replace(QUESTION_END, ".$1");
  return { ...question, text: statement };
}

/**
 * True when the reply opens by saying the question's fact again: one of its figures ("Three point one, yeah." to
 * "…about 3.1 million?") or, for a question without figures, one of its words ("Two weeks ago Wednesday.").
 */
function restates(question: string, reply: string): boolean {
  if (DENIES.test(reply)) return false;
  const opening = reply.split(/\s+/).slice(0, RESTATEMENT_WORDS).join(" ");
  const figures = (text: string) => writeNumbersAsFigures(text).match(/\d[\d,.]*\d|\d/g) ?? [];
  const asked = new Set(figures(question).map((figure) => figure.replace(/,/g, "")));
  if (asked.size > 0) return figures(opening).some((figure) => asked.has(figure.replace(/,/g, "")));
  const terms = new Set(contentTerms(question));
  return contentTerms(opening).some((term) => terms.has(term));
}
