export { decodeText, detectTranscriptFormat, isTranscriptText, type TranscriptFormat } from "./detect-format";
export { buildTranscript, createTranscriptParser, parseTranscript, readTranscriptFile } from "./parse-transcript";
export { parseTranscriptStream, readTranscriptFromFile } from "./read-transcript-stream";
export {
  MAX_TRANSCRIPT_BYTES,
  TRANSCRIPT_TOO_LARGE_MESSAGE,
  TranscriptTooLargeError,
  UnsupportedTranscriptError,
} from "./transcript-errors";
export { detectUtf16Bom } from "./utf16";
