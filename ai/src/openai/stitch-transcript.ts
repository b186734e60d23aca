// Joins per-piece transcriptions into one timeline. Neighbouring pieces share a few seconds of audio; what both
// heard there is kept once, found by aligning their words, else by cutting in the middle of the shared stretch
// between words (by the service's word times, or times estimated within segments). Text-only pieces without a
// match are kept whole: a few words twice is better than words lost. No piece is ever dropped.

import { buildTranscript } from "../transcript/parse-transcript";
import type { Transcript, TranscriptSegment } from "../types";
import { findSharedRun } from "./align-overlap";
import { mapSpeakersAcrossPieces } from "./map-speakers";
import { type PieceTranscription, type PieceWords, type TimedWord, toPieceWords } from "./piece-words";

/** Slack around the shared stretch when looking for the words both pieces heard. */
const WINDOW_SLACK_SECONDS = 2;
/** Text-only pieces have only estimated word times (by position in the text): more slack, growing with length. */
const TEXT_SLACK_SHARE = 0.02;

export function stitchTranscript(pieces: PieceTranscription[], durationSeconds: number | null): Transcript {
  const total = durationSeconds ?? Infinity;
  const sorted = [...pieces].sort((a, b) => a.offsetSeconds - b.offsetSeconds).map((p) => toPieceWords(p, total));
  if (sorted.some((piece) => piece.segments.some((s) => s.speaker !== null))) mapSpeakersAcrossPieces(sorted);
  // keep[i] = [from, until): the words of piece i that survive its two cuts.
  const keep = sorted.map((piece) => ({ from: 0, until: piece.words.length }));
  for (let index = 1; index < sorted.length; index++) {
    const earlier = sorted[index - 1] as PieceWords;
    const later = sorted[index] as PieceWords;
    const cut = findCut(earlier, later);
    const before = keep[index - 1];
    const after = keep[index];
    if (before) before.until = Math.min(before.until, cut.earlierUntil);
    if (after) after.from = Math.max(after.from, cut.laterFrom);
  }
  const segments: TranscriptSegment[] = [];
  for (const [index, piece] of sorted.entries()) {
    const { from, until } = keep[index] ?? { from: 0, until: 0 };
    segments.push(...keptSegments(piece, from, until));
  }
  return { ...buildTranscript(segments), durationSeconds };
}

/** Where the earlier piece stops (exclusive word index) and the later one starts. */
function findCut(earlier: PieceWords, later: PieceWords): { earlierUntil: number; laterFrom: number } {
  const sharedFrom = later.offsetSeconds;
  const sharedUntil = earlier.endSeconds;
  // Only words that can lie in the shared stretch are compared, so a phrase said twice elsewhere is no match.
  const tailStart = firstIndex(earlier.words, (w) => w.end > sharedFrom - slack(earlier));
  const headEnd = firstIndex(later.words, (w) => w.start > sharedUntil + slack(later));
  const tail = earlier.words.slice(tailStart).map((w) => w.key);
  const head = later.words.slice(0, headEnd).map((w) => w.key);
  const run = findSharedRun(tail, head);
  if (run) {
    // The earlier piece keeps the shared words (with its punctuation); the later one resumes after them.
    return { earlierUntil: tailStart + run.tailStart + run.length, laterFrom: run.headStart + run.length };
  }
  if (!earlier.timed || !later.timed) return { earlierUntil: earlier.words.length, laterFrom: 0 };
  const middle = (sharedFrom + sharedUntil) / 2;
  return {
    earlierUntil: firstIndex(earlier.words, (w) => w.start >= middle),
    laterFrom: firstIndex(later.words, (w) => w.start >= middle),
  };
}

function slack(piece: PieceWords): number {
  if (piece.timed) return WINDOW_SLACK_SECONDS;
  return WINDOW_SLACK_SECONDS + TEXT_SLACK_SHARE * (piece.endSeconds - piece.offsetSeconds);
}

function firstIndex(words: TimedWord[], predicate: (word: TimedWord) => boolean): number {
  const index = words.findIndex(predicate);
  return index === -1 ? words.length : index;
}

/** The piece's segments cut to its kept words; a segment cut on one side keeps the rest of its words. */
function keptSegments(piece: PieceWords, from: number, until: number): TranscriptSegment[] {
  const wordCount = new Array<number>(piece.segments.length).fill(0);
  for (const word of piece.words) wordCount[word.segment] = (wordCount[word.segment] ?? 0) + 1;
  const kept = piece.segments.map((): TimedWord[] => []);
  for (const word of piece.words.slice(from, Math.max(from, until))) kept[word.segment]?.push(word);
  const result: TranscriptSegment[] = [];
  for (const [index, segment] of piece.segments.entries()) {
    const words = kept[index] ?? [];
    const first = words[0];
    const last = words.at(-1);
    if (!first || !last) continue;
    const whole = words.length === wordCount[index];
    const out: TranscriptSegment = {
      start: round(whole ? segment.start : first.start),
      end: round(whole ? segment.end : Math.max(first.start, last.end)),
      speaker: segment.speaker,
      text: whole ? segment.text : words.map((w) => w.token).join(" "),
    };
    if (segment.lowConfidence) out.lowConfidence = true;
    result.push(out);
  }
  return result;
}

/** Seconds to the millisecond. */
export function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
