export { isTranscriptText } from "./detect-format";
export {
  buildTranscript,
  createTranscriptParser,
  decodeText,
  detectTranscriptFormat,
  MAX_TRANSCRIPT_BYTES,
  parseTranscript,
  readTranscriptFile,
  type TranscriptFormat,
  TranscriptTooLargeError,
  UnsupportedTranscriptError,
} from "./parse-transcript";
export { parseTranscriptStream, readTranscriptFromFile } from "./read-transcript-stream";
export { TRANSCRIPT_TOO_LARGE_MESSAGE } from "./transcript-errors";
export { detectUtf16Bom } from "./utf16";
