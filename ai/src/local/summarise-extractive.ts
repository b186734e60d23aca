// Extractive meeting summary for the local engine: TF-IDF centroid ranking of sentences with redundancy
// control, plus rule-based action items and next meeting. Deterministic and offline.

import type { MeetingSummary, SummariseInput } from "../types";
import { extractActionItems } from "./extract-action-items";
import { findNextMeeting } from "./find-next-meeting";
import { type Sentence, splitSegmentsIntoSentences } from "./split-sentences";
import { contentTerms } from "./text-tokens";

const MAX_KEY_POINTS = 6;
const FILLER_START =
  /^(?:hi|hello|hey|good (?:morning|afternoon|evening)|morning|afternoon|thanks|thank you|okay|ok|great|perfect|sure|yes|yeah|right|noted|bye|goodbye|see you|nice to)\b/i;
const MIN_TERMS = 4;

interface Ranked {
  sentence: Sentence;
  terms: Set<string>;
  vector: Map<string, number>;
  score: number;
}

export function summariseExtractive(input: SummariseInput): MeetingSummary {
  const { transcript, meetingDate } = input;
  const sentences = splitSegmentsIntoSentences(transcript.segments.filter((s) => s.text.trim().length > 0));
  const speakers = [...new Set(sentences.map((s) => s.speaker).filter((s): s is string => s !== null))];
  const ranked = rankSentences(sentences);

  const summaryCount = Math.min(5, Math.max(3, Math.round(ranked.length / 8)));
  const summaryPicks = pickDiverse(ranked, summaryCount, new Set());
  const used = new Set(summaryPicks.map((r) => r.sentence.index));
  let keyPicks = pickDiverse(ranked, MAX_KEY_POINTS, used, summaryPicks);
  // Short meetings: better to repeat a summary sentence than to show a near-empty list.
  if (keyPicks.length < 3) keyPicks = pickDiverse(ranked, MAX_KEY_POINTS, new Set());

  return {
    executiveSummary: composeParagraph(inOrder(summaryPicks)) || describeEmptyMeeting(input),
    keyPoints: inOrder(keyPicks).map((r) => attribute(r.sentence)),
    actionItems: extractActionItems(sentences, { speakers }),
    nextMeeting: findNextMeeting(sentences, meetingDate),
  };
}

/** Scores informative sentences by cosine similarity to the meeting's TF-IDF centroid. */
function rankSentences(sentences: Sentence[]): Ranked[] {
  const candidates = sentences
    .map((sentence) => ({ sentence, termList: contentTerms(sentence.text) }))
    .filter(({ sentence, termList }) => isInformative(sentence.text, termList));
  const documentFrequency = new Map<string, number>();
  for (const { termList } of candidates) {
    for (const term of new Set(termList)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  const total = candidates.length;
  const vectors = candidates.map(({ termList }) => {
    const vector = new Map<string, number>();
    for (const term of termList) vector.set(term, (vector.get(term) ?? 0) + 1);
    for (const [term, tf] of vector) {
      const idf = Math.log((1 + total) / (1 + (documentFrequency.get(term) ?? 0))) + 1;
      vector.set(term, (1 + Math.log(tf)) * idf);
    }
    return normalise(vector);
  });
  const centroid = new Map<string, number>();
  for (const vector of vectors) {
    for (const [term, weight] of vector) centroid.set(term, (centroid.get(term) ?? 0) + weight);
  }
  normalise(centroid);
  return candidates.map(({ sentence, termList }, i) => {
    const vector = vectors[i] ?? new Map<string, number>();
    return { sentence, terms: new Set(termList), vector, score: cosine(vector, centroid) * bonus(sentence.text) };
  });
}

function isInformative(text: string, terms: string[]): boolean {
  if (terms.length < MIN_TERMS) return false;
  if (FILLER_START.test(text) && terms.length < 7) return false; // "Thanks for coming in today."
  return !/\?\s*$/.test(text) || terms.length >= 8;
}

// Figures and decisions are what advisers look for in a summary; bare questions are less useful.
function bonus(text: string): number {
  let factor = 1;
  if (/\d|\b(?:percent|thousand|million|hundred)\b/i.test(text)) factor += 0.2;
  if (/\b(?:recommend|agree[ds]?|decid(?:e|ed)|plan|propose|suggest|summari[sz]e)\b/i.test(text)) factor += 0.15;
  if (/\?\s*$/.test(text)) factor -= 0.3;
  // Centroid similarity favours long rambling sentences; readers favour 10 to 35 words.
  const words = text.split(/\s+/).length;
  if (words > 35) factor *= Math.sqrt(35 / words);
  if (words < 8) factor *= 0.85;
  if (/[,\-–]\s*\.?$/.test(text) || /\b(?:the|a|and|to|of|if)\.?$/i.test(text)) factor *= 0.6; // trails off
  return factor;
}

/** Maximal marginal relevance: good sentences that do not repeat what was already chosen. */
function pickDiverse(ranked: Ranked[], count: number, exclude: Set<number>, alsoAvoid: Ranked[] = []): Ranked[] {
  const picked: Ranked[] = [];
  const pool = ranked.filter((r) => !exclude.has(r.sentence.index));
  while (picked.length < count && pool.length > 0) {
    let bestIndex = -1;
    let bestValue = Number.NEGATIVE_INFINITY;
    pool.forEach((candidate, i) => {
      const compared = [...picked, ...alsoAvoid];
      if (compared.some((other) => isNearDuplicate(candidate, other))) return;
      const redundancy = Math.max(0, ...compared.map((other) => cosine(candidate.vector, other.vector)));
      const value = 0.75 * candidate.score - 0.25 * redundancy;
      if (value > bestValue) {
        bestValue = value;
        bestIndex = i;
      }
    });
    if (bestIndex < 0) break;
    const [best] = pool.splice(bestIndex, 1);
    if (best) picked.push(best);
  }
  return picked;
}

function isNearDuplicate(a: Ranked, b: Ranked): boolean {
  let shared = 0;
  for (const term of a.terms) if (b.terms.has(term)) shared++;
  return shared / Math.max(1, Math.min(a.terms.size, b.terms.size)) >= 0.7;
}

function inOrder(picks: Ranked[]): Ranked[] {
  return [...picks].sort((a, b) => a.sentence.index - b.sentence.index);
}

// Speakers are named once per run of their sentences, so first-person sentences stay readable.
function composeParagraph(picks: Ranked[]): string {
  const parts: string[] = [];
  let lastSpeaker: string | null = null;
  for (const { sentence } of picks) {
    const text = endSentence(sentence.text);
    parts.push(sentence.speaker && sentence.speaker !== lastSpeaker ? `${sentence.speaker}: ${text}` : text);
    lastSpeaker = sentence.speaker;
  }
  return parts.join(" ");
}

function attribute(sentence: Sentence): string {
  const text = endSentence(sentence.text);
  return sentence.speaker ? `${sentence.speaker}: ${text}` : text;
}

function endSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?…"')]$/.test(trimmed) ? trimmed : `${trimmed}.`;
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
  let dot = 0;
  for (const [term, weight] of small) dot += weight * (large.get(term) ?? 0);
  return dot;
}
