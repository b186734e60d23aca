// Speech to text through the OpenAI audio endpoint: prepare pieces, transcribe them in parallel
// with retries, then stitch them back onto one timeline.

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type OpenAI from "openai";
import { type PrepareAudioOptions, prepareAudioPieces } from "../audio/prepare-audio-pieces";
import type { AudioInput, TranscribeOptions, Transcript } from "../types";
import { type PieceTranscription, stitchTranscript } from "./stitch-transcript";
import { mapConcurrently, type RetryOptions, withRetries } from "./with-retries";

export interface TranscribeSettings {
  client: OpenAI;
  model: string;
  concurrency: number;
  retry: RetryOptions;
  /** Piece limits (bytes, seconds, overlap); defaults fit OpenAI's 25 MB upload limit. */
  audio?: Omit<PrepareAudioOptions, "signal">;
  /** Parent directory for the temporary pieces (default: the OS temp directory). */
  tempDir?: string;
}

export async function transcribeAudioFile(
  audio: AudioInput,
  settings: TranscribeSettings,
  options: TranscribeOptions = {},
): Promise<Transcript> {
  // Siblings stop uploading as soon as one piece fails for good (or the caller aborts).
  const controller = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;
  const workDir = await mkdtemp(join(settings.tempDir ?? tmpdir(), "cm-transcribe-"));
  try {
    const prepared = await prepareAudioPieces(audio.path, { ...settings.audio, signal }, workDir);
    const total = prepared.pieces.length;
    let done = 0;
    options.onProgress?.(0, total);
    const transcribed = await mapConcurrently(prepared.pieces, settings.concurrency, async (piece) => {
      try {
        const result = await withRetries(() => requestTranscription(settings, piece.path, signal), {
          ...settings.retry,
          signal,
        });
        done++;
        options.onProgress?.(done, total);
        return { ...result, offsetSeconds: piece.offsetSeconds, durationSeconds: piece.durationSeconds };
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

async function requestTranscription(
  settings: TranscribeSettings,
  path: string,
  signal: AbortSignal,
): Promise<Pick<PieceTranscription, "segments" | "text">> {
  const file = Bun.file(path);
  // A fresh File per attempt: a body stream cannot be re-sent after a failed try.
  const upload = new File([await file.arrayBuffer()], path.split("/").pop() ?? "audio.mp3", { type: "audio/mpeg" });
  const response = await settings.client.audio.transcriptions.create(
    { file: upload, model: settings.model, response_format: "verbose_json" },
    { signal },
  );
  const segments = (response.segments ?? []).map((segment) => ({
    start: segment.start,
    end: segment.end,
    text: segment.text,
  }));
  return { segments, text: response.text ?? "" };
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
