// A transcribed piece as a list of words on the recording's timeline, so stitching can cut between words
// instead of dropping whole segments. Word times come from the service when it gave them, else they are
// estimated from the segment's span by character position.

/** One segment of a piece as the service returned it. */
export interface PieceSegment {
  /** Seconds from the start of the piece. */
  start: number;
  end: number;
  text: string;
  /** The service's own label (diarizing models), mapped to meeting-wide speakers when stitched. */
  speaker?: string | null;
  /** The service was unsure of these words. */
  lowConfidence?: boolean;
}

/** What the service returned for one piece of the recording. */
export interface PieceTranscription {
  offsetSeconds: number;
  durationSeconds: number;
  segments: PieceSegment[];
  /** Used when the service returns no segments (gpt-4o-transcribe, some self-hosted servers). */
  text: string;
  /** Word times relative to the piece, when the service gave them (whisper-1 with word granularity). */
  words?: { word: string; start: number; end: number }[];
}

export interface TimedWord {
  /** The word as written, with its punctuation. */
  token: string;
  /** Lower-case letters and digits only, for matching; empty for pure punctuation. */
  key: string;
  /** Seconds from the start of the recording. */
  start: number;
  end: number;
  /** Index of the segment in PieceWords.segments. */
  segment: number;
}

export interface PieceWords {
  offsetSeconds: number;
  endSeconds: number;
  /** On the recording's timeline (seconds from its start), every field given. */
  segments: Required<PieceSegment>[];
  words: TimedWord[];
  /** False for a text-only answer: its one segment spans the whole piece, so word times mean little. */
  timed: boolean;
}

export function toPieceWords(piece: PieceTranscription, recordingSeconds: number): PieceWords {
  const offset = piece.offsetSeconds;
  const endSeconds = Math.min(offset + piece.durationSeconds, recordingSeconds);
  const timed = piece.segments.some((s) => s.text.trim().length > 0);
  const raw = timed
    ? piece.segments
    : [{ start: 0, end: piece.durationSeconds, text: piece.text, speaker: null, lowConfidence: false }];
  const segments: Required<PieceSegment>[] = [];
  const words: TimedWord[] = [];
  for (const segment of raw) {
    const text = segment.text.trim();
    if (text.length === 0) continue;
    const start = offset + Math.max(0, segment.start);
    // Whisper sometimes reports an end slightly past the audio; never past the piece.
    const end = Math.min(offset + Math.max(segment.start, segment.end), endSeconds);
    const index = segments.length;
    segments.push({
      start,
      end: Math.max(start, end),
      text,
      speaker: segment.speaker ?? null,
      lowConfidence: segment.lowConfidence ?? false,
    });
    words.push(...estimateWordTimes(text, start, Math.max(start, end), index));
  }
  if (piece.words?.length) applyServiceWordTimes(words, piece.words, offset);
  return { offsetSeconds: offset, endSeconds, segments, words, timed };
}

/** Spreads the segment's span over its words in proportion to their position in the text. */
function estimateWordTimes(text: string, start: number, end: number, segment: number): TimedWord[] {
  const tokens = text.split(/\s+/).filter((token) => token.length > 0);
  const totalChars = tokens.reduce((sum, token) => sum + token.length + 1, 0);
  const span = end - start;
  const words: TimedWord[] = [];
  let position = 0;
  for (const token of tokens) {
    const from = start + (span * position) / totalChars;
    position += token.length + 1;
    words.push({ token, key: matchKey(token), start: from, end: start + (span * position) / totalChars, segment });
  }
  return words;
}

/**
 * Takes the service's own word times (whisper-1 verbose_json with word granularity). Its words lack punctuation
 * and may split differently, so each token looks a few words ahead for its match; unmatched ones keep estimates.
 */
function applyServiceWordTimes(
  words: TimedWord[],
  serviceWords: { word: string; start: number; end: number }[],
  offset: number,
): void {
  let next = 0;
  for (const word of words) {
    if (word.key.length === 0) continue;
    for (let look = next; look < Math.min(serviceWords.length, next + 4); look++) {
      const candidate = serviceWords[look];
      if (candidate && matchKey(candidate.word) === word.key) {
        word.start = offset + candidate.start;
        word.end = offset + Math.max(candidate.start, candidate.end);
        next = look + 1;
        break;
      }
    }
  }
}

/** Case, punctuation and spacing set aside: lower-case letters and digits, words apart by one space. */
export function matchKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}
