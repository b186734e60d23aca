// Converts an upload to small mono speech audio and, when too long for one request, cuts it into pieces.

import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { parseSilences, planPieces } from "./plan-pieces";
import { probeAudio } from "./probe-audio";
import { assertRecordingLength } from "./recording-limits";
import { FORMAT_WHITELIST, PROTOCOL_WHITELIST, runProcess, summariseStderr, toFileUrl } from "./run-process";
import { quietFfmpeg } from "./tool-paths";

export interface PrepareAudioOptions {
  /** Upload limit of the speech service (OpenAI: 25 MB). */
  maxBytes?: number;
  maxSeconds?: number;
  overlapSeconds?: number;
  signal?: AbortSignal;
}

export interface AudioPiece {
  path: string;
  /** Where the piece starts in the original recording. */
  offsetSeconds: number;
  durationSeconds: number;
}

export interface PreparedAudio {
  pieces: AudioPiece[];
  durationSeconds: number;
}

export const DEFAULT_MAX_BYTES = 24 * 1024 * 1024;
export const DEFAULT_MAX_SECONDS = 20 * 60;
export const DEFAULT_OVERLAP_SECONDS = 3;

/** 32 kbit/s MP3 at 16 kHz mono: plenty for speech recognition, and every Whisper server reads MP3. */
const BITRATE_BITS = 32_000;
const BYTES_PER_SECOND = BITRATE_BITS / 8;

export async function prepareAudioPieces(
  path: string,
  options: PrepareAudioOptions,
  workDir: string,
): Promise<PreparedAudio> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const overlapSeconds = options.overlapSeconds ?? DEFAULT_OVERLAP_SECONDS;
  // 10% headroom for container overhead and bitrate wobble.
  const secondsByBytes = Math.floor((maxBytes * 0.9) / BYTES_PER_SECOND);
  const maxSeconds = Math.min(options.maxSeconds ?? DEFAULT_MAX_SECONDS, secondsByBytes);
  if (maxSeconds <= 0) throw new Error("maxBytes is too small to hold any audio");

  const probe = await probeAudio(path, options.signal);
  if (!probe.isAudio) throw new Error("The file is not a readable audio recording (unsupported or damaged format)");
  assertRecordingLength(probe.durationSeconds);

  await mkdir(workDir, { recursive: true });
  const convertedPath = join(workDir, "converted.mp3");
  const { silencesLog } = await convertToSpeechAudio(path, convertedPath, probe.durationSeconds ?? 0, options.signal);
  const converted = await probeAudio(convertedPath, options.signal);
  const durationSeconds = converted.durationSeconds ?? probe.durationSeconds ?? 0;

  if (durationSeconds <= maxSeconds) {
    return { pieces: [{ path: convertedPath, offsetSeconds: 0, durationSeconds }], durationSeconds };
  }
  const plan = planPieces(durationSeconds, parseSilences(silencesLog, durationSeconds), maxSeconds, overlapSeconds);
  const pieces: AudioPiece[] = [];
  for (const [index, planned] of plan.entries()) {
    const piecePath = join(workDir, `piece-${String(index).padStart(3, "0")}.mp3`);
    await cutPiece(convertedPath, piecePath, planned.start, planned.end - planned.start, options.signal);
    pieces.push({ path: piecePath, offsetSeconds: planned.start, durationSeconds: planned.end - planned.start });
  }
  return { pieces, durationSeconds };
}

/** ffmpeg without prompts or progress output, overwriting its output, reading only local files. */
function ffmpegStart(loglevel: "info" | "error"): string[] {
  return [...quietFfmpeg(loglevel), "-y", ...PROTOCOL_WHITELIST];
}

/** One decode pass does both the conversion and the silence detection. */
async function convertToSpeechAudio(
  inputPath: string,
  outputPath: string,
  expectedSeconds: number,
  signal?: AbortSignal,
): Promise<{ silencesLog: string }> {
  const cmd = [
    ...ffmpegStart("info"),
    ...FORMAT_WHITELIST,
    ...["-i", toFileUrl(inputPath), "-map", "0:a:0", "-vn", "-af", "silencedetect=noise=-35dB:duration=0.4"],
    ...["-ac", "1", "-ar", "16000", "-c:a", "libmp3lame", "-b:a", "32k", toFileUrl(outputPath)],
  ];
  // ffmpeg decodes speech audio far faster than real time; the deadline only catches hangs.
  const result = await runProcess(cmd, { timeoutMs: 120_000 + expectedSeconds * 200, signal });
  if (result.exitCode !== 0) throw new Error(`Audio conversion failed: ${summariseStderr(result.stderr)}`);
  return { silencesLog: result.stderr };
}

async function cutPiece(
  inputPath: string,
  outputPath: string,
  startSeconds: number,
  durationSeconds: number,
  signal?: AbortSignal,
): Promise<void> {
  const cmd = [
    ...ffmpegStart("error"),
    ...["-ss", startSeconds.toFixed(3), "-t", durationSeconds.toFixed(3), "-i", toFileUrl(inputPath)],
    // MP3 frames are independent enough to copy: fast, and offsets stay within one frame (36 ms).
    ...["-c", "copy", toFileUrl(outputPath)],
  ];
  const result = await runProcess(cmd, { timeoutMs: 60_000 + durationSeconds * 50, signal });
  if (result.exitCode !== 0) throw new Error(`Cutting the audio failed: ${summariseStderr(result.stderr)}`);
}
