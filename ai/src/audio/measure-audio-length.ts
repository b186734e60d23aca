// The real length of a recording, counted from its audio rather than read from the container's estimate: an MP3
// with a short high-bitrate head and hours of low-bitrate tail (no Xing header) makes ffprobe guess a tenth of its
// length. Counting stops just past the limit, so an over-long file costs at most the limit's worth of reading.

import { FORMAT_WHITELIST, PROTOCOL_WHITELIST, runProcess, spawnTool, summariseStderr, toFileUrl } from "./run-process";
import { resolveFfmpegPath } from "./tool-paths";

export interface MeasureOptions {
  /** Counting stops one second past this; the answer then says `overLimit`. */
  maxSeconds: number;
  /**
   * "packets": sums the audio packets' durations without decoding (I/O bound: 9 h of 32 kbps MP3 in ~3 s, fit for
   * the upload request). "decode": decodes every sample and counts them, whatever the timestamps say (8 h of 32 kbps
   * MP3 in ~20-40 s on a loaded core: the job's first step).
   */
  method: "packets" | "decode";
  signal?: AbortSignal;
}

export interface MeasuredLength {
  seconds: number;
  overLimit: boolean;
}

/** Decoding runs far faster than real time; the deadline only catches a hung ffmpeg. */
const deadlineMs = (maxSeconds: number) => 60_000 + maxSeconds * 50;

export async function measureAudioLength(path: string, options: MeasureOptions): Promise<MeasuredLength> {
  return options.method === "packets" ? countPackets(path, options) : countSamples(path, options);
}

const inputArgs = (path: string) => [
  resolveFfmpegPath(),
  "-nostdin",
  "-hide_banner",
  "-nostats",
  "-loglevel",
  "fatal",
  ...PROTOCOL_WHITELIST,
  ...FORMAT_WHITELIST,
  "-i",
  toFileUrl(path),
  "-map",
  "0:a:0",
  "-vn",
];

/** Packet durations, summed by ffmpeg as it copies them to nowhere; it stops one second past the limit. */
async function countPackets(path: string, options: MeasureOptions): Promise<MeasuredLength> {
  const cmd = [
    ...inputArgs(path),
    "-c",
    "copy",
    "-t",
    String(options.maxSeconds + 1),
    "-f",
    "null",
    "-progress",
    "pipe:1",
    "-",
  ];
  const result = await runProcess(cmd, { timeoutMs: deadlineMs(options.maxSeconds), signal: options.signal });
  if (result.exitCode !== 0) throw new Error(`Measuring the recording failed: ${summariseStderr(result.stderr)}`);
  const seconds = lastOutTime(result.stdout);
  if (seconds === undefined) throw new Error("Measuring the recording failed: ffmpeg reported no length");
  return { seconds, overLimit: seconds > options.maxSeconds };
}

/** Samples per second of the counting output: 8-bit mono at 4 kHz, 4,000 bytes a second of audio. */
const COUNT_RATE = 4000;

/**
 * Every sample decoded and resampled to a fixed rate, the bytes counted here: timestamps play no part (a filter's
 * sample counter would restart at each change of format in the stream, which a crafted file can repeat).
 */
async function countSamples(path: string, options: MeasureOptions): Promise<MeasuredLength> {
  options.signal?.throwIfAborted();
  const cmd = [...inputArgs(path), "-ac", "1", "-ar", String(COUNT_RATE), "-f", "u8", "-"];
  const proc = spawnTool(cmd);
  const stopAtBytes = (options.maxSeconds + 1) * COUNT_RATE;
  const kill = () => proc.kill("SIGKILL");
  const timer = setTimeout(kill, deadlineMs(options.maxSeconds));
  options.signal?.addEventListener("abort", kill, { once: true });
  let bytes = 0;
  try {
    const stderr = new Response(proc.stderr).text();
    for await (const chunk of proc.stdout) {
      bytes += chunk.length;
      if (bytes > stopAtBytes) {
        kill();
        break;
      }
    }
    const exitCode = await proc.exited;
    options.signal?.throwIfAborted();
    if (bytes > stopAtBytes) return { seconds: options.maxSeconds + 1, overLimit: true };
    if (exitCode !== 0) throw new Error(`Measuring the recording failed: ${summariseStderr(await stderr)}`);
    if (bytes === 0) throw new Error("Measuring the recording failed: no audio could be decoded");
    return { seconds: bytes / COUNT_RATE, overLimit: false };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", kill);
  }
}

/** ffmpeg's progress output repeats "out_time_us=N" blocks; the last one is where it stopped. */
function lastOutTime(progress: string): number | undefined {
  let found: number | undefined;
  for (const line of progress.split("\n")) {
    if (!line.startsWith("out_time_us=")) continue;
    const micros = Number(line.slice("out_time_us=".length));
    if (Number.isFinite(micros) && micros >= 0) found = micros / 1_000_000;
  }
  return found;
}
