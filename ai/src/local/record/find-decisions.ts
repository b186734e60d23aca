// What the meeting agreed or chose: a recap of decisions, a decision named as such, a choice said outright, a
// question about what to do settled by its answer (settled-question.ts) or a proposal the other side accepts; not
// options floated, hypotheticals, questions or "no decision today" (examples: docs/features.md). Every pattern is
// anchored or a plain alternation and each sentence is read with a bounded window around it: linear.

import { alternation, DIGIT_WORDS, ORDINAL_UNITS } from "../../language/lexicon";
import { lexiconRegExp } from "../../language/patterns";
import { capitalise, type Sentence } from "../../language/sentences";
import { contentTerms, overlapShare } from "../../language/tokens";
import { QUESTION_END } from "./fact-signals";
import { writeAmounts } from "./figures-in-sentence";
import { dropAsides, dropCorrectedFigures, dropStutters } from "./self-corrections";
import { settledQuestion } from "./settled-question";
import { saysMoney } from "./shorthand-amounts";
import { writeNumbersAsFigures } from "./spoken-numbers";

/** Decisions kept at most: a long meeting's recap rarely holds more. */
const MAX_DECISIONS = 12;
/** Share of content words two wordings of one decision have in common. */
const SAME_DECISION = 0.7;
/** Sentences of one speaker read after a recap heading. */
const MAX_RECAP_SENTENCES = 8;

const OPENERS = /^(?:(?:okay|ok|so|and|right|good|great|alright|all right|well|then|yes|yeah)[,.!]?\s+)*/i;
const RECAP_HEADING =
  /^(?:the |our |and the |so the )?decisions?(?:,? (?:for the record|we made|then|so far|today))?\s*[:.,-]\s*/i;
const NAMED_DECISION =
  /^(?:(?:and )?(?:just )?(?:so )?(?:that's|that is|so that's) (?:a|our \w+|the \w+|one|another) decision|(?:so )?that's decided|decision made)(?:,? (?:then|for the record))?\s*[:.,-]\s*/i;
const CHOICE =
  /\b(?:we(?:'re| are) going with|we(?:'ll| will) go with|let's go with|we(?:'ve| have)? decided (?:on|to|that|the|our)|we(?:'re| are) (?:all )?agreed\b|we(?:'re| are) settled on|we settled on|the decision is|we(?:'re| are) doing the|we(?:'re| are) making the|we(?:'re| are) accepting|we(?:'re| are) keeping|we(?:'ll| will) keep)\b/i;
// "We're not adding Rosa to the title.", "We are not going to touch the pension.": a choice not to do something.
// It opens the sentence ("so we're not waiting on…" inside a sentence gives a reason, not a choice) and names what is
// not done ("We're not doing anything today." and "We're not deciding that today." put a choice off).
const NEGATED_CHOICE =
  /^(?:(?:no|just to be clear|to be clear)[,.]?\s+)?we(?:'re| are| will|'ll)? not (?:going to )?(?:(?:just|actually|really) )?(?!(?:just|actually|really|sure|going|ready|there|done|talking|getting|deciding|solving|waiting|planning|know|be able|have time|sitting|looking|thinking|saying|trying|expecting|hoping|kidding|joking|worried|made|rich|in|on)\b)\w+ (?!(?:anything|everything|it|that|this)\b)\w+ \w/i;
const PROPOSAL = /^(?:let's|I(?:'d)? recommend|my recommendation is|I(?:'d)? suggest|what I'd do is)\b/i;
const NOT_DECIDED =
  /\b(?:if|unless|whether|would you|should we|could we|maybe|might|not sure|haven't decided|not decided|no decision|until we(?:'ve)? decided|think about|consider)\b/i;
// Not the next meeting ("let's meet again Thursday"): that is the next meeting's own note, no decision.
const LETS =
  /^let's\s+(?!do it\b|talk|look|see|start|move on|go over|hear|get (?:started|into|together)|take a|meet|schedule|plan to meet|touch base|reconvene|circle back|check in)\S/i;
const ACCEPTANCE =
  /^(?:(?:okay|ok|yes|yeah|yep|sure|great|good|perfect|agreed|absolutely|definitely|sounds good|that works|then)[,.!]?\s*)*(?:let's do (?:it|that)|agreed|sounds good|that works|we'll do (?:it|that)|deal)\b/i;
/** Section headings of a recap that come after the decisions: what each person does. */
const NEXT_SECTION =
  /^(?:(?:okay|so|and|then)[,.]?\s+)*(?:for (?:me|you|us|him|her|\p{Lu}\p{Ll}+)\b|action items|next steps|to-dos|on my (?:side|end)|who's doing what|and (?:then )?for)/iu;
const TOPIC_CHANGE = /^(?:now|next|moving on|let's|on to|onto|the next|anything else)\b/i;
const ORDINAL_ITEM = lexiconRegExp(
  `^(?:${alternation([...DIGIT_WORDS.slice(0, 8), ...ORDINAL_UNITS.slice(0, 5)])}|\\d)[,.:)]\\s+`,
  "i",
);

/** A decision as said (cleaned), where it was said, and whether it came from a recap of decisions. */
export interface FoundDecision {
  text: string;
  sentence: Sentence;
  recap: boolean;
}

export function findDecisions(sentences: Sentence[]): FoundDecision[] {
  const found: FoundDecision[] = [];
  const seen = new Set<string>();
  const terms: Set<string>[] = [];
  let at: Sentence = sentences[0]!;
  let inRecap = false;
  // A recap item is cited where it is said, not where the recap starts.
  const add = (text: string, said: Sentence = at) => {
    const before = sentences[said.index - 1]?.text ?? "";
    const written = decisionText(text, saysMoney(text) || saysMoney(said.text) || saysMoney(before));
    const key = written.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ");
    if (written.split(" ").length < 2 || seen.has(key)) return;
    seen.add(key);
    // The same decision said twice (made, then read back in the recap): one entry, in the fuller wording.
    const own = decisionTerms(written);
    const same = terms.findIndex((other) => overlapShare(own, other) >= SAME_DECISION);
    if (same >= 0) {
      if (written.length > found[same]!.text.length) {
        found[same] = { text: written, sentence: said, recap: inRecap };
        terms[same] = own;
        // The fuller wording may also repeat another entry ("We'll go with X." once the recap says "We're going
        // with X, not Y." in place of "Not Y."): that one goes.
        for (let j = found.length - 1; j > same; j--) {
          if (overlapShare(own, terms[j]!) >= SAME_DECISION) {
            found.splice(j, 1);
            terms.splice(j, 1);
          }
        }
      }
      return;
    }
    if (found.length >= MAX_DECISIONS) return;
    found.push({ text: written, sentence: said, recap: inRecap });
    terms.push(own);
  };
  const firstMentions = firstMentionOfTerms(sentences);
  for (let i = 0; i < sentences.length; i++) {
    const sentence = sentences[i]!;
    at = sentence;
    inRecap = false;
    const text = sentence.text.replace(OPENERS, "");
    const heading = RECAP_HEADING.exec(text) ?? NAMED_DECISION.exec(text);
    if (heading) {
      const rest = text.slice(heading[0].length);
      if (RECAP_HEADING.test(text)) {
        inRecap = true;
        i = readRecap(sentences, i, rest, add);
      } else if (rest.trim()) {
        add(rest);
      } else {
        const named = namedChoice(sentences, i);
        if (named) add(named);
      }
      continue;
    }
    if (QUESTION_END.test(text)) {
      const settled = settledQuestion(sentence, sentences);
      if (settled) add(settled);
      continue;
    }
    if (isChoice(text)) {
      if (!refusesPassingIdea(sentences, i, firstMentions)) add(text);
      continue;
    }
    const previous = sentences[i - 1];
    if (
      ACCEPTANCE.test(text) &&
      previous &&
      previous.speaker !== sentence.speaker &&
      isProposal(previous.text) &&
      !NOT_DECIDED.test(previous.text) &&
      !QUESTION_END.test(previous.text)
    ) {
      at = previous;
      add(previous.text);
      continue;
    }
    const next = sentences[i + 1];
    if (
      LETS.test(text) &&
      !NOT_DECIDED.test(text) &&
      next &&
      next.speaker !== sentence.speaker &&
      ACCEPTANCE.test(next.text)
    ) {
      add(text);
    }
  }
  return found;
}

/** Sentences before a refusal within which the thing refused may first have come up for it to be a passing idea. */
const RAISED_JUST_BEFORE = 3;
/** A name called at the end ("…, Luis.") and words of when ("until the appraisal's in", "for now"): not the thing. */
const CALLED_AT_END = /,\s*\p{Lu}\p{Ll}+[.!]*$/u;
const WHEN_PART =
  /\s(?:until|till|unless|before|after|for now|right now|this year|next year|anymore|any more|yet|today)\b/i;

/** Where each content term of the meeting is first said: one pass over the sentences. */
function firstMentionOfTerms(sentences: readonly Sentence[]): Map<string, number> {
  const first = new Map<string, number>();
  for (const sentence of sentences) {
    for (const term of contentTerms(sentence.text)) if (!first.has(term)) first.set(term, sentence.index);
  }
  return first;
}

/**
 * "Offer him beans. Tell him we'll pay him in beans." "We're not paying him in beans, Luis.": an idea someone else
 * floated a moment ago, turned down, is no decision of the meeting; a thing the meeting talked of before is ("We're
 * not listing the duplex until the appraisal's in"), and so is one put to them as a question. The thing is the
 * refusal's last word of content.
 */
function refusesPassingIdea(sentences: readonly Sentence[], at: number, firstMentions: Map<string, number>): boolean {
  const sentence = sentences[at]!;
  const plain = sentence.text.replace(OPENERS, "");
  if (!NEGATED_CHOICE.test(plain)) return false;
  const called = plain.replace(CALLED_AT_END, "");
  const when = called.search(WHEN_PART);
  const terms = contentTerms(when < 0 ? called : called.slice(0, when));
  const thing = terms.at(-1);
  const first = thing === undefined ? undefined : firstMentions.get(thing);
  if (first === undefined || first >= sentence.index || first < sentence.index - RAISED_JUST_BEFORE) return false;
  // Asked about ("What about a 529? Have you opened one?"), it is a matter put to them: their answer decides it.
  const raised = sentences.slice(Math.max(0, at - RAISED_JUST_BEFORE), at).filter((s) => s.index >= first);
  return raised[0]?.speaker !== sentence.speaker && !raised.some((s) => QUESTION_END.test(s.text));
}

/**
 * What "So that's a decision." names: the speaker's next sentence when it carries on the point ("So that's a
 * decision. You stay on the group plan until Medicare."), else the sentence before when the same speaker said it or
 * it is a choice. After someone else's remark it names a whole discussion, which is not one sentence: nothing.
 */
function namedChoice(sentences: Sentence[], at: number): string | null {
  const speaker = sentences[at]!.speaker;
  const after = sentences[at + 1];
  if (after && after.speaker === speaker && !QUESTION_END.test(after.text)) {
    const plain = after.text.replace(OPENERS, "");
    if (isChoice(plain) || (plain.split(" ").length >= 4 && !TOPIC_CHANGE.test(plain))) return plain;
  }
  const before = sentences[at - 1];
  if (before && !QUESTION_END.test(before.text) && (before.speaker === speaker || isChoice(before.text))) {
    return before.text;
  }
  return null;
}

function isProposal(text: string): boolean {
  const plain = text.replace(OPENERS, "");
  return PROPOSAL.test(plain) && (!/^let's/i.test(plain) || LETS.test(plain));
}

function isChoice(text: string): boolean {
  const plain = text.replace(OPENERS, "");
  return (CHOICE.test(plain) || NEGATED_CHOICE.test(plain)) && !NOT_DECIDED.test(plain) && !QUESTION_END.test(plain);
}

/** Items of a recap: what follows the heading, then the speaker's next sentences until the next section. */
function readRecap(
  sentences: Sentence[],
  at: number,
  rest: string,
  add: (text: string, said: Sentence) => void,
): number {
  const speaker = sentences[at]!.speaker;
  const addItems = (text: string, said: Sentence) => {
    for (const item of text.split(/;\s*/)) {
      const plain = item.replace(ORDINAL_ITEM, "").trim();
      if (plain) add(plain, said);
    }
  };
  if (rest.trim()) addItems(rest, sentences[at]!);
  // Numbered items ("One, …", "Two, …"): a sentence without a number explains the item before; it is not one.
  let numbered: boolean | null = rest.trim() ? ORDINAL_ITEM.test(rest.trim()) : null;
  let last = at;
  for (let i = at + 1; i < sentences.length && i <= at + MAX_RECAP_SENTENCES; i++) {
    const next = sentences[i]!;
    if (next.speaker !== speaker || NEXT_SECTION.test(next.text) || QUESTION_END.test(next.text)) break;
    // Commitments ("I'll send…") belong to the action items, not the decisions.
    if (/^(?:I'll|I will|I'm going to|\p{Lu}\p{Ll}+ will)\b/u.test(next.text.replace(OPENERS, ""))) break;
    const hasNumber = ORDINAL_ITEM.test(next.text.replace(OPENERS, ""));
    numbered ??= hasNumber;
    if (!numbered || hasNumber) addItems(next.text, next);
    last = i;
  }
  return last;
}

/** The decision as a note: fillers and openers gone, corrections kept, spoken numbers and amounts as figures. */
function decisionText(text: string, moneyTalk: boolean): string {
  const plain = writeAmounts(
    writeNumbersAsFigures(
      dropAsides(dropStutters(dropCorrectedFigures(text.replace(OPENERS, "").replace(ORDINAL_ITEM, "")))),
    ),
    moneyTalk,
  )
    .trim()
    .replace(/(?<![,;:\s])[,;:\s]+$/, "");
  if (!plain) return "";
  const capitalised = capitalise(plain);
  return /[.!?”]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

// Helper verbs a decision can be said with or without ("we're not going to do the X" / "we're not doing a X"), and
// the words of deciding it is told again with ("We're going with X." — "So we decided on X."), as stems.
const LIGHT_WORDS = new Set([
  ...["going", "doing", "do", "done", "make", "making", "get", "getting", "not", "actually"],
  ...["decid", "decision", "settl", "agr", "agre", "chos", "choos", "go", "went"],
]);

/** The words that say what a decision is about, for telling two wordings of one decision apart. */
function decisionTerms(text: string): Set<string> {
  return new Set(contentTerms(text).filter((term) => !LIGHT_WORDS.has(term)));
}
