// Reads uploaded transcript files (.vtt, .srt, .txt). The format is decided from the content, never the
// file name, so a renamed binary is refused instead of being stored as garbage text.

import type { Transcript, TranscriptSegment } from "../types";

export type TranscriptFormat = "vtt" | "srt" | "txt";

const TIMING_LINE = /^\s*((?:\d+:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?)\s*-->\s*((?:\d+:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?)/;
const SRT_START = /^\s*\d+\s*\n\s*(?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3}\s*-->/;
// "Dana Whitfield:", "Dr. Raman:", "SPEAKER_01:", "Speaker 2:"; at most four words so ordinary sentences don't match.
const SPEAKER_PREFIX =
  /^((?:\p{Lu}[\p{L}\p{M}'’.-]*)(?:\s+[\p{Lu}\d][\p{L}\p{M}\d'’.-]*){0,3}|[\p{L}_]+[ _]?\d+)\s*:\s*(.*)$/u;
const TXT_TIME_PREFIX = /^\[?\(?((?:\d+:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?)\)?\]?\s*[-–]?\s*/;

export class UnsupportedTranscriptError extends Error {
  constructor(detail: string) {
    super(`unsupported file format: ${detail}`);
  }
}

/** Decides the format from the bytes; null for binary or empty content. */
export function detectTranscriptFormat(bytes: Uint8Array): TranscriptFormat | null {
  const text = decodeText(bytes);
  if (text === null) return null;
  const head = text.trimStart();
  if (head.length === 0) return null;
  if (/^WEBVTT(?:[ \t\n]|$)/.test(head)) return "vtt";
  if (SRT_START.test(head)) return "srt";
  // Cues without a header or numbers: commas mean SRT habits, dots mean VTT habits.
  const firstTiming = head.split("\n", 20).find((line) => TIMING_LINE.test(line));
  if (firstTiming) return firstTiming.includes(",") ? "srt" : "vtt";
  return "txt";
}

/** Strict UTF-8 decoding that refuses binary content: NUL bytes, control characters, mostly unprintable. */
export function decodeText(bytes: Uint8Array): string | null {
  if (bytes.length === 0 || bytes.includes(0)) return null;
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  text = normaliseNewlines(text);
  let control = 0;
  let printable = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code === 9 || code === 10 || code === 12) continue;
    if (code < 32 || code === 127 || (code >= 0x80 && code < 0xa0) || code === 0xfffd) control++;
    else printable++;
  }
  if (control > 0 && control / (control + printable) > 0.001) return null;
  if (printable === 0 || text.trim().length === 0) return null;
  return text;
}

/** Detects, decodes and parses in one go; throws UnsupportedTranscriptError for anything unreadable. */
export function readTranscriptFile(bytes: Uint8Array): { format: TranscriptFormat; transcript: Transcript } {
  const format = detectTranscriptFormat(bytes);
  const text = format ? decodeText(bytes) : null;
  if (!format || text === null) throw new UnsupportedTranscriptError("not a text transcript (.vtt, .srt or .txt)");
  return { format, transcript: parseTranscript(text, format) };
}

export function parseTranscript(text: string, format: TranscriptFormat): Transcript {
  const clean = normaliseNewlines(text);
  const segments = format === "txt" ? parseTxt(clean) : parseCues(clean, format);
  if (segments.length === 0) throw new UnsupportedTranscriptError(`no transcript text found in the ${format} file`);
  return buildTranscript(segments);
}

export function buildTranscript(segments: TranscriptSegment[]): Transcript {
  let duration: number | null = null;
  for (const segment of segments) {
    const time = segment.end ?? segment.start;
    if (time !== null && (duration === null || time > duration)) duration = time;
  }
  const fullText = segments.map((s) => (s.speaker ? `${s.speaker}: ${s.text}` : s.text)).join("\n");
  return { segments, fullText, durationSeconds: duration };
}

function normaliseNewlines(text: string): string {
  return text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
}

/** "01:02:03.500", "02:03,5" or "2:03" to seconds. */
export function parseTimestamp(value: string): number {
  const [clock = "", fraction = ""] = value.trim().replace(",", ".").split(".");
  const parts = clock.split(":").map(Number);
  let seconds = 0;
  for (const part of parts) seconds = seconds * 60 + part;
  if (fraction) seconds += Number(`0.${fraction}`);
  return Math.round(seconds * 1000) / 1000;
}

// VTT and SRT share cue structure: optional id line, timing line, text lines until a blank line.
function parseCues(text: string, format: "vtt" | "srt"): TranscriptSegment[] {
  const segments: TranscriptSegment[] = [];
  for (const block of text.split(/\n[ \t]*\n/)) {
    const lines = block.split("\n").filter((line) => line.trim().length > 0);
    const timingIndex = lines.findIndex((line) => TIMING_LINE.test(line));
    if (timingIndex < 0) continue; // header, NOTE, STYLE, REGION or stray text
    if (format === "vtt" && /^(NOTE|STYLE|REGION)\b/.test(lines[0] ?? "")) continue;
    const timing = TIMING_LINE.exec(lines[timingIndex] ?? "");
    const start = timing?.[1] ? parseTimestamp(timing[1]) : null;
    const end = timing?.[2] ? parseTimestamp(timing[2]) : null;
    segments.push(...parseCueText(lines.slice(timingIndex + 1), start, end));
  }
  return segments;
}

// One cue may hold several voices ("<v A>...\n<v B>..."); each becomes its own segment with the cue's times.
function parseCueText(lines: string[], start: number | null, end: number | null): TranscriptSegment[] {
  const segments: TranscriptSegment[] = [];
  let current: TranscriptSegment | null = null;
  for (const raw of lines) {
    const voice = /<v(?:\.[^\s>]+)*\s+([^>]+)>/.exec(raw);
    const plain = stripMarkup(raw);
    const prefixed = voice ? null : SPEAKER_PREFIX.exec(plain.replace(/^[-–]\s*/, ""));
    const speaker = voice?.[1]?.trim() ?? prefixed?.[1]?.trim() ?? null;
    const body = prefixed ? (prefixed[2] ?? "").trim() : plain;
    if (current && (speaker === null || speaker === current.speaker)) {
      if (body) current.text = `${current.text} ${body}`.trim();
      continue;
    }
    current = { start, end, speaker, text: body };
    segments.push(current);
  }
  return segments.filter((segment) => segment.text.length > 0);
}

function stripMarkup(line: string): string {
  return decodeEntities(
    line
      .replace(/<[^>]*>/g, "") // <i>, <b>, <c.yellow>, <00:00:01.000>, </v>
      .replace(/\{\\[^}]*\}/g, ""), // SRT positioning such as {\an8}
  )
    .replace(/\s+/g, " ")
    .trim();
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, " ")
    .replace(/&lrm;|&rlm;/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, "&");
}

// Plain text: a line with a time or speaker prefix starts a segment; other lines continue the paragraph.
function parseTxt(text: string): TranscriptSegment[] {
  const segments: TranscriptSegment[] = [];
  let current: TranscriptSegment | null = null;
  for (const raw of text.split("\n")) {
    const line = raw.replace(/\s+/g, " ").trim();
    if (!line) {
      current = null; // blank line ends a paragraph
      continue;
    }
    const time = TXT_TIME_PREFIX.exec(line);
    const rest = time ? line.slice(time[0].length) : line;
    const prefixed = SPEAKER_PREFIX.exec(rest);
    if (!time && !prefixed && current) {
      current.text = `${current.text} ${line}`;
      continue;
    }
    current = {
      start: time?.[1] ? parseTimestamp(time[1]) : null,
      end: null,
      speaker: prefixed?.[1]?.trim() ?? null,
      text: (prefixed ? (prefixed[2] ?? "") : rest).trim(),
    };
    segments.push(current);
  }
  const kept = segments.filter((segment) => segment.text.length > 0);
  // A timed line ends where the next timed line starts.
  for (let i = 0; i < kept.length - 1; i++) {
    const segment = kept[i];
    const next = kept[i + 1];
    if (segment && next && segment.start !== null && next.start !== null && next.start >= segment.start) {
      segment.end = next.start;
    }
  }
  return kept;
}
