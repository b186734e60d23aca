// The sentences a summary chooses from: each informative sentence cleaned, tagged (a figure, a decision, an open
// question, a life event, a reply that leans on its question…) and scored by cosine similarity to the meeting's
// TF-IDF centroid with readability factors; the pool keeps the best-scoring and the best tagged ones.

import {
  alternation,
  CURRENCY_WORDS,
  DIGIT_WORDS,
  HUNDRED,
  MONTHS,
  NUMBER_SCALES,
  ORDINAL_UNITS,
  PERCENT_WORDS,
  QUANTITY_WORDS,
  TENS_WORDS,
  WEEKDAYS_FROM_MONDAY,
} from "../../language/lexicon";
import { lexiconRegExp } from "../../language/patterns";
import { isSmallTalk, plainSentence, type Sentence } from "../../language/sentences";
import { contentTerms } from "../../language/tokens";
import { sparseCosine as cosine, unitSparse as normalise } from "../../vectors";
import { toThirdPerson } from "../third-person";
import { keepTopScored } from "../top-scored";
import { confirmedReadBack } from "./confirmed-read-back";
import { isEchoed } from "./echoed-figure";
import { countFacts, countFigures } from "./fact-signals";
import { isBareFigure } from "./figure-referent";
import { type Ellipsis, ellipsisOf, pointsBack } from "./leans-on-context";
import { tellsLifeEvent } from "./life-event";
import { isNotedFigure } from "./noted-figure";
import { restatesFigure } from "./restated-figure";
import { dropAsides, dropCorrectedFigures, dropStutters } from "./self-corrections";
import { countShorthandAmounts, saysShorthandMoney } from "./shorthand-amounts";
import { writeNumbersAsFigures } from "./spoken-numbers";

/** Sentences embedded at most: a three-hour meeting has ~3,000; the best-scoring by TF-IDF are enough to choose from. */
export const MAX_EMBEDDED_SENTENCES = 160;
const MIN_TERMS = 4;

export const QUESTION_END = /\?["')]*$/;
const FIGURE = lexiconRegExp(
  `\\d|[$€£]|\\b${alternation([
    ...PERCENT_WORDS,
    "per cent",
    HUNDRED,
    ...Object.keys(NUMBER_SCALES),
    ...CURRENCY_WORDS,
    ...TENS_WORDS,
    ...QUANTITY_WORDS.slice(0, 4),
  ])}\\b`,
  "i",
);
// "May" and "March" are left out: as words of a sentence they are more often a verb or a name than a month.
const DATE_WORD = lexiconRegExp(
  `\\b(?:${alternation(MONTHS.filter((month) => month !== "may" && month !== "march"))}|${alternation(
    WEEKDAYS_FROM_MONDAY.slice(0, 5),
  )}|tomorrow|next (?:week|month|year|quarter)|end of (?:the |this )?(?:week|month|quarter|year))\\b`,
  "i",
);
const DECISION =
  /\b(?:agree[ds]?|agreement|decided?|decision|go with|going with|settled on|approved?|signed off|sign off|the plan is|go ahead|recommend(?:ed|s)?|confirm(?:ed|s)?|finali[sz]ed?|we'll keep|we will keep|makes sense)\b/i;
const OPEN_ISSUE =
  /\b(?:the (?:big |main |open |real )?question (?:is|was)|whether|not sure (?:if|whether|about)|unclear|open question|to be decided|undecided|still need to (?:decide|figure out))\b/i;
// Rhetorical or procedural questions are not open questions.
const NOT_AN_ISSUE =
  /\b(?:does that (?:make sense|work|sound)|any (?:other )?questions|is that (?:right|ok|okay|clear)|right\?|you know\?|shall we (?:start|begin)|can (?:you|everyone) (?:hear|see))\b/i;
// "Three, the lease…": the number of an item in a spoken list, which means nothing once the item stands alone.
const LIST_NUMBER = lexiconRegExp(
  `^${alternation([...DIGIT_WORDS.slice(0, 6), ...ORDINAL_UNITS.slice(0, 6)])}[,:]\\s+(?=\\S)`,
  "i",
);
// "If we sold the house, …": a hypothetical, weaker in a summary than what is the case.
const HYPOTHETICAL = /^(?:if|suppose|say|let's say|imagine|in theory)\b/i;
const PERSONAL = /\b(?:I|you|me|my|your)\b/i;
const REQUEST = /\b(?:can|could|would|will) you\b/i;
// A sentence that trails off ("so the, the") reads badly alone.
export const TRAILS_OFF = /(?:[,\-–]\s*\.?|\b(?:the|a|and|to|of|if|but|so|or))[.]?$/i;

export interface Candidate {
  sentence: Sentence;
  /** The sentence as shown: plain, in the third person where that is simple. */
  display: string;
  words: number;
  terms: Set<string>;
  tfidf: Map<string, number>;
  /** Centroid relevance with readability factors, from TF-IDF, before any embedding. */
  score: number;
  figure: boolean;
  decision: boolean;
  openQuestion: boolean;
  /** Figures written in the display (amounts, percents, years, numbers read out): what notes are kept for. */
  concrete: number;
  /**
   * A figure the meeting wanted noted: someone else repeated it, its speaker said it again, made it exact or summed
   * it up, or it was read back and confirmed.
   */
  echoed: boolean;
  /** Tells of a life event (health, school, family, work, a move, someone agreeing to a role): a fact without a figure. */
  lifeEvent: boolean;
  /** An amount said as a pair of number words where money is talked of ("What's the rent?" "Sixteen fifty."). */
  shorthandMoney: boolean;
  /** A figure without what it refers to ("It's about 1.12 million."): quoted with its question, or not used. */
  bare: boolean;
  /** A reply that means nothing without its question ("Twelve hundred a quarter."): quoted with it, or not used. */
  elliptical: Ellipsis | null;
  /** A "that" or "it" standing for what was said before ("Let's move that to May."): quoted with it, or not used. */
  leansBack: boolean;
  /** Put in the third person ("Ana suggested…"); a sentence that was not and says "I", "we" or "you" needs a speaker. */
  reported: boolean;
}

/** One call's cache of a text step, so each sentence is rewritten once however many rules look at it. */
export function memoised(step: (text: string) => string): (text: string) => string {
  const done = new Map<string, string>();
  return (text) => {
    let result = done.get(text);
    if (result === undefined) {
      result = step(text);
      done.set(text, result);
    }
    return result;
  };
}

/** A short sentence with a figure worth noting ("We signed them in 1998.") is kept, quoted with its question. */
function hasConcreteFigure(text: string): boolean {
  return countFigures(text) > 0;
}

/** Sentences before a shorthand amount ("I'd guess five sixty.") that may say it is money ("What's the house worth?"). */
const AMOUNT_CONTEXT = 3;

function saysShorthandAmount(sentence: Sentence, sentences: Sentence[]): boolean {
  return countShorthandAmounts(sentence.text, amountContext(sentence, sentences)) > 0;
}

function amountContext(sentence: Sentence, sentences: Sentence[]): string {
  const before = sentences.slice(Math.max(0, sentence.index - AMOUNT_CONTEXT), sentence.index);
  return before.map((s) => s.text).join(" ");
}

/**
 * The sentence as notes write it: a corrected figure or a stuttered word said once, asides ("what was it") gone,
 * spoken numbers as figures.
 */
export function noteText(text: string): string {
  const written = writeNumbersAsFigures(dropAsides(dropStutters(dropCorrectedFigures(text)))).replace(LIST_NUMBER, "");
  return written.charAt(0).toUpperCase() + written.slice(1);
}

/**
 * Informative sentences, cleaned and scored by cosine similarity to the meeting's TF-IDF centroid. Only those the pool
 * can take are kept (the best-scoring, and the best figures, decisions and open questions; see choosePool), so memory
 * stays bounded however long the meeting; each sentence's vector is made again where it is needed instead of kept.
 */
export function rankCandidates(
  sentences: Sentence[],
  speakers: string[],
  write: (text: string) => string,
): Candidate[] {
  const kept = sentences
    .map((sentence) => ({ sentence, termList: contentTerms(sentence.text) }))
    .filter(
      ({ sentence, termList }) =>
        (termList.length >= MIN_TERMS ||
          (termList.length > 0 &&
            (hasConcreteFigure(write(sentence.text)) ||
              saysShorthandAmount(sentence, sentences) ||
              tellsLifeEvent(sentence.text)))) &&
        !isSmallTalk(sentence.text),
    );
  const documentFrequency = new Map<string, number>();
  for (const { termList } of kept) {
    for (const term of new Set(termList)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  const total = kept.length;
  const vectorOf = (termList: string[]) => {
    const vector = new Map<string, number>();
    for (const term of termList) vector.set(term, (vector.get(term) ?? 0) + 1);
    for (const [term, tf] of vector) {
      const idf = Math.log((1 + total) / (1 + (documentFrequency.get(term) ?? 0))) + 1;
      vector.set(term, (1 + Math.log(tf)) * idf);
    }
    return normalise(vector);
  };
  const centroid = new Map<string, number>();
  for (const { termList } of kept) {
    for (const [term, weight] of vectorOf(termList)) centroid.set(term, (centroid.get(term) ?? 0) + weight);
  }
  normalise(centroid);
  const best = keepTopScored<Candidate>(MAX_EMBEDDED_SENTENCES, (c) => c.score);
  const bestFlagged = keepTopScored<Candidate>(MAX_EMBEDDED_SENTENCES, (c) => c.score);
  for (const { sentence, termList } of kept) {
    const candidate = scoreCandidate(sentence, termList, vectorOf(termList), centroid, { sentences, speakers, write });
    best.offer(candidate);
    if (candidate.figure || candidate.decision || candidate.openQuestion || candidate.lifeEvent) {
      bestFlagged.offer(candidate);
    }
  }
  return inOrder([...new Set([...best.best(), ...bestFlagged.best()])]);
}

function scoreCandidate(
  sentence: Sentence,
  termList: string[],
  tfidf: Map<string, number>,
  centroid: Map<string, number>,
  meeting: { sentences: Sentence[]; speakers: string[]; write: (text: string) => string },
): Candidate {
  const readBack = confirmedReadBack(sentence, meeting.sentences);
  sentence = readBack ?? sentence;
  const { display, reported } = displaySentence(sentence, meeting.speakers, meeting.write);
  const isQuestion = QUESTION_END.test(sentence.text);
  const openQuestion =
    !NOT_AN_ISSUE.test(sentence.text) &&
    !REQUEST.test(sentence.text) &&
    (isQuestion ? !isAnswered(sentence, meeting.sentences) : OPEN_ISSUE.test(sentence.text));
  const words = display.split(" ").length;
  return {
    sentence,
    display,
    words,
    terms: new Set(termList),
    tfidf,
    score: cosine(tfidf, centroid) * readability(sentence.text, words, reported, isQuestion),
    figure: FIGURE.test(sentence.text) || FIGURE.test(display) || DATE_WORD.test(sentence.text),
    decision: DECISION.test(sentence.text),
    openQuestion,
    lifeEvent: tellsLifeEvent(sentence.text),
    shorthandMoney: saysShorthandMoney(sentence.text, amountContext(sentence, meeting.sentences)),
    bare: (FIGURE.test(sentence.text) || FIGURE.test(display)) && isBareFigure(display),
    elliptical: ellipsisOf(sentence, meeting.sentences),
    leansBack: pointsBack(sentence.text),
    reported,
    concrete: countFacts(display) + (saysShorthandAmount(sentence, meeting.sentences) ? 1 : 0),
    echoed:
      readBack !== null ||
      isNotedFigure(display) ||
      (FIGURE.test(display) &&
        (isEchoed(sentence, meeting.sentences, meeting.write) ||
          restatesFigure(sentence, meeting.sentences, meeting.write))),
  };
}

/** "I recommend…" said by Dana → "Dana recommended…"; otherwise the sentence whole, without its speaker. */
function displaySentence(
  sentence: Sentence,
  speakers: string[],
  write: (text: string) => string,
): { display: string; reported: boolean } {
  const plain = write(plainSentence(sentence.text));
  if (!sentence.speaker || QUESTION_END.test(plain)) return { display: plain, reported: false };
  const addressee = speakers.length === 2 ? (speakers.find((s) => s !== sentence.speaker) ?? null) : null;
  const reported = toThirdPerson(plain, sentence.speaker, addressee);
  return reported ? { display: reported, reported: true } : { display: plain, reported: false };
}

/**
 * A question is open only when nobody answers it: someone else replying with a statement, or the asker going on
 * (a rhetorical question, or a topic moved past), both close it. Only a question met by another question, or the
 * meeting's end, stays open.
 */
function isAnswered(question: Sentence, all: Sentence[]): boolean {
  const window = all.slice(question.index + 1, question.index + 3);
  if (window.length === 0) return false;
  const reply = window.find((next) => next.speaker !== question.speaker);
  return reply ? !QUESTION_END.test(reply.text) : true;
}

// Figures and decisions are what advisers look for; sentences of 10 to 35 words read best; first-person sentences
// that could not be reported read a little worse.
function readability(text: string, words: number, reported: boolean, isQuestion: boolean): number {
  let factor = 1;
  if (FIGURE.test(text)) factor += 0.2;
  if (DECISION.test(text)) factor += 0.15;
  if (isQuestion) factor -= 0.35;
  if (HYPOTHETICAL.test(text)) factor *= 0.8;
  if (words > 35) factor *= Math.sqrt(35 / words);
  if (words < 8) factor *= 0.85;
  if (TRAILS_OFF.test(text)) factor *= 0.6;
  if (reported) factor *= 1.05;
  else if (PERSONAL.test(text)) factor *= 0.85; // "I", "you" left as said read worse in a summary
  return factor;
}

export interface Pool {
  candidates: Candidate[];
  /** Relevance in [0, 1]. */
  relevance: number[];
}

/** The best-scoring sentences, and the best figure, decision and open-question sentences, up to the cap. */
export function choosePool(candidates: Candidate[]): Pool {
  const byScore = [...candidates].sort((a, b) => b.score - a.score);
  const chosen = new Set(byScore.slice(0, Math.round(MAX_EMBEDDED_SENTENCES * 0.7)));
  for (const candidate of byScore) {
    if (chosen.size >= MAX_EMBEDDED_SENTENCES) break;
    if (candidate.figure || candidate.decision || candidate.openQuestion || candidate.lifeEvent) chosen.add(candidate);
  }
  for (const candidate of byScore) {
    if (chosen.size >= MAX_EMBEDDED_SENTENCES) break;
    chosen.add(candidate);
  }
  const list = inOrder([...chosen]);
  const top = Math.max(1e-9, ...list.map((c) => c.score));
  return { candidates: list, relevance: list.map((c) => c.score / top) };
}

export function inOrder(picks: Candidate[]): Candidate[] {
  return [...picks].sort((a, b) => a.sentence.index - b.sentence.index);
}
