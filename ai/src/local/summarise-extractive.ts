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
import { isBareFigure, quoteWithReferent } from "./summary/figure-referent";
import { findDecisions } from "./summary/find-decisions";
import { joinContinuedTurns } from "./summary/join-continued-turns";
import { describeMeeting } from "./summary/opening";
import { figuresSaid, restatesFigure } from "./summary/restated-figure";
import { dropAsides, dropCorrectedFigures, dropStutters } from "./summary/self-corrections";
import { countShorthandAmounts } from "./summary/shorthand-amounts";
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
/** Decisions that take a key point's place at most: they are listed apart (`decisions`), and key points do not repeat them. */
const MAX_DECISION_POINTS = 5;
const MAX_OPEN_QUESTIONS = 2;
const FACT_RELEVANCE = 0.6;
const MIN_TERMS = 4;
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
  /** Someone else repeated its figure back: a figure the meeting wanted noted. */
  echoed: boolean;
  /** A figure without what it refers to ("It's about 1.12 million."): quoted with its question, or not used. */
  bare: boolean;
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
  const summaryPicks = pickSummary(pool, similarity, totalWords);
  const decisions = findDecisions(summarySentences);
  const keyPointCount = Math.min(
    MAX_KEY_POINTS,
    MIN_KEY_POINTS + Math.max(0, Math.floor((totalWords - SHORT_MEETING_WORDS) / WORDS_PER_KEY_POINT)),
  );
  // Decisions are listed apart and take key points' places, leaving room for at least three facts.
  const decisionPoints = decisions.slice(
    0,
    Math.min(Math.max(MAX_DECISION_POINTS, keyPointCount / 3), keyPointCount - 3),
  );
  const decisionTerms = decisionPoints.map((d) => new Set(contentTerms(d)));
  const keyTexts = pool.candidates.map((c) => keyPointText(c, summarySentences, write));
  const keyPicks = pickKeyPoints(pool, similarity, new Set(summaryPicks), {
    count: keyPointCount - decisionPoints.length,
    repeatsDecision: (c) => decisionTerms.some((terms) => overlapShare(c.terms, terms) >= 0.7),
    texts: keyTexts,
  });

  const chosen = inOrder(summaryPicks.map((i) => pool.candidates[i]!)).map((c) => c.display);
  const opening = describeMeeting(speakers, input.title, input.clientName);
  const keyPoints = withoutRepeats(
    [...keyPicks]
      .sort((a, b) => pool.candidates[a]!.sentence.index - pool.candidates[b]!.sentence.index)
      .map((i) => keyTexts[i]!),
  );
  return {
    executiveSummary: chosen.length > 0 ? [opening, ...chosen].join(" ") : describeEmptyMeeting(input),
    keyPoints,
    decisions,
    actionItems: extractActionItems(sentences, { speakers, meetingDate }),
    nextMeeting: findNextMeeting(sentences, meetingDate),
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
  const before = sentences.slice(Math.max(0, sentence.index - AMOUNT_CONTEXT), sentence.index);
  return countShorthandAmounts(sentence.text, before.map((s) => s.text).join(" ")) > 0;
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
            (hasConcreteFigure(write(sentence.text)) || saysShorthandAmount(sentence, sentences)))) &&
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
    if (candidate.figure || candidate.decision || candidate.openQuestion) bestFlagged.offer(candidate);
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
  sentence = confirmedReadBack(sentence, meeting.sentences) ?? sentence;
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
    bare: (FIGURE.test(sentence.text) || FIGURE.test(display)) && isBareFigure(display),
    concrete: countFacts(display) + (saysShorthandAmount(sentence, meeting.sentences) ? 1 : 0),
    echoed:
      FIGURE.test(display) &&
      (isEchoed(sentence, meeting.sentences, meeting.write) ||
        restatesFigure(sentence, meeting.sentences, meeting.write)),
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
    if (candidate.figure || candidate.decision || candidate.openQuestion) chosen.add(candidate);
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
function pickSummary(pool: Pool, similarity: Similarity, totalWords: number): number[] {
  const budget = Math.min(150, Math.max(60, Math.round(totalWords * 0.02)));
  const eligible = pool.candidates
    .map((_, i) => i)
    .filter((i) => !QUESTION_END.test(pool.candidates[i]!.display) && !pool.candidates[i]!.bare);
  let words = 0;
  return mmr(
    pool,
    similarity,
    eligible,
    // The substance: figures and decisions before talk about them.
    (i) => 1 + (pool.candidates[i]!.concrete > 0 ? 0.3 : 0) + (pool.candidates[i]!.decision ? 0.3 : 0),
    (index, picked) => {
      const next = pool.candidates[index]!.words;
      if (picked.length >= 7 || (picked.length >= 3 && words + next > budget)) return false;
      words += next;
      return true;
    },
  );
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
  const isKey = (i: number) => {
    const c = pool.candidates[i]!;
    return c.figure || c.concrete > 0 || c.decision || c.openQuestion;
  };
  const weight = (i: number) => {
    const c = pool.candidates[i]!;
    let w = 1;
    if (c.figure) w *= 1.3;
    if (c.concrete > 0) w *= 1 + 1.0 * Math.min(c.concrete, 3);
    if (c.echoed) w *= 1.5;
    if (c.decision) w *= 1.3;
    if (inSummary.has(i)) w *= 0.7;
    // A figure said in a few words ("His cell is 612-555-0148.") is far from the meeting's centroid yet worth a
    // line: its relevance counts as at least FACT_RELEVANCE.
    const relevance = pool.relevance[i]!;
    const whole = !TRAILS_OFF.test(c.sentence.text);
    if (c.concrete > 0 && whole && relevance < FACT_RELEVANCE) w *= FACT_RELEVANCE / Math.max(relevance, 1e-3);
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
  const keyed = mmr(pool, similarity, all.filter(isKey), weight, accept);
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
  if (!candidate.openQuestion) return candidate.display;
  const who = candidate.sentence.speaker ? ` from ${displayName(candidate.sentence.speaker)}` : "";
  return `Open question${who}: ${candidate.display}`;
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
