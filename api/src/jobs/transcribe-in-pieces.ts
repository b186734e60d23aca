import { existsSync } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Transcript, TranscriptSegment } from "@cm/ai";
import { decodeToSpeechWav, pieceEnd, readSpeechWav, writeSpeechWavPiece } from "@cm/ai/audio";
import { buildTranscript } from "@cm/ai/transcript";
import type { Sql } from "@cm/db";
import { findMeetingForProcessing } from "@cm/db/queries/meetings";
import {
  deleteTranscriptPieces,
  nextTranscriptPiece,
  readTranscriptPieces,
  saveTranscriptPiece,
} from "@cm/db/queries/transcript-pieces";
import type { WorkerContext } from "../context";
import { processingRoot } from "../storage/processing-temp";
import type { JobRun } from "./job-definition";

/** Seconds of audio per step when the configuration says none: see ProcessingConfig.audioStepSeconds. */
export function audioStepSeconds(ctx: WorkerContext): number {
  return ctx.config.processing.audioStepSeconds ?? (ctx.ai.engines.speech?.draft === false ? 120 : 30);
}

/** The meeting's decoded recording lives beside the job's own temporary folder, kept while the job makes way. */
export const meetingAudioDir = (dataDir: string, meetingId: number) =>
  join(processingRoot(dataDir), `meeting-${meetingId}`);

/**
 * Transcribes a recording a piece at a time, each piece a step: the recording is decoded once into WAV (a step of its
 * own), then each piece of about audioStepSeconds (cut at a pause) is transcribed and stored, and the job checkpoints,
 * so a job that makes way for another account (or whose worker died) resumes at the first piece not stored. The
 * stored pieces, joined, are the transcript; the caller stores it and then calls finishPieces.
 */
export async function transcribeInPieces(
  ctx: WorkerContext,
  meeting: { id: number; audioPath: string; clientName: string },
  seconds: number,
  run: Pick<JobRun, "signal" | "heartbeat" | "limitStep" | "checkpoint">,
): Promise<Transcript> {
  const dir = meetingAudioDir(ctx.config.dataDir, meeting.id);
  const wavPath = join(dir, "speech.wav");
  const { transcribeBaseMs, transcribeMsPerAudioSecond, textMs } = ctx.config.processing.stepLimits;
  if (!existsSync(wavPath)) {
    await mkdir(dir, { recursive: true });
    run.limitStep("Preparing the recording", textMs);
    const maxSeconds = Math.ceil(seconds) + 1;
    // From the stored file itself, or a copy fetched from the bucket into this folder for the decoding.
    await ctx.storage.withLocalCopy(meeting.audioPath, dir, (source) =>
      decodeToSpeechWav(source, wavPath, { maxSeconds, timeoutMs: 120_000 + maxSeconds * 100, signal: run.signal }),
    );
    await run.checkpoint();
  }
  const wav = await readSpeechWav(wavPath);
  const step = audioStepSeconds(ctx);
  let next = await nextTranscriptPiece(ctx.db.sql, meeting.id);
  while (next.start < wav.durationSeconds - 0.05) {
    const end = await pieceEnd(wav, next.start, step);
    run.limitStep("Transcription", transcribeBaseMs + transcribeMsPerAudioSecond * (end - next.start));
    const piecePath = join(dir, `piece-${next.piece}.wav`);
    await writeSpeechWavPiece(wav, next.start, end, piecePath);
    const made = await ctx.ai
      .transcribeAudio(
        { path: piecePath, format: "wav" },
        {
          signal: run.signal,
          onProgress: () => void run.heartbeat().catch(() => {}),
          // The client's name is what speech models most often misspell.
          glossary: [meeting.clientName],
          tempDir: dir,
        },
      )
      .finally(() => rm(piecePath, { force: true }));
    const segments = made.segments.map((segment) => onTimeline(segment, next.start));
    await saveTranscriptPiece(ctx.db.sql, meeting.id, {
      piece: next.piece,
      startSeconds: next.start,
      endSeconds: end,
      segments,
    });
    next = { piece: next.piece + 1, start: end };
    await run.checkpoint();
  }
  const pieces = await readTranscriptPieces(ctx.db.sql, meeting.id);
  const segments: TranscriptSegment[] = [];
  for (const piece of pieces) for (const segment of piece.segments) segments.push(segment as TranscriptSegment);
  return { ...buildTranscript(segments), durationSeconds: Math.round(wav.durationSeconds * 1000) / 1000 };
}

/** A piece's segment with its times moved from the piece's start to the recording's. */
function onTimeline(segment: TranscriptSegment, offset: number): TranscriptSegment {
  const shift = (time: number | null) => (time === null ? null : Math.round((time + offset) * 1000) / 1000);
  return { ...segment, start: shift(segment.start), end: shift(segment.end) };
}

/** After the transcript is stored (or the job ended for good): its pieces and the decoded recording go. */
export async function finishPieces(ctx: WorkerContext, meetingId: number): Promise<void> {
  await deleteTranscriptPieces(ctx.db.sql, meetingId);
  await removeMeetingAudio(ctx, meetingId);
}

/** The decoded recording, when the job ends without finishing (its stored pieces stay for a Retry). */
export async function removeMeetingAudio(ctx: WorkerContext, meetingId: number): Promise<void> {
  await rm(meetingAudioDir(ctx.config.dataDir, meetingId), { recursive: true, force: true });
}

/**
 * After a run that failed: the decoded recording goes when the job was stopped from outside (cancelled, past a
 * limit) or its meeting is certainly gone. A meeting deleted between two pieces fails the piece's insert before the
 * lease keeper notices the job gone, so the signal alone does not say it. A database error says nothing: the files
 * stay for a Retry (and the sweep).
 */
export async function removeAudioAfterFailure(
  where: { sql: Sql; dataDir: string },
  meetingId: number,
  stopped: boolean,
): Promise<void> {
  let gone = stopped;
  if (!gone) {
    try {
      gone = (await findMeetingForProcessing(where.sql, meetingId)) === undefined;
    } catch {
      gone = false;
    }
  }
  if (gone) await rm(meetingAudioDir(where.dataDir, meetingId), { recursive: true, force: true });
}
