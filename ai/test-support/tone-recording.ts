// Recordings made with ffmpeg for tests: a tone of a given length and bitrate, and the shape that fools ffprobe's
// length estimate (a short high-bitrate head, then a long low-bitrate tail, no Xing header).
import { writeFile } from "node:fs/promises";
import { resolveFfmpegPath } from "../src/audio/tool-paths";
import { describeMissingTool, findSystemTool } from "./system-tools";

/** The reason audio tests skip, or undefined when ffmpeg is installed. */
export const ffmpegMissing = (): string | undefined =>
  findSystemTool("ffmpeg") ? undefined : describeMissingTool("ffmpeg");

export interface ToneOptions {
  seconds: number;
  bitrateKbps: number;
  sampleRate: number;
  channels: 1 | 2;
}

/** An MP3 tone without a Xing header, so nothing in the file states its length. */
export async function makeTone(path: string, { seconds, bitrateKbps, sampleRate, channels }: ToneOptions) {
  const proc = Bun.spawn({
    cmd: [
      resolveFfmpegPath(),
      "-nostdin",
      "-loglevel",
      "error",
      "-y",
      "-f",
      "lavfi",
      "-i",
      `sine=frequency=330:sample_rate=${sampleRate}:duration=${seconds}`,
      "-ac",
      String(channels),
      "-c:a",
      "libmp3lame",
      "-b:a",
      `${bitrateKbps}k`,
      "-write_xing",
      "0",
      path,
    ],
    stdout: "ignore",
    stderr: "pipe",
  });
  if ((await proc.exited) !== 0) throw new Error(`ffmpeg failed: ${await new Response(proc.stderr).text()}`);
}

/**
 * `headSeconds` at 320 kbps stereo followed by `tailSeconds` at 32 kbps mono, byte for byte one MP3 stream: ffprobe
 * guesses the length from the head's bitrate, about a tenth of the truth.
 */
export async function makeBypassRecording(path: string, headSeconds: number, tailSeconds: number) {
  await makeTone(`${path}.head.mp3`, { seconds: headSeconds, bitrateKbps: 320, sampleRate: 44_100, channels: 2 });
  await makeTone(`${path}.tail.mp3`, { seconds: tailSeconds, bitrateKbps: 32, sampleRate: 16_000, channels: 1 });
  const head = new Uint8Array(await Bun.file(`${path}.head.mp3`).arrayBuffer());
  const tail = new Uint8Array(await Bun.file(`${path}.tail.mp3`).arrayBuffer());
  await writeFile(path, Buffer.concat([head, tail]));
}

/**
 * The same audio with every timestamp and duration divided by `factor`, packets copied (`-c copy -bsf:a setts`):
 * ffprobe, packet durations and anything else that reads timestamps see a recording `factor` times shorter.
 * Written as Matroska, which keeps the rewritten timestamps.
 */
export async function squeezeTimestamps(input: string, output: string, factor: number) {
  const proc = Bun.spawn({
    cmd: [
      resolveFfmpegPath(),
      "-nostdin",
      "-loglevel",
      "quiet",
      "-y",
      "-i",
      input,
      "-c",
      "copy",
      "-bsf:a",
      `setts=ts=TS/${factor}:duration=DURATION/${factor}`,
      "-f",
      "matroska",
      output,
    ],
    stdout: "ignore",
    stderr: "pipe",
  });
  if ((await proc.exited) !== 0) throw new Error(`ffmpeg failed: ${await new Response(proc.stderr).text()}`);
}
