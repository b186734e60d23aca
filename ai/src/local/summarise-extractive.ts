// Extractive meeting summary for the local engine, offline. Sentences are cleaned (no fillers, no small talk, no
// "Name:" prefixes), scored against the meeting's TF-IDF centroid and, when an embedder is given, its embedding
// centroid, and chosen with maximal marginal relevance (MMR) so the summary covers the meeting without repeating
// itself. The summary opens with who met and why (from the meeting's own data, not guessed from its words); key
// points are decisions, figures with what they refer to, and open questions; spoken numbers are written as figures.
// Decisions, action items and the next meeting are rule-based.

import type { Embedder, MeetingSummary, SummariseInput } from "../types";
import { extractActionItems } from "./extract-action-items";
import { findNextMeeting } from "./find-next-meeting";
import { isSmallTalk, plainSentence, type Sentence, splitSegmentsIntoSentences } from "./split-sentences";
import { confirmedReadBack, isReadBack } from "./summary/confirmed-read-back";
import { isEchoed } from "./summary/echoed-figure";
import { countFacts, countFigures } from "./summary/fact-signals";
import { factWeight, MONEY_WEIGHT, saysMoney } from "./summary/fact-weight";
import { isBareFigure, quoteWithReferent } from "./summary/figure-referent";
import { findDecisions } from "./summary/find-decisions";
import { joinContinuedTurns } from "./summary/join-continued-turns";
import {
  type Ellipsis,
  ellipsisOf,
  pointsBack,
  quoteEllipsis,
  quoteWithWhatCameBefore,
  withItsSpeaker,
} from "./summary/leans-on-context";
import { tellsLifeEvent } from "./summary/life-event";
import { isNotedFigure } from "./summary/noted-figure";
import { describeMeeting } from "./summary/opening";
import { figuresSaid, restatesFigure } from "./summary/restated-figure";
import { dropAsides, dropCorrectedFigures, dropStutters } from "./summary/self-corrections";
import { countShorthandAmounts, saysShorthandMoney } from "./summary/shorthand-amounts";
import { writeNumbersAsFigures } from "./summary/spoken-numbers";
import { contentTerms } from "./text-tokens";
import { displayName, toThirdPerson } from "./third-person";
import { keepTopScored } from "./top-scored";

export interface SummariseOptions {
  /** Sentence embeddings for relevance and diversity; without one, TF-IDF vectors stand in. */
  embedder?: Embedder;
  signal?: AbortSignal;
}

/** Sentences embedded at most: a three-hour meeting has ~3,000; the best-scoring by TF-IDF are enough to choose from. */
export const MAX_EMBEDDED_SENTENCES = 160;
const EMBED_BATCH = 32;
/** Key points: seven for a meeting of up to SHORT_MEETING_WORDS, one more for each further WORDS_PER_KEY_POINT. */
const MIN_KEY_POINTS = 7;
const SHORT_MEETING_WORDS = 600;
const MAX_KEY_POINTS = 18;
const WORDS_PER_KEY_POINT = 200;
/**
 * Decisions that take a key point's place at most: they are listed apart (`decisions`), and key points do not repeat
 * them. Four, or a quarter of a long meeting's points (five and a third before decisions were found in settled
 * questions and choices not to do something: facts then lost their places, 70 → 71 of 89 advisor facts with this).
 */
const MAX_DECISION_POINTS = 4;
const DECISION_SHARE = 4;
const MAX_OPEN_QUESTIONS = 2;
/**
 * Sentences in a speaker's own words ("We're keeping the bonds.") the summary passes over and the key points take on
 * top of their count: at most three (two: 79 → 78 of 89 advisor facts in a local run).
 */
const MAX_DEFERRED = 3;
/** Key-point places kept for life events, on top of the facts (with one, a family's two events competed for it). */
const LIFE_EVENT_PLACES = 2;
const FACT_RELEVANCE = 0.6;
/** How much real relevance still counts among points raised to FACT_RELEVANCE (0 made them tie in list order). */
const RELEVANCE_TIE_BREAK = 0.2;
const MIN_TERMS = 4;
/**
 * Sentences in the executive summary at most. The word budget (2% of the meeting, 60 to 150 words) is what sets its
 * length; seven sentences cut long meetings of short sentences at about 100 words (QMSum ROUGE-1 28.7 → 29.1 at nine,
 * the advisor meetings unchanged: their budget of 60 words ends first).
 */
const MAX_SUMMARY_SENTENCES = 9;
/** MMR trade-off: relevance against redundancy with what is already chosen. */
const LAMBDA = 0.7;

const QUESTION_END = /\?["')]*$/;
const FIGURE =
  /\d|[$€£]|\b(?:percent|per cent|hundred|thousand|million|billion|dollars?|pounds?|euros?|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|half|quarter|double|twice)\b/i;
const DATE_WORD =
  /\b(?:january|february|march|april|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|tomorrow|next (?:week|month|year|quarter)|end of (?:the |this )?(?:week|month|quarter|year))\b/i;
const DECISION =
  /\b(?:agree[ds]?|agreement|decided?|decision|go with|going with|settled on|approved?|signed off|sign off|the plan is|go ahead|recommend(?:ed|s)?|confirm(?:ed|s)?|finali[sz]ed?|we'll keep|we will keep|makes sense)\b/i;
const OPEN_ISSUE =
  /\b(?:the (?:big |main |open |real )?question (?:is|was)|whether|not sure (?:if|whether|about)|unclear|open question|to be decided|undecided|still need to (?:decide|figure out))\b/i;
// Rhetorical or procedural questions are not open questions.
const NOT_AN_ISSUE =
  /\b(?:does that (?:make sense|work|sound)|any (?:other )?questions|is that (?:right|ok|okay|clear)|right\?|you know\?|shall we (?:start|begin)|can (?:you|everyone) (?:hear|see))\b/i;
// "Three, the lease…": the number of an item in a spoken list, which means nothing once the item stands alone.
const LIST_NUMBER = /^(?:one|two|three|four|five|six|first|second|third|fourth|fifth|sixth)[,:]\s+(?=\S)/i;
// "If we sold the house, …": a hypothetical, weaker in a summary than what is the case.
const HYPOTHETICAL = /^(?:if|suppose|say|let's say|imagine|in theory)\b/i;
const PERSONAL = /\b(?:I|you|me|my|your)\b/i;
const REQUEST = /\b(?:can|could|would|will) you\b/i;
// A sentence that trails off ("so the, the") reads badly alone.
const TRAILS_OFF = /(?:[,\-–]\s*\.?|\b(?:the|a|and|to|of|if|but|so|or))[.]?$/i;

interface Candidate {
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

export type LocalMeetingSummary = MeetingSummary & { decisions: string[] };

export async function summariseExtractive(
  input: SummariseInput,
  options: SummariseOptions = {},
): Promise<LocalMeetingSummary> {
  const { transcript, meetingDate } = input;
  const spoken = transcript.segments.filter((s) => s.text.trim().length > 0);
  const sentences = splitSegmentsIntoSentences(spoken);
  const speakers = [...new Set(sentences.map((s) => s.speaker).filter((s): s is string => s !== null))];
  // The summary reads whole sentences: turns cut over several captions are joined first.
  const joined = joinContinuedTurns(spoken);
  const summarySentences =
    joined.segments.length === spoken.length
      ? sentences
      : splitSegmentsIntoSentences(joined.segments).map((s) => ({
          ...s,
          segmentIndex: joined.firstIndex[s.segmentIndex]!,
        }));
  const write = memoised(noteText);
  const candidates = rankCandidates(summarySentences, speakers, write);
  const pool = choosePool(candidates);
  const similarity = await similarityOf(pool, options);

  const totalWords = summarySentences.reduce((sum, s) => sum + s.text.split(" ").length, 0);
  const summaryTexts = pool.candidates.map((c) => summaryText(c, summarySentences, write));
  const deferred: number[] = [];
  const summaryPicks = pickSummary(pool, similarity, totalWords, summaryTexts, deferred);
  const decisions = findDecisions(summarySentences);
  const keyPointCount = Math.min(
    MAX_KEY_POINTS,
    MIN_KEY_POINTS + Math.max(0, Math.floor((totalWords - SHORT_MEETING_WORDS) / WORDS_PER_KEY_POINT)),
  );
  // Decisions are listed apart and take key points' places, leaving room for at least three facts.
  const decisionPoints = decisions.slice(
    0,
    Math.min(Math.max(MAX_DECISION_POINTS, keyPointCount / DECISION_SHARE), keyPointCount - 3),
  );
  const decisionTerms = decisionPoints.map((d) => new Set(contentTerms(d)));
  const repeatsDecision = (c: Candidate) => decisionTerms.some((terms) => overlapShare(c.terms, terms) >= 0.7);
  const keyTexts = pool.candidates.map((c) => keyPointText(c, summarySentences, write));
  const picked = pickKeyPoints(pool, similarity, new Set(summaryPicks), {
    count: keyPointCount - decisionPoints.length,
    repeatsDecision,
    texts: keyTexts,
  });
  // What the summary left out for being in a speaker's own words is kept among the key points, on top of their
  // count (within it, the facts it displaced were lost: 79 → 72 of 89 advisor facts in a local run).
  const kept = deferred.filter((i) => keyTexts[i] !== null && !repeatsDecision(pool.candidates[i]!));
  const keyPicks = [...new Set([...picked, ...kept])];

  const chosen = [...summaryPicks]
    .sort((a, b) => pool.candidates[a]!.sentence.index - pool.candidates[b]!.sentence.index)
    .map((i) => summaryTexts[i]!.text);
  const opening = describeMeeting(speakers, input.title, input.clientName);
  const keyPoints = withoutRepeats(
    [...keyPicks]
      .sort((a, b) => pool.candidates[a]!.sentence.index - pool.candidates[b]!.sentence.index)
      .map((i) => labelled(pool.candidates[i]!, keyTexts[i]!)),
  );
  // Found before the action items: "bring your ID to the signing" is due on the day the signing was set for.
  const nextMeeting = findNextMeeting(sentences, meetingDate);
  return {
    executiveSummary: chosen.length > 0 ? [opening, ...chosen].join(" ") : describeEmptyMeeting(input),
    keyPoints,
    decisions,
    // Tasks are written as notes are: "raise it to eight hundred" reads "raise it to 800".
    actionItems: extractActionItems(sentences, {
      speakers,
      meetingDate,
      clientName: input.clientName,
      nextMeetingDate: nextMeeting?.date ?? null,
    }).map((item) => ({ ...item, task: writeNumbersAsFigures(item.task) })),
    nextMeeting,
  };
}

/** A key point already quoted inside another (as the question a figure answers) is not listed again. */
function withoutRepeats(points: string[]): string[] {
  const bare = (text: string) => text.replace(/^[^“]*“|”$/g, "").replace(/(?<![.!?])[.!?]+$/, "");
  return points.filter(
    (point, i) => !points.some((other, j) => j !== i && other.length > point.length && other.includes(bare(point))),
  );
}

/** One call's cache of a text step, so each sentence is rewritten once however many rules look at it. */
function memoised(step: (text: string) => string): (text: string) => string {
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
function noteText(text: string): string {
  const written = writeNumbersAsFigures(dropAsides(dropStutters(dropCorrectedFigures(text)))).replace(LIST_NUMBER, "");
  return written.charAt(0).toUpperCase() + written.slice(1);
}

/**
 * Informative sentences, cleaned and scored by cosine similarity to the meeting's TF-IDF centroid. Only those the pool
 * can take are kept (the best-scoring, and the best figures, decisions and open questions; see choosePool), so memory
 * stays bounded however long the meeting; each sentence's vector is made again where it is needed instead of kept.
 */
function rankCandidates(sentences: Sentence[], speakers: string[], write: (text: string) => string): Candidate[] {
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

interface Pool {
  candidates: Candidate[];
  /** Relevance in [0, 1]. */
  relevance: number[];
}

/** The best-scoring sentences, and the best figure, decision and open-question sentences, up to the cap. */
function choosePool(candidates: Candidate[]): Pool {
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

type Similarity = (a: number, b: number) => number;

/**
 * Pairwise similarity over the pool, from sentence embeddings when an embedder is given (relevance then also blends
 * in similarity to the embedding centroid), else from TF-IDF vectors. An embedder that fails leaves TF-IDF in place.
 */
async function similarityOf(pool: Pool, options: SummariseOptions): Promise<Similarity> {
  const tfidfSimilarity: Similarity = (a, b) => cosine(pool.candidates[a]!.tfidf, pool.candidates[b]!.tfidf);
  if (!options.embedder || pool.candidates.length === 0) return tfidfSimilarity;
  let vectors: number[][];
  try {
    vectors = await embedInBatches(
      options.embedder,
      pool.candidates.map((c) => c.display),
      options.signal,
    );
  } catch (error) {
    options.signal?.throwIfAborted();
    if ((error as Error)?.name === "AbortError") throw error;
    return tfidfSimilarity;
  }
  const unit = vectors.map(normaliseArray);
  const centroid = normaliseArray(sumArrays(unit));
  const central = unit.map((v) => dot(v, centroid));
  const low = Math.min(...central);
  const high = Math.max(...central);
  pool.relevance = pool.relevance.map((r, i) => 0.5 * r + (0.5 * (central[i]! - low)) / Math.max(1e-9, high - low));
  return (a, b) => dot(unit[a]!, unit[b]!);
}

async function embedInBatches(embedder: Embedder, texts: string[], signal?: AbortSignal): Promise<number[][]> {
  const vectors: number[][] = [];
  for (let at = 0; at < texts.length; at += EMBED_BATCH) {
    signal?.throwIfAborted();
    const batch = texts.slice(at, at + EMBED_BATCH);
    const embedded = await embedder.embed(batch, signal);
    if (embedded.length !== batch.length) throw new Error("The embedder returned a different number of vectors.");
    vectors.push(...embedded);
  }
  return vectors;
}

/** Maximal marginal relevance: at each step the candidate most relevant and least like what is already chosen. */
function mmr(
  pool: Pool,
  similarity: Similarity,
  eligible: number[],
  weight: (index: number) => number,
  /** Take the candidate (true), pass it over ("skip") or stop choosing (false). */
  accept: (index: number, picked: number[]) => boolean | "skip",
  alreadyChosen: number[] = [],
): number[] {
  const picked: number[] = [];
  const remaining = new Set(eligible);
  const maxSimilarity = new Map<number, number>();
  for (const index of remaining) {
    maxSimilarity.set(index, Math.max(0, ...alreadyChosen.map((other) => similarity(index, other))));
  }
  while (remaining.size > 0) {
    let best = -1;
    let bestValue = Number.NEGATIVE_INFINITY;
    for (const index of remaining) {
      const value = LAMBDA * pool.relevance[index]! * weight(index) - (1 - LAMBDA) * maxSimilarity.get(index)!;
      if (value > bestValue) {
        bestValue = value;
        best = index;
      }
    }
    remaining.delete(best);
    if (picked.some((other) => isNearDuplicate(pool.candidates[best]!, pool.candidates[other]!))) continue;
    const verdict = accept(best, picked);
    if (verdict === "skip") continue;
    if (!verdict) break;
    picked.push(best);
    for (const index of remaining) {
      maxSimilarity.set(index, Math.max(maxSimilarity.get(index)!, similarity(index, best)));
    }
  }
  return picked;
}

/** Three to seven sentences within a word budget that grows with the meeting (60 words to 130). */
/**
 * Three to seven sentences within a word budget that grows with the meeting (60 words to 130). Sentences a narrator
 * can tell come first; one left in the speaker's own "I" or "we" only fills a summary that has fewer than three
 * (QMSum ROUGE-1 27.4 → 29.0 with them left out, as the quoted speaker's words are not what a summary says).
 */
function pickSummary(
  pool: Pool,
  similarity: Similarity,
  totalWords: number,
  texts: SummaryText[],
  deferred: number[],
): number[] {
  const budget = Math.min(150, Math.max(60, Math.round(totalWords * 0.02)));
  const usable = pool.candidates
    .map((_, i) => i)
    .filter((i) => !QUESTION_END.test(pool.candidates[i]!.display) && texts[i] !== null);
  let words = 0;
  // The substance: figures and decisions before talk about them.
  const weight = (i: number) =>
    1 + (pool.candidates[i]!.concrete > 0 ? 0.3 : 0) + (pool.candidates[i]!.decision ? 0.3 : 0);
  const accept = (index: number, picked: number[]): boolean => {
    const next = texts[index]!.text.split(" ").length;
    if (picked.length >= MAX_SUMMARY_SENTENCES || (picked.length >= 3 && words + next > budget)) return false;
    words += next;
    return true;
  };
  // A sentence in the speaker's own words, met before the summary is full, goes to the key points instead.
  const picks = mmr(pool, similarity, usable, weight, (index, picked) => {
    if (!texts[index]!.inSpeakersWords) return accept(index, picked);
    if (deferred.length < MAX_DEFERRED) deferred.push(index);
    return "skip";
  });
  if (picks.length >= 3) return picks;
  // Too few told: the speakers' own words, quoted, fill the summary up to three.
  deferred.length = 0;
  const quoted = mmr(
    pool,
    similarity,
    usable.filter((i) => texts[i]!.inSpeakersWords),
    weight,
    (index, picked) => picks.length + picked.length < 3 && accept(index, [...picks, ...picked]),
    picks,
  );
  return [...picks, ...quoted];
}

interface KeyPointRules {
  count: number;
  /** Already among the decisions shown as key points. */
  repeatsDecision: (candidate: Candidate) => boolean;
  /** What each candidate shows as a key point; null when it cannot stand alone. */
  texts: (string | null)[];
}

/** Decisions, figures and open questions; other strong sentences fill in when a meeting has fewer than three. */
function pickKeyPoints(pool: Pool, similarity: Similarity, inSummary: Set<number>, rules: KeyPointRules): number[] {
  const all = pool.candidates
    .map((_, i) => i)
    .filter((i) => {
      const c = pool.candidates[i]!;
      // A question is a key point only as an open question ("Open question from Ruth: …") or when it reads a
      // figure back ("And the loan was 218,000?"); "Luis, what about your pension?" asks, and says nothing.
      const asked = QUESTION_END.test(c.display) && !c.openQuestion && !isReadBack(c.sentence.text);
      return rules.texts[i] !== null && !asked && !rules.repeatsDecision(c);
    });
  // A reply or a "that" sentence is weighed by its own words: the turn quoted with it only makes it readable (weighed
  // as an exchange, such replies took places from facts, 80 → 78 of 89 advisor facts).
  const weighed = (i: number) => {
    const c = pool.candidates[i]!;
    return !c.bare && (c.elliptical || c.leansBack) ? c.display : (rules.texts[i] ?? c.display);
  };
  const isKey = (i: number) => {
    const c = pool.candidates[i]!;
    return c.figure || c.concrete > 0 || c.decision || c.openQuestion;
  };
  const weight = (i: number) => {
    const c = pool.candidates[i]!;
    let w = 1;
    if (c.figure) w *= 1.3;
    if (c.concrete > 0) w *= 1 + 1.0 * Math.min(c.concrete, 3);
    // Money, roles and numbers to write down over other figures; an exchange over a remark; a case over what is so.
    w *= factWeight(weighed(i));
    // A price said as a pair ("I'd guess five sixty") is money too, though no money word stays in the point.
    // A guess asked back ("It's worth maybe five-fifty?") is not yet the client's figure.
    const asked = QUESTION_END.test(c.sentence.text);
    if (c.shorthandMoney && !asked && !saysMoney(weighed(i))) w *= MONEY_WEIGHT;
    if (c.echoed) w *= 1.5;
    if (c.decision) w *= 1.3;
    // Said in the summary already: a fact not yet told comes first (0.7 → 0.5: +2 of 89 advisor facts).
    if (inSummary.has(i)) w *= 0.5;
    // A figure said in a few words ("His cell is 612-555-0148.") is far from the meeting's centroid yet worth a
    // line: its relevance counts as at least FACT_RELEVANCE.
    const relevance = pool.relevance[i]!;
    const whole = !TRAILS_OFF.test(c.sentence.text);
    if (c.concrete > 0 && whole && relevance < FACT_RELEVANCE) {
      // Raised to the floor, many facts would tie there: their real relevance still orders them.
      w *= (FACT_RELEVANCE / Math.max(relevance, 1e-3)) * (1 + RELEVANCE_TIE_BREAK * relevance);
    }
    return w;
  };
  let openQuestions = 0;
  // Figures the key points already give: a later point whose every figure is among them says nothing new.
  const figuresGiven = new Set<string>();
  const accept = (index: number, picked: number[]) => {
    if (picked.length >= rules.count) return false;
    const figures = figuresSaid(rules.texts[index] ?? "");
    if (figures.length > 0 && figures.every((digits) => figuresGiven.has(digits))) return "skip";
    // Open questions are worth a line or two; the rest of the list is facts and decisions.
    if (pool.candidates[index]!.openQuestion && pool.candidates[index]!.concrete === 0) {
      if (openQuestions >= MAX_OPEN_QUESTIONS) return "skip";
      openQuestions++;
    }
    for (const digits of figures) figuresGiven.add(digits);
    return true;
  };
  // Life events first, in places of their own: a stent or a school admission cannot outrank money figures, yet an
  // advisor writes it down.
  const lifePlaces = Math.min(LIFE_EVENT_PLACES, rules.count);
  // Short events sit far from the centroid: relevance counts as at least FACT_RELEVANCE, and the real relevance
  // still orders events that would otherwise tie there.
  const lifeWeight = (i: number) =>
    (inSummary.has(i) ? 0.5 : 1) *
    Math.max(1, FACT_RELEVANCE / Math.max(pool.relevance[i]!, 1e-3)) *
    (1 + RELEVANCE_TIE_BREAK * pool.relevance[i]!);
  const lives = mmr(
    pool,
    similarity,
    all.filter((i) => pool.candidates[i]!.lifeEvent && !QUESTION_END.test(pool.candidates[i]!.display)),
    lifeWeight,
    (index, picked) => {
      if (picked.length >= lifePlaces) return false;
      for (const digits of figuresSaid(rules.texts[index] ?? "")) figuresGiven.add(digits);
      return true;
    },
  );
  const livesSet = new Set(lives);
  const facts = mmr(
    pool,
    similarity,
    all.filter((i) => isKey(i) && !livesSet.has(i)),
    weight,
    accept,
    lives,
  );
  const keyed = [...lives, ...facts];
  if (keyed.length >= 3) return keyed;
  const fill = mmr(
    pool,
    similarity,
    all.filter((i) => !isKey(i) && !QUESTION_END.test(pool.candidates[i]!.display)),
    () => 1,
    (_index, picked) => picked.length < 3 - keyed.length,
    keyed,
  );
  return [...keyed, ...fill];
}

function keyPointText(candidate: Candidate, sentences: Sentence[], write: (text: string) => string): string | null {
  if (candidate.bare) {
    const answer = write(plainSentence(candidate.sentence.text));
    return quoteWithReferent(candidate.sentence, answer, sentences, write);
  }
  if (candidate.elliptical) return quoteEllipsis(candidate.sentence, sentences, write);
  if (candidate.leansBack) return quoteWithWhatCameBefore(candidate.sentence, sentences, write);
  if (!candidate.openQuestion) return candidate.display;
  const who = candidate.sentence.speaker ? ` from ${displayName(candidate.sentence.speaker)}` : "";
  return `Open question${who}: ${candidate.display}`;
}

/** A key point left in its speaker's "I" or "we" is shown with the speaker (after weighing, which reads the words). */
function labelled(candidate: Candidate, text: string): string {
  return !candidate.reported && text === candidate.display ? withItsSpeaker(candidate.sentence, text) : text;
}

/** A summary sentence, and whether it is a speaker's own words quoted (a last resort there); null when unusable. */
type SummaryText = { text: string; inSpeakersWords: boolean } | null;

/**
 * The sentence as the executive summary tells it: a reply with the question it answers, a sentence left in the first
 * person with its speaker; null for what cannot stand alone there (a bare figure, a "that" standing for the sentence
 * before, which a self-contained sentence should tell instead).
 */
function summaryText(candidate: Candidate, sentences: Sentence[], write: (text: string) => string): SummaryText {
  if (candidate.bare || candidate.leansBack) return null;
  if (candidate.elliptical) {
    // A question and its answer read as a highlight; a remark on what was said, or the tail of a sentence, does not.
    const exchange = candidate.elliptical === "answer" ? quoteEllipsis(candidate.sentence, sentences, write) : null;
    return exchange === null ? null : { text: exchange, inSpeakersWords: false };
  }
  if (candidate.reported) return { text: candidate.display, inSpeakersWords: false };
  const text = withItsSpeaker(candidate.sentence, candidate.display);
  return { text, inSpeakersWords: text !== candidate.display };
}

function isNearDuplicate(a: Candidate, b: Candidate): boolean {
  return overlapShare(a.terms, b.terms) >= 0.7;
}

function overlapShare(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const term of a) if (b.has(term)) shared++;
  return shared / Math.max(1, Math.min(a.size, b.size));
}

function inOrder(picks: Candidate[]): Candidate[] {
  return [...picks].sort((a, b) => a.sentence.index - b.sentence.index);
}

function describeEmptyMeeting(input: SummariseInput): string {
  return `${input.title} with ${input.clientName}: the transcript has too little content for a summary.`;
}

function normalise(vector: Map<string, number>): Map<string, number> {
  let sum = 0;
  for (const weight of vector.values()) sum += weight * weight;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (const [term, weight] of vector) vector.set(term, weight / norm);
  return vector;
}

function cosine(a: Map<string, number>, b: Map<string, number>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let total = 0;
  for (const [term, weight] of small) total += weight * (large.get(term) ?? 0);
  return total;
}

function dot(a: number[], b: number[]): number {
  let total = 0;
  for (let i = 0; i < a.length; i++) total += a[i]! * (b[i] ?? 0);
  return total;
}

function sumArrays(vectors: number[][]): number[] {
  const sum = new Array<number>(vectors[0]?.length ?? 0).fill(0);
  for (const vector of vectors) for (let i = 0; i < sum.length; i++) sum[i] = sum[i]! + (vector[i] ?? 0);
  return sum;
}

function normaliseArray(vector: number[]): number[] {
  const norm = Math.sqrt(dot(vector, vector));
  return norm > 0 ? vector.map((x) => x / norm) : vector;
}
