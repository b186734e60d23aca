// Parses a transcript as it is read: the file is never held whole, only the unfinished line and the
// transcript being built. The size limit is enforced while reading.

import type { Transcript } from "../types";
import { createLineDecoder } from "./decode-lines";
import { detectTranscriptFormat, TRANSCRIPT_SNIFF_BYTES, type TranscriptFormat } from "./detect-format";
import { createTranscriptParser, finishTranscript } from "./parse-transcript";
import { MAX_TRANSCRIPT_BYTES, TranscriptTooLargeError, UnsupportedTranscriptError } from "./transcript-errors";
import { createUtf16Transcoder, detectUtf16Bom } from "./utf16";

interface ParsedTranscriptFile {
  format: TranscriptFormat;
  transcript: Transcript;
}

/** Detects the format from the first 4 KB, then parses line by line; throws UnsupportedTranscriptError. */
export async function parseTranscriptStream(stream: ReadableStream<Uint8Array>): Promise<ParsedTranscriptFile> {
  const reader = stream.getReader();
  let received = 0;
  const read = async (): Promise<Uint8Array | null> => {
    const { done, value } = await reader.read();
    if (done) return null;
    received += value.length;
    if (received > MAX_TRANSCRIPT_BYTES) throw new TranscriptTooLargeError();
    return value;
  };
  try {
    const head: Uint8Array[] = [];
    let headLength = 0;
    while (headLength < TRANSCRIPT_SNIFF_BYTES) {
      const chunk = await read();
      if (!chunk) break;
      head.push(chunk);
      headLength += chunk.length;
    }
    // UTF-16 files become UTF-8 chunk by chunk; the size limit still counts the bytes as uploaded.
    const encoding = detectUtf16Bom(Buffer.concat(head));
    const transcoder = encoding ? createUtf16Transcoder(encoding) : null;
    const toUtf8 = (chunk: Uint8Array) => (transcoder ? transcoder.push(chunk) : chunk);
    const first = toUtf8(Buffer.concat(head));
    const format = detectTranscriptFormat(first);
    if (!format) throw new UnsupportedTranscriptError("not a text transcript (.vtt, .srt or .txt)");
    const parser = createTranscriptParser(format);
    const decoder = createLineDecoder(parser.pushLine);
    decoder.push(first);
    for (let chunk = await read(); chunk; chunk = await read()) decoder.push(toUtf8(chunk));
    if (transcoder) decoder.push(transcoder.end());
    decoder.end();
    return { format, transcript: finishTranscript(parser.finish(), format) };
  } finally {
    reader.cancel().catch(() => {});
  }
}

/** Reads a stored transcript file incrementally. */
export async function readTranscriptFromFile(path: string): Promise<Transcript> {
  const file = Bun.file(path);
  if (file.size > MAX_TRANSCRIPT_BYTES) throw new TranscriptTooLargeError();
  return (await parseTranscriptStream(file.stream())).transcript;
}
