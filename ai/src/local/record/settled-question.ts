// A decision reached as a question and its answer: someone asks what to do ("Do we keep the work policy?", "Should
// we pay yearly or monthly?") or reads a choice back to be checked ("So Ines as executor and Marco as the backup?"),
// and another speaker settles it ("Yes, keep it.", "Yearly.", "That's right."). The note states the question as
// what was settled ("Keep the work policy, agreed.", "Pay yearly.", from "yearly or monthly"), without speaker labels. Only the first reply by someone else, within a few sentences
// of the question, is read: linear.

import { capitalise, type Sentence, uncapitalise } from "../../language/sentences";
import { contentTerms } from "../../language/tokens";
import { countFacts, countFigures, QUESTION_END } from "./fact-signals";

const OPENERS = /^(?:(?:okay|ok|so|and|then|right|alright)[,.]?\s+)*/i;
// "Do we keep…?", "Should we…?", "Are we going with…?", "So we'll keep it as is?": a question about what to do.
// The running of the meeting ("Should we start with…?", "Shall we set the next meeting?") is not a decision.
const ASKS_WHAT_TO_DO =
  /^(?:do|should|shall|are|will) we\s+(?!(?:have|know|need to know|talk|meet|start|begin|move on|go over|go through|look at|set|schedule|take a|wrap|get started|come back|turn to|switch|do the|do that|do this)\b)|^we(?:'ll| will| keep| go| do)\b/i;
// "…or…?": a choice between options, settled by naming one.
const EITHER_OR = /\bor\b/i;
const YES =
  /^(?:yes|yeah|yep|yup|sure|correct|right|exactly|absolutely|definitely|agreed|that's right|that's correct|let's do (?:it|that)|sounds good)\b/i;
const NO = /^(?:no|nope|not|never|I don't|I'm not|we don't|actually|well|hmm|maybe|I'm not sure|let me)\b/i;
/** Sentences the asker may add before someone replies ("Should we pay yearly? The form has both."). */
const MAX_ASIDES = 2;
/** Words of a reply read for the option it names. */
const REPLY_OPENING_WORDS = 3;

/** The question as what it settled, with the option named; null when the sentence is not one. */
export function settledQuestion(question: Sentence, sentences: Sentence[]): string | null {
  if (!QUESTION_END.test(question.text)) return null;
  const asked = question.text.replace(OPENERS, "");
  const whatToDo = ASKS_WHAT_TO_DO.test(asked);
  // A role read back to be checked ("So Ines as executor?") is a choice, like a question about what to do.
  const roleReadBack = countFacts(asked) > countFigures(asked);
  if (!whatToDo && !roleReadBack) return null;
  const reply = firstReply(question, sentences);
  if (!reply || QUESTION_END.test(reply.text)) return null;
  const answer = reply.text.replace(OPENERS, "").trim();
  if (NO.test(answer)) return null;
  const settles = EITHER_OR.test(asked) ? namesAnOption(asked, answer) : YES.test(answer);
  if (!settles) return null;
  const settled = asked
    .replace(ASKED_OPENING, "")
    .replace(/(?<![\s?"')])[\s?"')]+$/, "")
    .trim();
  if (!settled) return null;
  const statement = capitalise(settled);
  if (!EITHER_OR.test(asked)) return `${statement}, agreed.`;
  const chosen = withOptionChosen(statement, answer);
  if (chosen) return `${chosen}.`;
  const option = answer.replace(/(?<![.!])[.!]+$/, "");
  return `${statement}: ${uncapitalise(option)}.`;
}

/** Words an option of "A or B" holds at most, for the statement to be rewritten with the one chosen. */
const MAX_OPTION_WORDS = 4;

/**
 * "Pay annually or monthly" answered "Annually, if …" → "Pay annually"; "Take the lump sum or the annuity" answered
 * "The annuity" → "Take the annuity". The options are the words either side of the last "or": the second as said,
 * the first as long (from its own opening word when the second opens with one, "the …"). Null when the reply's
 * opening is neither.
 */
function withOptionChosen(statement: string, answer: string): string | null {
  const at = statement.toLowerCase().lastIndexOf(" or ");
  if (at < 0) return null;
  const before = statement.slice(0, at).split(" ");
  const second = statement.slice(at + 4).split(" ");
  if (second.length > MAX_OPTION_WORDS || second.join(" ").includes(",")) return null;
  const opening = second[0]!.toLowerCase();
  let firstStart = before.length - second.length;
  if (second.length > 1) {
    const own = before.map((w) => w.toLowerCase()).lastIndexOf(opening);
    if (own > 0) firstStart = own;
  }
  if (firstStart < 1) return null;
  const head = before.slice(0, firstStart);
  const first = before.slice(firstStart);
  const reply = answer
    .split(/[,.;!]/)[0]!
    .trim()
    .toLowerCase();
  if (reply === second.join(" ").toLowerCase()) return [...head, ...second].join(" ");
  if (reply === first.join(" ").toLowerCase()) return [...head, ...first].join(" ");
  return null;
}

// "Do we", "Should we", "Are we going to": the asking, which the settled statement leaves out.
const ASKED_OPENING = /^(?:(?:do|should|shall|are|will) we(?:\s+(?:going to|gonna))?\s+|we(?:'ll| will)\s+)/i;

/** The next sentence by someone else, when the asker adds at most a few statements before it. */
function firstReply(question: Sentence, sentences: Sentence[]): Sentence | null {
  if (question.speaker === null) return null;
  for (let i = question.index + 1; i <= question.index + 1 + MAX_ASIDES && i < sentences.length; i++) {
    const next = sentences[i]!;
    if (next.speaker === null) return null;
    if (next.speaker !== question.speaker) return next;
    if (QUESTION_END.test(next.text)) return null;
  }
  return null;
}

/** "Yearly, if the budget allows." names one of "yearly or monthly": the reply opens with a word of the question. */
function namesAnOption(question: string, answer: string): boolean {
  const options = new Set(contentTerms(question));
  const opening = answer.split(/\s+/).slice(0, REPLY_OPENING_WORDS).join(" ");
  return contentTerms(opening).some((term) => options.has(term));
}
