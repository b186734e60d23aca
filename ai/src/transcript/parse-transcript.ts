// Reads uploaded transcript files (.vtt, .srt, .txt) line by line: from a string, from bytes, or (see
// read-transcript-stream.ts) from a stream. Every step scans its input a bounded number of times, so the
// time taken grows with the size of the file and nothing else.

import type { Transcript, TranscriptSegment } from "../types";
import { cleanLine } from "./clean-text";
import { createLineDecoder, forEachLine } from "./decode-lines";
import { detectTranscriptFormat, type TranscriptFormat } from "./detect-format";
import { createCueParser } from "./parse-cues";
import { createTxtParser } from "./parse-txt";
import { MAX_TRANSCRIPT_BYTES, TranscriptTooLargeError, UnsupportedTranscriptError } from "./transcript-errors";
import { toUtf8 } from "./utf16";

interface TranscriptLineParser {
  pushLine(line: string): void;
  finish(): TranscriptSegment[];
}

export function createTranscriptParser(format: TranscriptFormat): TranscriptLineParser {
  return format === "txt" ? createTxtParser() : createCueParser(format);
}

/** The transcript of parsed segments; throws UnsupportedTranscriptError when there are none. */
export function finishTranscript(segments: TranscriptSegment[], format: TranscriptFormat): Transcript {
  if (segments.length === 0) throw new UnsupportedTranscriptError(`no transcript text found in the ${format} file`);
  return buildTranscript(segments);
}

/** Detects, decodes and parses in one go; throws UnsupportedTranscriptError for anything unreadable. */
export function readTranscriptFile(file: Uint8Array): { format: TranscriptFormat; transcript: Transcript } {
  if (file.length > MAX_TRANSCRIPT_BYTES) throw new TranscriptTooLargeError();
  const bytes = toUtf8(file);
  const format = detectTranscriptFormat(bytes);
  if (!format) throw new UnsupportedTranscriptError("not a text transcript (.vtt, .srt or .txt)");
  const parser = createTranscriptParser(format);
  const decoder = createLineDecoder(parser.pushLine);
  decoder.push(bytes);
  decoder.end();
  return { format, transcript: finishTranscript(parser.finish(), format) };
}

export function parseTranscript(text: string, format: TranscriptFormat): Transcript {
  const parser = createTranscriptParser(format);
  forEachLine(text, (line) => parser.pushLine(cleanLine(line)));
  return finishTranscript(parser.finish(), format);
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
