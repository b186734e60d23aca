export {
  buildTranscript,
  decodeText,
  detectTranscriptFormat,
  parseTranscript,
  readTranscriptFile,
  type TranscriptFormat,
  UnsupportedTranscriptError,
} from "./parse-transcript";
