export { isTranscriptText } from "./detect-format";
export { buildTranscript, parseTranscript, readTranscriptFile } from "./parse-transcript";
export { readTranscriptFromFile } from "./read-transcript-stream";
export { MAX_TRANSCRIPT_BYTES, TRANSCRIPT_TOO_LARGE_MESSAGE, UnsupportedTranscriptError } from "./transcript-errors";
export { detectUtf16Bom } from "./utf16";
