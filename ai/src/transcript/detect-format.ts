// Is this a text transcript, and which kind? Decided from the first bytes, never the file name, so a renamed
// binary is refused instead of being stored as garbage text. Decoding is lenient (UTF-8, else Windows-1252,
// mojibake repaired, stray controls dropped): a few bad characters never make a file unreadable.

import { parseCueTiming } from "./cue-timing";
import { createLineDecoder, decodeLenient, forEachLine } from "./decode-lines";
import { isDigits, isWebVttSignature } from "./parse-cues";
import { toUtf8 } from "./utf16";

export type TranscriptFormat = "vtt" | "srt" | "txt";

/** Bytes enough to tell text from binary and to find the first cue. */
export const TRANSCRIPT_SNIFF_BYTES = 4096;

/** Signatures of files that are common uploads by mistake (documents, archives, images, audio). */
const BINARY_MAGIC = [
  "%PDF-",
  "{\\rtf",
  "PK\u0003\u0004",
  "\u0089PNG",
  "GIF87a",
  "GIF89a",
  "\u00ff\u00d8\u00ff",
  "ID3\u0002",
  "ID3\u0003",
  "ID3\u0004",
  "RIFF",
  "OggS",
  "fLaC",
  "\u001aE\u00df\u00a3",
];

/** Drops a UTF-8 sequence cut off at the end of a sample, so the cut does not count as bad text. */
function trimCutSequence(bytes: Uint8Array): Uint8Array {
  for (let back = 1; back <= 3 && back <= bytes.length; back++) {
    const byte = bytes[bytes.length - back]!;
    if (byte < 0x80) return bytes;
    if (byte >= 0xc0) {
      const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      return length > back ? bytes.subarray(0, bytes.length - back) : bytes;
    }
  }
  return bytes;
}

/**
 * Binary, not text: NUL bytes, a known binary signature, or more than a few unprintable characters that make
 * up over 5% of the sample (a stray control character or two in a transcript is fine).
 */
function looksBinary(sample: Uint8Array): boolean {
  if (sample.length === 0 || sample.includes(0)) return true;
  const head = String.fromCharCode(...sample.subarray(0, 8));
  if (BINARY_MAGIC.some((magic) => head.startsWith(magic))) return true;
  const text = decodeLenient(trimCutSequence(sample));
  let unprintable = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d) continue;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0xfffd) unprintable++;
  }
  return unprintable > 3 && unprintable * 20 > text.length;
}

/**
 * Lenient decoding of a whole text file: lines joined with "\n", byte order mark, mojibake and stray controls
 * cleaned. Null for binary content or text with nothing printable.
 */
export function decodeText(bytes: Uint8Array): string | null {
  if (looksBinary(bytes.subarray(0, TRANSCRIPT_SNIFF_BYTES))) return null;
  const lines: string[] = [];
  const decoder = createLineDecoder((line) => lines.push(line));
  decoder.push(bytes);
  decoder.end();
  const text = lines.join("\n");
  return text.trim() === "" ? null : text;
}

/** Decides the format from the first bytes; null for binary or empty content. */
export function detectTranscriptFormat(bytes: Uint8Array): TranscriptFormat | null {
  const head = decodeText(trimCutSequence(toUtf8(bytes.subarray(0, TRANSCRIPT_SNIFF_BYTES))));
  return head === null ? null : detectFormatOfText(head);
}

/** The format of decoded text, from its first lines. */
function detectFormatOfText(text: string): TranscriptFormat | null {
  const lines: string[] = [];
  forEachLine(text.slice(0, TRANSCRIPT_SNIFF_BYTES), (line) => {
    if (lines.length > 0 || line.trim() !== "") lines.push(line);
  });
  const first = lines[0]?.trimStart();
  if (first === undefined) return null;
  if (isWebVttSignature(first)) return "vtt";
  if (isDigits(first.trim()) && parseCueTiming(lines[1] ?? "", true)) return "srt";
  // Cues without a header or numbers: commas mean SRT habits, dots mean VTT habits.
  const timing = lines.slice(0, 20).find((line) => parseCueTiming(line, true));
  if (timing) return timing.includes(",") ? "srt" : "vtt";
  return "txt";
}

/** For upload sniffing: whether the first bytes of a file are a text transcript (of any format). */
export function isTranscriptText(head: Uint8Array): boolean {
  return detectTranscriptFormat(head) !== null;
}
