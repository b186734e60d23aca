// Sentences that mean nothing taken alone, because what they say is in the sentence before:
// - an elliptical reply: "Twelve hundred a quarter, by direct debit." or "Yes, the red one." answers a question and has
//   no subject and verb of its own; "That's our neighbour, Ines." or "It's the old address." opens by pointing back;
// - a sentence whose "that" or "it" stands for what was just said: "Let's move that to the spring." alone does not
//   say what moves.
// A note keeps them with the turn they lean on (write-note.ts joins them), or leaves them out. Each test reads
// a fixed number of words or sentences: linear.

import { alternation, FILLER_SOUNDS } from "../../language/lexicon";
import { lexiconRegExp } from "../../language/patterns";
import { isSmallTalk, plainSentence, type Sentence } from "../../language/sentences";
import { contentTerms } from "../../language/tokens";
import { displayName } from "../third-person";

const QUESTION_END = /\?["')]*$/;
/** A reply this short, without a subject and verb, is a fragment of an answer. */
const MAX_FRAGMENT_WORDS = 8;
/** "That's my landlord, Bo Reyes.": a reply opening by pointing back is elliptical when it is this short. */
const MAX_POINTING_WORDS = 12;
/** Words a pointing-back pronoun may sit at most from the start of its sentence. */
const MAX_POINTING_POSITION = 6;
/** Sentences back from a reply to the question it answers, at most. */
const MAX_EXCHANGE_SENTENCES = 4;
/** Short acknowledgements ("Sure.", "Yes.") a replier may say before the fragment. */
const MAX_ACK_WORDS = 2;

// Interjections a reply may open with before the fragment itself.
/** Filler sounds, the longest first, so "uh-huh" is read whole before "uh". */
const REPLY_FILLERS = [...FILLER_SOUNDS].sort((a, b) => b.length - a.length);
const REPLY_OPENER = lexiconRegExp(
  `^(?:(?:yes|yeah|yep|no|nope|sure|right|okay|ok|well|so|oh|${alternation(REPLY_FILLERS)})\\b[,.]?\\s*)+`,
  "i",
);
// "That's…", "It is…", "He's…", "Those are…": a subject standing for something said before.
const POINTS_BACK =
  /^(?:that|it|this|he|she|they|those|these)(?:['’](?:s|re)\b|\s+(?:is|was|are|were|would be|will be|should be)\b)/i;
// A subject and verb of its own: a pronoun subject, or an auxiliary or common verb form.
const SUBJECT_OR_VERB =
  /\b(?:i|we|you|he|she|they|there|is|are|was|were|am|be|been|has|have|had|do|does|did|will|would|can|could|should|shall|must|may|might|get|gets|got|goes|went|pay|pays|paid|put|puts|make|makes|made|take|takes|took|keep|keeps|kept|want|wants|need|needs|think|thinks|know|knows|said|says|lives|live|works|work)\b|['’](?:s|re|ve|ll|d|m)\b|\b\w+n['’]t\b/i;
// "Let's move that to the spring.", "I'd put it into the Roth.": a "that", "it", "this" or "them" that is the object of
// what is said, not a word that introduces a clause ("so that we…") or a noun ("that account").
const OBJECT_PRONOUN =
  /\b(?!(?:is|was|be|so|now|than|like|such|and|but|or|because|if)\s)[a-z]+\s+(?:that|it|this|them)(?=\s*(?:[,.;:!?]|$)|\s+(?:to|into|up|down|by|from|over|for|until|once|when|before|after|with|at|on|off|out|back|again|too|then|now|later|instead|as well)\b)/i;

/**
 * How a sentence leans on the one before, if it does: an "answer" to another speaker's question ("Twelve hundred.",
 * "That's my cousin."), a "remark" pointing back at another speaker's statement ("That's a lot."), or a fragment
 * that "continued" the speaker's own sentence ("It's at Fidelity. Ninety, roughly.").
 */
export type Ellipsis = "answer" | "remark" | "continued";

export function ellipsisOf(sentence: Sentence, sentences: Sentence[]): Ellipsis | null {
  const text = sentence.text.trim();
  if (sentence.speaker === null || QUESTION_END.test(text)) return null;
  const words = text.split(/\s+/).length;
  const fragment = text.replace(REPLY_OPENER, "");
  const isFragment = fragment.length > 0 && words <= MAX_FRAGMENT_WORDS && !SUBJECT_OR_VERB.test(fragment);
  const before = previousTurn(sentence, sentences);
  if (!before) {
    const own = sentences[sentence.index - 1];
    return isFragment && own?.speaker === sentence.speaker && !QUESTION_END.test(own.text) ? "continued" : null;
  }
  const asked = QUESTION_END.test(before.text);
  if (POINTS_BACK.test(text) && words <= MAX_POINTING_WORDS) return asked ? "answer" : "remark";
  // A fragment answers a question; a short remark after a statement is a remark of its own.
  return asked && isFragment ? "answer" : null;
}

/** True when the sentence cannot stand without the sentence before it (see ellipsisOf). */
export function isEllipticalReply(sentence: Sentence, sentences: Sentence[]): boolean {
  return ellipsisOf(sentence, sentences) !== null;
}

/** The sentences from what an elliptical sentence leans on to the sentence itself; null when it leans on nothing. */
export function ellipsisChain(sentence: Sentence, sentences: Sentence[]): Sentence[] | null {
  const kind = ellipsisOf(sentence, sentences);
  if (kind === null) return null;
  if (kind === "continued") return [sentences[sentence.index - 1]!, sentence];
  const from = (kind === "answer" ? questionAnswered(sentence, sentences) : null) ?? previousTurn(sentence, sentences);
  return from ? sentences.slice(from.index, sentence.index + 1) : null;
}

/**
 * True when a "that" or "it" in the sentence stands for what was said just before ("raise that to 500"). Only its
 * first words are read: further on, the pronoun's noun is as likely said earlier in the same sentence ("the bank
 * has to release the funds once probate grants it").
 */
export function pointsBack(text: string): boolean {
  if (QUESTION_END.test(text.trim())) return false;
  // One word more than the pronoun may sit at, so the word after it can be read.
  const opening = text
    .trim()
    .split(/\s+/)
    .slice(0, MAX_POINTING_POSITION + 1);
  const match = OBJECT_PRONOUN.exec(opening.join(" "));
  if (!match) return false;
  const pronounAt = opening
    .join(" ")
    .slice(0, match.index + match[0].length)
    .split(/\s+/).length;
  return pronounAt <= MAX_POINTING_POSITION;
}

/**
 * The other speaker's sentence this one replies to: the sentence just before, or the one before a short
 * acknowledgement by the same speaker ("Sure. Twelve hundred."). Null when the speaker is going on.
 */
function previousTurn(sentence: Sentence, sentences: Sentence[]): Sentence | null {
  if (sentence.speaker === null) return null;
  for (let i = sentence.index - 1; i >= Math.max(0, sentence.index - 2); i--) {
    const before = sentences[i];
    if (!before || before.speaker === null) return null;
    if (before.speaker !== sentence.speaker) return before;
    if (before.text.trim().split(/\s+/).length > MAX_ACK_WORDS) return null;
  }
  return null;
}

/**
 * The sentence with the one before it that its "that" or "it" stands for; when that sentence is itself an elliptical
 * reply, its question comes too. Null when nothing before can carry it.
 */
export function leanChain(sentence: Sentence, sentences: Sentence[]): Sentence[] | null {
  const before = sentences[sentence.index - 1];
  if (!before || isSmallTalk(before.text)) return null;
  return [...(ellipsisChain(before, sentences) ?? [before]), sentence];
}

/**
 * The question a reply answers: the nearest one by someone else with a word of its own, a few sentences back ("Who is
 * on the policy?" "Um, no." "What?" "It's my sister." answers the first question, not "What?").
 */
function questionAnswered(reply: Sentence, sentences: Sentence[]): Sentence | null {
  for (let i = reply.index - 1; i >= Math.max(0, reply.index - MAX_EXCHANGE_SENTENCES); i--) {
    const before = sentences[i]!;
    if (before.speaker === null) return null;
    if (before.speaker === reply.speaker || !QUESTION_END.test(before.text)) continue;
    if (contentTerms(before.text).length > 0) return before;
  }
  return null;
}

/**
 * "Ana: “…” Bo: “…”": the sentences as a transcript reads, consecutive sentences of one speaker in one quote. Only
 * for weighing a point (an exchange weighs more: fact-weight.ts); the notes show write-note.ts's text.
 */
export function quoteTurns(chain: Sentence[], write: (text: string) => string): string {
  const turns: { speaker: string | null; texts: string[] }[] = [];
  for (const sentence of chain) {
    const last = turns.at(-1);
    const text = write(plainSentence(sentence.text));
    if (last && last.speaker === sentence.speaker) last.texts.push(text);
    else turns.push({ speaker: sentence.speaker, texts: [text] });
  }
  return turns
    .map(({ speaker, texts }) => `${speaker ? `${displayName(speaker)}: ` : ""}“${texts.join(" ")}”`)
    .join(" ");
}
