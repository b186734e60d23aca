// Splits a transcript into parts that fit one model call, on segment boundaries where possible.

import type { Transcript, TranscriptSegment } from "../types";

export const DEFAULT_PART_TOKENS = 12_000;

export function formatSegmentLine(segment: TranscriptSegment): string {
  const time = segment.start === null ? "" : `[${formatClock(segment.start)}] `;
  const speaker = segment.speaker ? `${segment.speaker}: ` : "";
  return `${time}${speaker}${segment.text.trim()}`;
}

function formatClock(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mmss = `${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
  return h > 0 ? `${h}:${mmss}` : mmss;
}

/**
 * Returns text parts of at most ~maxTokens each; a single oversized segment is split at whitespace. Each segment's
 * line starts with its index in the transcript ("#12 "), which the summary names as its evidence.
 */
export function splitTranscript(transcript: Transcript, maxTokens = DEFAULT_PART_TOKENS): string[] {
  const lines =
    transcript.segments.length > 0
      ? transcript.segments.map((segment, index) => `#${index} ${formatSegmentLine(segment)}`)
      : transcript.fullText.split("\n").map((line) => line.trim());
  const maxChars = maxTokens * 4;
  const parts: string[] = [];
  let current: string[] = [];
  let currentChars = 0;
  const flush = () => {
    if (current.length > 0) parts.push(current.join("\n"));
    current = [];
    currentChars = 0;
  };
  for (const line of lines.filter((l) => l.length > 0)) {
    for (const piece of splitLongLine(line, maxChars)) {
      if (currentChars + piece.length + 1 > maxChars) flush();
      current.push(piece);
      currentChars += piece.length + 1;
    }
  }
  flush();
  return parts;
}

function splitLongLine(line: string, maxChars: number): string[] {
  if (line.length <= maxChars) return [line];
  const pieces: string[] = [];
  let rest = line;
  while (rest.length > maxChars) {
    const space = rest.lastIndexOf(" ", maxChars);
    const cut = space > maxChars / 2 ? space : maxChars;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest.length > 0) pieces.push(rest);
  return pieces;
}
