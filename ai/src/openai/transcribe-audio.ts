// Speech to text through the OpenAI audio endpoint: prepare pieces sized for the model, transcribe them in
// parallel with retries in the model's own request shape, then stitch them back onto one timeline.

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import type OpenAI from "openai";
import type { TranscriptionCreateParamsNonStreaming } from "openai/resources/audio/transcriptions";
import { type AudioPiece, type PrepareAudioOptions, prepareAudioPieces } from "../audio/prepare-audio-pieces";
import type { AudioInput, TranscribeOptions, Transcript } from "../types";
import { buildGlossaryPrompt } from "./glossary-prompt";
import type { PieceTranscription } from "./piece-words";
import { type ReadTranscription, readTranscription } from "./read-transcription";
import { plainJsonProfile, type SpeechModelProfile, speechModelProfile } from "./speech-models";
import { round, stitchTranscript } from "./stitch-transcript";
import { mapConcurrently, type RetryOptions, withRetries } from "./with-retries";

export interface TranscribeSettings {
  client: OpenAI;
  model: string;
  concurrency: number;
  retry: RetryOptions;
  /** Piece limits (bytes, seconds, overlap); defaults fit OpenAI's 25 MB upload limit and the model's own limits. */
  audio?: Omit<PrepareAudioOptions, "signal">;
  /** Parent directory for the temporary pieces (default: the OS temp directory). */
  tempDir?: string;
  /** Spoken language of the recordings as an ISO-639-1 code (SPEECH_LANGUAGE); unset: the model detects it. */
  language?: string;
  /** Output tokens per answer, when a server caps them differently from the model's documented cap. */
  outputTokenCap?: number;
}

/** Engines whose server refused the model's response_format: they send plain json from then on. */
const plainJsonOnly = new WeakSet<TranscribeSettings>();

/** A piece cut short by the output cap is halved at most this often (10 min -> 2.5 min pieces). */
const MAX_SPLITS = 2;

interface PieceContext {
  settings: TranscribeSettings;
  profile: SpeechModelProfile;
  overlapSeconds: number;
  language: string | undefined;
  prompt: string | undefined;
  signal: AbortSignal;
}

export async function transcribeAudioFile(
  audio: AudioInput,
  settings: TranscribeSettings,
  options: TranscribeOptions = {},
): Promise<Transcript> {
  const profile = speechModelProfile(settings.model);
  // Siblings stop uploading as soon as one piece fails for good (or the caller aborts).
  const controller = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;
  const context: PieceContext = {
    settings,
    profile,
    overlapSeconds: settings.audio?.overlapSeconds ?? profile.overlapSeconds,
    language: options.language || settings.language || undefined,
    prompt: buildGlossaryPrompt(options.glossary, profile.maxPromptChars),
    signal,
  };
  const workDir = await mkdtemp(join(options.tempDir ?? settings.tempDir ?? tmpdir(), "cm-transcribe-"));
  try {
    const maxSeconds = Math.min(profile.maxPieceSeconds, settings.audio?.maxSeconds ?? Number.POSITIVE_INFINITY);
    const prepared = await cutAudio(context, audio.path, maxSeconds, workDir);
    const total = prepared.pieces.length;
    let done = 0;
    options.onProgress?.(0, total);
    const transcribed = await mapConcurrently(prepared.pieces, settings.concurrency, async (piece) => {
      try {
        const result = await transcribePiece(context, piece, 0);
        done++;
        options.onProgress?.(done, total);
        return result;
      } catch (error) {
        controller.abort(error);
        throw error;
      }
    });
    return stitchTranscript(transcribed, round(prepared.durationSeconds));
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

async function transcribePiece(context: PieceContext, piece: AudioPiece, splits: number): Promise<PieceTranscription> {
  const { settings, profile, signal, overlapSeconds } = context;
  const result = await withRetries(() => requestTranscription(context, piece.path), { ...settings.retry, signal });
  const place = { offsetSeconds: piece.offsetSeconds, durationSeconds: piece.durationSeconds };
  const cap = settings.outputTokenCap ?? profile.outputTokenCap;
  const cutShort = cap !== null && result.outputTokens !== null && result.outputTokens >= cap;
  if (!cutShort || splits >= MAX_SPLITS || piece.durationSeconds <= 2 * overlapSeconds + 2) {
    return { ...place, segments: result.segments, text: result.text, words: result.words };
  }
  // The answer hit the output cap, so the end of the piece is missing: send it again as two halves.
  const halvesDir = join(dirname(piece.path), `${basename(piece.path, ".mp3")}-halves`);
  const halves = await cutAudio(context, piece.path, Math.ceil(piece.durationSeconds / 2 + overlapSeconds), halvesDir);
  const parts: PieceTranscription[] = [];
  for (const half of halves.pieces) parts.push(await transcribePiece(context, half, splits + 1));
  const joined = stitchTranscript(parts, piece.durationSeconds);
  return { ...place, segments: [], text: joined.segments.map((s) => s.text).join(" ") };
}

/** The audio at `path` in pieces of at most `maxSeconds` (overlapping as the context says), written to `dir`. */
function cutAudio(context: PieceContext, path: string, maxSeconds: number, dir: string) {
  const { settings, overlapSeconds, signal } = context;
  return prepareAudioPieces(path, { ...settings.audio, maxSeconds, overlapSeconds, signal }, dir);
}

async function requestTranscription(context: PieceContext, path: string): Promise<ReadTranscription> {
  const { settings, profile } = context;
  if (plainJsonOnly.has(settings)) return send(context, plainJsonProfile(profile), path);
  try {
    return await send(context, profile, path);
  } catch (error) {
    if (profile.responseFormat === "json" || !rejectsResponseFormat(error)) throw error;
    // A compatible server without this format (or a model unknown to us): plain json works everywhere.
    plainJsonOnly.add(settings);
    return send(context, plainJsonProfile(profile), path);
  }
}

async function send(context: PieceContext, shape: SpeechModelProfile, path: string): Promise<ReadTranscription> {
  const file = Bun.file(path);
  // A fresh File per attempt: a body stream cannot be re-sent after a failed try.
  const upload = new File([await file.arrayBuffer()], basename(path) || "audio.mp3", { type: "audio/mpeg" });
  const params: TranscriptionCreateParamsNonStreaming = {
    file: upload,
    model: context.settings.model,
    response_format: shape.responseFormat,
    ...(shape.wordTimestamps ? { timestamp_granularities: ["segment", "word"] } : {}),
    ...(shape.chunkingAuto ? { chunking_strategy: "auto" } : {}),
    ...(context.language ? { language: context.language } : {}),
    ...(context.prompt && shape.maxPromptChars > 0 ? { prompt: context.prompt } : {}),
  };
  const response: unknown = await context.settings.client.audio.transcriptions.create(params, {
    signal: context.signal,
  });
  return readTranscription(response);
}

/** OpenAI answers 400 with param "response_format" ("... is not compatible with model ..."). */
function rejectsResponseFormat(error: unknown): boolean {
  const e = error as { status?: unknown; param?: unknown; message?: unknown } | null;
  if (e?.status !== 400) return false;
  return e.param === "response_format" || (typeof e.message === "string" && e.message.includes("response_format"));
}
