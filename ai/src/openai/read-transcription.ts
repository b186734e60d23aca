// Reads whatever a transcription endpoint answered (text, json, verbose_json or diarized_json, from OpenAI or a
// compatible server) into one piece's segments, words and text. Whisper's confidence numbers decide what stays:
// a segment that is almost certainly silence (no_speech_prob high) AND was guessed (avg_logprob low) is invented
// filler and is dropped; a merely doubtful one is kept and flagged.

import type { PieceSegment, PieceTranscription } from "./piece-words";

/** Whisper's own defaults for treating a window as silence and a decode as failed. */
const NO_SPEECH_THRESHOLD = 0.6;
const LOG_PROB_THRESHOLD = -1;
/** Highly repetitive text ("Thank you. Thank you. Thank you.") is a known Whisper failure. */
const COMPRESSION_RATIO_THRESHOLD = 2.4;

export interface ReadTranscription extends Pick<PieceTranscription, "segments" | "text" | "words"> {
  /** Output tokens the service reports using (token-billed models), else null. */
  outputTokens: number | null;
}

interface RawSegment {
  start?: unknown;
  end?: unknown;
  text?: unknown;
  speaker?: unknown;
  no_speech_prob?: unknown;
  avg_logprob?: unknown;
  compression_ratio?: unknown;
}

export function readTranscription(response: unknown): ReadTranscription {
  if (typeof response === "string") return { segments: [], text: response, outputTokens: null };
  const body = (response ?? {}) as { text?: unknown; segments?: unknown; words?: unknown; usage?: unknown };
  const segments: PieceSegment[] = [];
  const dropped: { start: number; end: number }[] = [];
  for (const raw of Array.isArray(body.segments) ? (body.segments as RawSegment[]) : []) {
    const start = asNumber(raw.start);
    const end = asNumber(raw.end);
    if (start === null || end === null || typeof raw.text !== "string") continue;
    const noSpeech = asNumber(raw.no_speech_prob);
    const logProb = asNumber(raw.avg_logprob);
    const compression = asNumber(raw.compression_ratio);
    const likelySilence = noSpeech !== null && noSpeech > NO_SPEECH_THRESHOLD;
    const guessed = logProb !== null && logProb < LOG_PROB_THRESHOLD;
    if (likelySilence && guessed) {
      dropped.push({ start, end });
      continue;
    }
    const segment: PieceSegment = { start, end, text: raw.text };
    if (typeof raw.speaker === "string" && raw.speaker.length > 0) segment.speaker = raw.speaker;
    if (likelySilence || guessed || (compression !== null && compression > COMPRESSION_RATIO_THRESHOLD)) {
      segment.lowConfidence = true;
    }
    segments.push(segment);
  }
  const words = readWords(body.words).filter((w) => !dropped.some((d) => w.start >= d.start && w.start < d.end));
  // With every segment dropped as silence, the piece's text is that filler too.
  const text = typeof body.text === "string" && !(dropped.length > 0 && segments.length === 0) ? body.text : "";
  return {
    segments,
    text,
    ...(words.length > 0 ? { words } : {}),
    outputTokens: readOutputTokens(body.usage),
  };
}

function readWords(value: unknown): { word: string; start: number; end: number }[] {
  if (!Array.isArray(value)) return [];
  const words: { word: string; start: number; end: number }[] = [];
  for (const raw of value as { word?: unknown; start?: unknown; end?: unknown }[]) {
    const start = asNumber(raw.start);
    const end = asNumber(raw.end);
    if (typeof raw.word === "string" && start !== null && end !== null) words.push({ word: raw.word, start, end });
  }
  return words;
}

function readOutputTokens(usage: unknown): number | null {
  const tokens = (usage as { output_tokens?: unknown } | null | undefined)?.output_tokens;
  return typeof tokens === "number" ? tokens : null;
}

function asNumber(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}
