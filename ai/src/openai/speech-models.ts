// What each speech model accepts and how long a piece it can take. From OpenAI's API reference:
// - whisper-1: every response_format; verbose_json gives segments with no_speech_prob / avg_logprob and, with
//   timestamp_granularities, word times. Reads only the last 224 tokens of a prompt.
// - gpt-4o-transcribe, gpt-4o-mini-transcribe: response_format json only (text, no segments), at most 2,000 output
//   tokens per request, so pieces of about 10 minutes.
// - gpt-4o-transcribe-diarize: diarized_json for speaker labels, chunking_strategy required beyond 30 s, at most
//   1,400 s of audio per request, no prompt.
// Any other model (a self-hosted server): whisper-named models get whisper-1's shape, others plain json; whatever
// comes back is read for segments, speakers and confidence.

export type SpeechResponseFormat = "verbose_json" | "json" | "diarized_json";

export interface SpeechModelProfile {
  responseFormat: SpeechResponseFormat;
  /** Ask for word times too (verbose_json only): they place the cut between pieces precisely. */
  wordTimestamps: boolean;
  /** Send chunking_strategy "auto" (the diarizing model requires it). */
  chunkingAuto: boolean;
  /** Longest piece of audio per request. */
  maxPieceSeconds: number;
  /** Audio both neighbouring pieces get; longer for diarization, so speakers can be matched across pieces. */
  overlapSeconds: number;
  /** Characters of glossary prompt the model reads; 0: no prompt. */
  maxPromptChars: number;
  /** Output tokens per request; a piece whose answer reaches it was cut short and is sent again in halves. */
  outputTokenCap: number | null;
}

const WHISPER: SpeechModelProfile = {
  responseFormat: "verbose_json",
  wordTimestamps: true,
  chunkingAuto: false,
  maxPieceSeconds: 20 * 60,
  overlapSeconds: 3,
  // 224 tokens at roughly four characters a token, with room to spare.
  maxPromptChars: 800,
  outputTokenCap: null,
};

const GPT_4O_TRANSCRIBE: SpeechModelProfile = {
  responseFormat: "json",
  wordTimestamps: false,
  chunkingAuto: false,
  // 2,000 output tokens hold about 10 minutes of brisk speech.
  maxPieceSeconds: 10 * 60,
  // Text-only answers are joined by aligning their words: a few more seconds give more words to align.
  overlapSeconds: 5,
  maxPromptChars: 800,
  outputTokenCap: 2000,
};

const GPT_4O_DIARIZE: SpeechModelProfile = {
  responseFormat: "diarized_json",
  wordTimestamps: false,
  chunkingAuto: true,
  // Under the 1,400 s limit, with room for the MP3 frames a cut may add.
  maxPieceSeconds: 1380,
  overlapSeconds: 20,
  maxPromptChars: 0,
  outputTokenCap: null,
};

const UNKNOWN: SpeechModelProfile = { ...GPT_4O_TRANSCRIBE, outputTokenCap: null };

export function speechModelProfile(model: string): SpeechModelProfile {
  const name = model.toLowerCase();
  if (name.includes("diarize")) return GPT_4O_DIARIZE;
  if (name.includes("whisper")) return WHISPER;
  if (name.startsWith("gpt-") && name.includes("transcribe")) return GPT_4O_TRANSCRIBE;
  return UNKNOWN;
}

/** The shape to fall back on when a server rejects the profile's response_format: plain json, read as text. */
export function plainJsonProfile(profile: SpeechModelProfile): SpeechModelProfile {
  return { ...profile, responseFormat: "json", wordTimestamps: false, chunkingAuto: false };
}
