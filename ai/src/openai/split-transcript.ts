// Splits a transcript into parts that fit one summary call, on segment boundaries where possible, sized from the chat
// model's context window (chat-model-context.ts): a one-hour meeting is one call on a 128k model, while an unknown,
// often small-window model gets small parts.

import type { Transcript, TranscriptSegment } from "../types";
import { chatContextTokens } from "./chat-model-context";

/** Kept free for the system prompt and the meeting header. */
const PROMPT_RESERVE_TOKENS = 1_000;
/** Kept free for the notes or summary the model writes: a quarter of a small window, 4k of a large one. */
const MAX_OUTPUT_RESERVE_TOKENS = 4_096;
/** Tokens are estimated at 4 characters each; names, numbers and other languages take more. */
const ESTIMATE_MARGIN = 0.8;
/** Even a million-token window gets parts of at most this: models lose detail on very long inputs. */
const MAX_PART_TOKENS = 100_000;
const MIN_PART_TOKENS = 1_000;

/** Estimated transcript tokens per summary call for `model` (or the configured context window). */
export function summaryPartTokens(model: string, configuredContextTokens?: number): number {
  const context = chatContextTokens(model, configuredContextTokens);
  const outputReserve = Math.min(MAX_OUTPUT_RESERVE_TOKENS, Math.floor(context / 4));
  const available = (context - outputReserve - PROMPT_RESERVE_TOKENS) * ESTIMATE_MARGIN;
  return Math.max(MIN_PART_TOKENS, Math.min(MAX_PART_TOKENS, Math.floor(available)));
}

function formatSegmentLine(segment: TranscriptSegment): string {
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
export function splitTranscript(transcript: Transcript, maxTokens: number): string[] {
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
