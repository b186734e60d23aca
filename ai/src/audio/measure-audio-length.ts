// The real length of a recording: what its audio decodes to, never what its container or packet timestamps say.
// An MP3 with a short high-bitrate head and hours of low-bitrate tail makes ffprobe guess a tenth of its length, and
// timestamps rewritten with `-c copy -bsf:a setts=ts=TS/100:duration=DURATION/100` make ten hours look like six
// minutes to anything that reads them (packet durations included). Counting stops just past the limit, so an
// over-long file costs at most the limit's worth of decoding.

import { FORMAT_WHITELIST, PROTOCOL_WHITELIST, spawnTool, summariseStderr, toFileUrl } from "./run-process";
import { quietFfmpeg } from "./tool-paths";

export interface MeasureOptions {
  /** Counting stops one second past this; the answer then says `overLimit`. */
  maxSeconds: number;
  signal?: AbortSignal;
  /**
   * Past this the decoder is killed and MeasureTimeoutError thrown. Default: generous, it only catches a hung ffmpeg
   * (a job's step). An upload request passes less: it must answer inside the server's idle timeout.
   */
  timeoutMs?: number;
}

export interface MeasuredLength {
  seconds: number;
  overLimit: boolean;
}

/** The decoder ran out of time: the file is not known to be bad, the server is slow or the codec is costly. */
export class MeasureTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`Measuring the recording took longer than ${Math.round(timeoutMs / 1000)} s and was stopped`);
  }
}

/** Decoding runs far faster than real time (8 h of 32 kbps MP3 in ~20 s, of 64 kbps Opus in ~80 s on one core). */
const defaultDeadlineMs = (maxSeconds: number) => 60_000 + maxSeconds * 50;

/**
 * Samples per second of the counting output: 8-bit mono at 500 Hz, 500 bytes a second of audio (2 ms precision). At
 * 4 kHz the server read 6.5 MB through the pipe for a 27-minute recording while ffmpeg, with its own 52 MB of RSS, ran
 * (issue 37: a 300 MB upload grew the server with its children by 54-72 MB).
 */
const COUNT_RATE = 500;

/**
 * The decode that counts: every sample of the first audio stream at COUNT_RATE, 8-bit mono, to stdout (exported for
 * its test: how many pieces the server reads per recording).
 */
export function countingDecodeCommand(path: string): string[] {
  return [
    ...quietFfmpeg("fatal"),
    ...PROTOCOL_WHITELIST,
    ...FORMAT_WHITELIST,
    ...["-i", toFileUrl(path), "-map", "0:a:0", "-vn", "-ac", "1", "-ar", String(COUNT_RATE)],
    // Written in blocks of the output buffer (32 KB), not a write per decoded frame: a 27-minute WAV made 76,780
    // writes of ~10 bytes, each a chunk object in the server, ~9 MB of garbage a second while ffmpeg ran.
    ...["-flush_packets", "0", "-f", "u8", "-"],
  ];
}

/**
 * Every sample of the first audio stream decoded and resampled to a fixed rate, the bytes counted here as they
 * stream by (memory stays one pipe buffer): timestamps play no part. A filter's sample counter would restart at each
 * change of format in the stream, which a crafted file can repeat. A file that decodes to nothing is refused.
 */
export async function measureAudioLength(path: string, options: MeasureOptions): Promise<MeasuredLength> {
  options.signal?.throwIfAborted();
  const cmd = countingDecodeCommand(path);
  const proc = spawnTool(cmd);
  const stopAtBytes = (options.maxSeconds + 1) * COUNT_RATE;
  const timeoutMs = options.timeoutMs ?? defaultDeadlineMs(options.maxSeconds);
  let timedOut = false;
  const kill = () => proc.kill("SIGKILL");
  const timer = setTimeout(() => {
    timedOut = true;
    kill();
  }, timeoutMs);
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
    if (timedOut) throw new MeasureTimeoutError(timeoutMs);
    if (exitCode !== 0) throw new Error(`Measuring the recording failed: ${summariseStderr(await stderr)}`);
    if (bytes === 0) throw new Error("Measuring the recording failed: no audio could be decoded");
    return { seconds: bytes / COUNT_RATE, overLimit: false };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", kill);
  }
}
