// Probing with ffprobe: answers "is this playable audio?" without ever throwing on garbage input.

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

export async function probeAudio(path: string, signal?: AbortSignal): Promise<AudioProbe> {
  const cmd = [
    resolveFfprobePath(),
    "-v",
    "error",
    ...PROTOCOL_WHITELIST,
    ...FORMAT_WHITELIST,
    "-print_format",
    "json",
    "-show_format",
    "-show_streams",
    "-i",
    toFileUrl(path),
  ];
  let stdout: string;
  try {
    const result = await runProcess(cmd, { timeoutMs: 30_000, signal });
    if (result.exitCode !== 0) return NOT_AUDIO;
    stdout = result.stdout;
  } catch (error) {
    // An abort or a missing ffprobe must propagate; anything else means "not audio".
    if (signal?.aborted || error instanceof MissingToolError) throw error;
    return NOT_AUDIO;
  }
  return parseProbeJson(stdout);
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
