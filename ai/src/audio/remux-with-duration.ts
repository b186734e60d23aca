// A browser's recording (MediaRecorder's WebM) is written as it streams: its header has no duration and it has no
// cues, so a player shows no total length and cannot seek ("Duration: N/A" in ffprobe). Copying its packets into a
// new WebM file (no re-encoding) lets the muxer, writing to a seekable file, fill in the duration and add cues.

import { open, rm, stat } from "node:fs/promises";
import { runProcess, toFileUrl } from "./run-process";
import { quietFfmpeg } from "./tool-paths";

/** Copying packets runs far faster than real time: an hour of Opus in about a second. */
const REMUX_TIMEOUT_MS = 60_000;

/**
 * Writes `input`'s streams unchanged into a WebM file at `output` with its duration and cues; answers its size in bytes,
 * or undefined when ffmpeg cannot (a codec WebM does not carry, a damaged file): the caller keeps the original then,
 * whose content check decides about it.
 */
export async function remuxWithDuration(input: string, output: string): Promise<number | undefined> {
  const cmd = [
    ...quietFfmpeg("error"),
    ...["-protocol_whitelist", "file", "-format_whitelist", "matroska,webm", "-i", toFileUrl(input)],
    ...["-map", "0", "-c", "copy", "-f", "webm", "-y", toFileUrl(output)],
  ];
  const result = await runProcess(cmd, { timeoutMs: REMUX_TIMEOUT_MS }).catch(() => undefined);
  const size = result?.exitCode === 0 ? (await stat(output).catch(() => undefined))?.size : undefined;
  if (!size) {
    await rm(output, { force: true });
    return undefined;
  }
  // Durable before it replaces the received file, as that file was.
  const handle = await open(output, "r+");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  return size;
}
