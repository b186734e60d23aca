// Shared shapes of the AI layer. Engines (local, openai) implement AiEngine.
// The stored summary is the one schema that crosses packages (db/src/queries/summary-schema.ts); ai reads its types
// here alone, as types: nothing of db runs inside ai.
import type {
  SummaryActionItem as StoredActionItem,
  SummaryNextMeeting as StoredNextMeeting,
  MeetingSummary as StoredSummary,
  SummaryFact,
  SummaryPoint,
  SummarySource,
} from "@cm/db/queries/summary-schema";

export type {
  StoredActionItem,
  StoredNextMeeting,
  StoredSummary,
  StoredSummary as GroundedSummary,
  SummaryFact,
  SummaryPoint,
  SummarySource,
};

export interface TranscriptSegment {
  /** Seconds from the start of the recording, when known. */
  start: number | null;
  end: number | null;
  speaker: string | null;
  text: string;
  /** The speech service was unsure of these words (low log-probability, or likely silence); absent when sure. */
  lowConfidence?: boolean;
}

export interface Transcript {
  segments: TranscriptSegment[];
  /** Plain text, one "Speaker: text" line per segment. */
  fullText: string;
  /** Length of the recording in seconds, when known. */
  durationSeconds: number | null;
}

// An engine writes a draft in the stored shape (db/src/queries/summary-schema.ts), except that its items carry no
// moment yet: key points and decisions may be plain strings, and an item may name the transcript segments it came
// from (`evidence`, indexes into transcript.segments). The grounding step (../grounding) turns the draft into the
// stored summary: every item gets its moment, and an item whose evidence is not in the transcript is dropped.

/** Segment indexes an item claims to come from; absent when the engine does not say (then grounding looks it up). */
export interface Evidence {
  evidence?: number[];
}

export type DraftPoint = string | ({ text: string } & Evidence);
export type ActionItem = StoredActionItem & Evidence;
export type NextMeeting = StoredNextMeeting & Evidence;

/** A fact of the record as an engine drafts it: its transcript segment (-1: none) instead of the stored moment. */
export type DraftFact = Omit<SummaryFact, "source"> & { segment: number };

export interface MeetingSummary {
  /** The record of facts the notes were written from (the local engine); absent when the engine keeps none. */
  facts?: DraftFact[];
  executiveSummary: string;
  keyPoints: DraftPoint[];
  /** Absent: the engine found none. */
  decisions?: DraftPoint[];
  actionItems: ActionItem[];
  nextMeeting: NextMeeting | null;
  /** Tasks below the fitted confidence (issue 38): shown apart as possible action items; absent when none. */
  possibleActionItems?: ActionItem[];
}

export interface SummariseInput {
  transcript: Transcript;
  title: string;
  clientName: string;
  meetingDate: Date;
}

export interface AudioInput {
  path: string;
  /** Container/codec name from probing, e.g. "mp3", "wav". */
  format?: string;
}

export interface TranscribeOptions {
  signal?: AbortSignal;
  /** Called now and then during long work so a job queue can extend its lease. */
  onProgress?: (done: number, total: number) => void;
  /** Names and terms to spell right (client, participants), most important first; sent as the speech prompt. */
  glossary?: string[];
  /** Spoken language as an ISO-639-1 code ("en"), when known; overrides the engine's configured one. */
  language?: string;
  /** Folder for the temporary audio (an existing one, owned by the caller); overrides the engine's own. */
  tempDir?: string;
}

export interface Embedder {
  /** Recorded on every chunk so a model change can trigger re-embedding. */
  model: string;
  dimensions: 1536;
  embed(texts: string[], signal?: AbortSignal, options?: EmbedOptions): Promise<number[][]>;
}

export interface EmbedOptions {
  /**
   * One attempt that must answer within this many milliseconds, no retries: a question embedded while an advisor
   * waits, whose caller falls back to full-text search. In-process embedders answer at once and ignore it.
   */
  deadlineMs?: number;
}

export interface AiEngine {
  name: "local" | "openai";
  /** False for the local engine: it has no speech model. */
  canTranscribe: boolean;
  transcribeAudio(audio: AudioInput, options?: TranscribeOptions): Promise<Transcript>;
  summarise(input: SummariseInput, signal?: AbortSignal): Promise<MeetingSummary>;
  embedder: Embedder;
}

/** Raised when audio arrives but no speech service is configured. Message contains "API key". */
export class SpeechServiceNotConfiguredError extends Error {
  constructor() {
    super(
      "Audio transcription needs a speech service: no API key is configured. Set OPENAI_API_KEY (and OPENAI_BASE_URL for a self-hosted Whisper server), or upload a transcript file (.vtt, .srt, .txt).",
    );
  }
}

/** The AI service failed after retries; the message is readable and keeps the words the web client matches on. */
export class AiServiceError extends Error {}

/** A failure worth retrying (rate limit, 5xx, timeout). */
export class RetryableAiError extends AiServiceError {}
