// Errors a transcript file can end in. Both are the uploader's problem, so jobs treat them as permanent.

/** Transcript files are text: at most 10 MB. A three-hour meeting is about 200 KB of text. */
export const MAX_TRANSCRIPT_BYTES = 10 * 1024 * 1024;

export class UnsupportedTranscriptError extends Error {
  constructor(detail: string) {
    super(`unsupported file format: ${detail}`);
  }
}

export const TRANSCRIPT_TOO_LARGE_MESSAGE =
  "Transcript file too large: transcript files (.vtt, .srt, .txt) can be at most 10 MB. " +
  "A three-hour meeting is about 200 KB of text.";

export class TranscriptTooLargeError extends UnsupportedTranscriptError {
  constructor() {
    super("transcript too large");
    this.message = TRANSCRIPT_TOO_LARGE_MESSAGE;
  }
}
