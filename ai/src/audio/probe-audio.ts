// Probing with ffprobe: answers "is this playable audio?" without ever throwing on garbage input.

import type { RunProcessOptions } from "./run-process";
import { FORMAT_WHITELIST, MissingToolError, PROTOCOL_WHITELIST, runProcess, toFileUrl } from "./run-process";
import { resolveFfprobePath } from "./tool-paths";

export interface AudioProbe {
  isAudio: boolean;
  /** ffprobe's demuxer name, first alias only ("mov" for mp4/m4a). */
  format: string | null;
  durationSeconds: number | null;
  hasAudioStream: boolean;
}

const NOT_AUDIO: AudioProbe = { isAudio: false, format: null, durationSeconds: null, hasAudioStream: false };

interface FfprobeJson {
  format?: { format_name?: unknown; duration?: unknown };
  streams?: { codec_type?: unknown; duration?: unknown }[];
}

export interface ProbeOptions {
  /**
   * A file whose container has no duration (a browser's recording): false answers it is audio with the length
   * unknown, for a caller that decodes it next anyway (the upload check); default true, the length from its packets.
   */
  estimateLength?: boolean;
}

export async function probeAudio(path: string, signal?: AbortSignal, options: ProbeOptions = {}): Promise<AudioProbe> {
  const formatAndStreams = ["-print_format", "json", "-show_format", "-show_streams"];
  const stdout = await runFfprobe(path, formatAndStreams, { timeoutMs: 30_000, signal });
  if (stdout === null) return NOT_AUDIO;
  const probe = parseProbeJson(stdout);
  if (probe.durationSeconds !== null || !probe.hasAudioStream || probe.format === null) return probe;
  if (options.estimateLength === false) return { ...probe, isAudio: true };
  return withPacketLength(path, probe, signal);
}

/** ffprobe's output with `args` for the file, or null when it fails on it. */
async function runFfprobe(path: string, args: string[], options: RunProcessOptions): Promise<string | null> {
  const cmd = [
    ...[resolveFfprobePath(), "-v", "error", ...PROTOCOL_WHITELIST, ...FORMAT_WHITELIST],
    ...[...args, "-i", toFileUrl(path)],
  ];
  try {
    const result = await runProcess(cmd, options);
    return result.exitCode === 0 ? result.stdout : null;
  } catch (error) {
    // An abort or a missing ffprobe must propagate; anything else means the file is not what was asked for.
    if (options.signal?.aborted || error instanceof MissingToolError) throw error;
    return null;
  }
}

/**
 * A browser's MediaRecorder writes WebM without a duration (it streams; nothing goes back to fill the header in), so
 * ffprobe finds the audio stream but no length. The length is then where the last audio packet ends, read from the
 * packets without decoding them (an hour of Opus in a few seconds, where decoding takes ~20 s). Like the container's
 * duration it is an estimate: the upload check decodes the audio for the real length (measure-audio-length.ts).
 */
async function withPacketLength(path: string, probe: AudioProbe, signal?: AbortSignal): Promise<AudioProbe> {
  const packets = ["-select_streams", "a:0", "-show_entries", "packet=pts_time,duration_time", "-of", "csv=p=0"];
  const stdout = await runFfprobe(path, packets, { timeoutMs: 120_000, signal });
  if (stdout === null) return probe;
  let end = 0;
  for (const line of stdout.split("\n")) {
    const [pts, duration] = line.split(",").map((value) => Number.parseFloat(value));
    if (pts !== undefined && Number.isFinite(pts))
      end = Math.max(end, pts + (Number.isFinite(duration) ? duration! : 0));
  }
  return end > 0 ? { ...probe, isAudio: true, durationSeconds: end } : probe;
}

function parseProbeJson(stdout: string): AudioProbe {
  let json: FfprobeJson;
  try {
    json = JSON.parse(stdout) as FfprobeJson;
  } catch {
    return NOT_AUDIO;
  }
  const streams = Array.isArray(json.streams) ? json.streams : [];
  const audioStreams = streams.filter((stream) => stream?.codec_type === "audio");
  const hasAudioStream = audioStreams.length > 0;
  const formatName = typeof json.format?.format_name === "string" ? json.format.format_name : null;
  const format = formatName?.split(",")[0] ?? null;
  const durationSeconds =
    parseSeconds(json.format?.duration) ??
    audioStreams.map((s) => parseSeconds(s.duration)).find((d) => d !== null) ??
    null;
  const isAudio = hasAudioStream && format !== null && durationSeconds !== null && durationSeconds > 0;
  return { isAudio, format, durationSeconds, hasAudioStream };
}

function parseSeconds(value: unknown): number | null {
  const seconds = typeof value === "string" ? Number.parseFloat(value) : typeof value === "number" ? value : Number.NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}
