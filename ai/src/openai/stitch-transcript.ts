// Joins per-piece transcriptions into one timeline and drops what the overlap transcribed twice.

import type { Transcript, TranscriptSegment } from "../types";

export interface PieceTranscription {
  offsetSeconds: number;
  durationSeconds: number;
  /** Timestamps relative to the start of the piece. */
  segments: { start: number; end: number; text: string }[];
  /** Used when the service returns no segments (some self-hosted servers). */
  text: string;
}

export function stitchTranscript(pieces: PieceTranscription[], durationSeconds: number | null): Transcript {
  const sorted = [...pieces].sort((a, b) => a.offsetSeconds - b.offsetSeconds);
  const segments: TranscriptSegment[] = [];
  for (const [index, piece] of sorted.entries()) {
    const previous = sorted[index - 1];
    const next = sorted[index + 1];
    // Each overlap is owned half by either side: a segment belongs to the piece where it starts
    // before the middle of the overlap.
    const from = previous ? midpoint(previous.offsetSeconds + previous.durationSeconds, piece.offsetSeconds) : -1;
    const until = next ? midpoint(piece.offsetSeconds + piece.durationSeconds, next.offsetSeconds) : Infinity;
    const local =
      piece.segments.length > 0
        ? piece.segments
        : [{ start: 0, end: piece.durationSeconds, text: piece.text }].filter((s) => s.text.trim().length > 0);
    for (const raw of local) {
      const text = raw.text.trim();
      if (text.length === 0) continue;
      const start = round(piece.offsetSeconds + Math.max(0, raw.start));
      // Whisper sometimes reports an end slightly past the audio; never past the recording.
      const end = round(Math.min(piece.offsetSeconds + Math.max(raw.start, raw.end), durationSeconds ?? Infinity));
      if (start < from || start >= until) continue;
      const last = segments.at(-1);
      // The same words heard on both sides of a boundary are kept once.
      if (last && normalise(last.text) === normalise(text) && start < (last.end ?? 0) + 1) continue;
      segments.push({ start, end, speaker: null, text });
    }
  }
  return { segments, fullText: segments.map(formatPlainLine).join("\n"), durationSeconds };
}

/** "Speaker: text" as the Transcript contract asks; Whisper has no speakers, so mostly just text. */
function formatPlainLine(segment: TranscriptSegment): string {
  return segment.speaker ? `${segment.speaker}: ${segment.text}` : segment.text;
}

function midpoint(previousEnd: number, nextStart: number): number {
  return (previousEnd + nextStart) / 2;
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}
