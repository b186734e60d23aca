// Chromium's fake microphone fed from real speech: flite speaks the sentences (ai/test-support/speak.ts), ffmpeg
// repeats them to the length asked for as 48 kHz mono 16-bit WAV (the rate Chromium captures at), and the browser is
// launched reading it as its only audio input. Chromium loops the file; a "%noloop" suffix on the path plays it once
// and then silence (checked by hand on Chromium 156: silence from the end of the file on).
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { speak } from "../../ai/test-support/speak";
import { findSystemTool } from "../../ai/test-support/system-tools";
import { launchBrowser } from "./browser";

export interface MicrophoneSpeech {
  path: string;
  /** Length of the file in seconds. */
  seconds: number;
}

/** The sentences spoken once, then repeated until the file lasts at least `minSeconds`. */
export async function makeMicrophoneSpeech(
  dir: string,
  sentences: string[],
  minSeconds: number,
): Promise<MicrophoneSpeech> {
  const once = join(dir, "speech-once.wav");
  await speak(once, sentences);
  const path = join(dir, "microphone.wav");
  const ffmpeg = findSystemTool("ffmpeg") ?? "ffmpeg";
  const onceSeconds = await wavSeconds(once);
  const repeats = Math.max(0, Math.ceil(minSeconds / onceSeconds) - 1);
  await run([
    ffmpeg,
    "-nostdin",
    "-loglevel",
    "error",
    "-y",
    "-stream_loop",
    String(repeats),
    "-i",
    once,
    "-ar",
    "48000",
    "-ac",
    "1",
    "-c:a",
    "pcm_s16le",
    path,
  ]);
  return { path, seconds: await wavSeconds(path) };
}

/** Chromium switches for a microphone that plays `wavPath` (and a camera that shows a test pattern). */
export function fakeMicrophoneArgs(wavPath: string, options: { loop?: boolean } = {}): string[] {
  const file = options.loop === false ? `${wavPath}%noloop` : wavPath;
  return [
    "--use-fake-ui-for-media-stream",
    "--use-fake-device-for-media-stream",
    `--use-file-for-fake-audio-capture=${file}`,
  ];
}

export function launchBrowserWithMicrophone(wavPath: string, options: { loop?: boolean } = {}): Promise<Browser> {
  return launchBrowser(fakeMicrophoneArgs(wavPath, options));
}

async function wavSeconds(path: string): Promise<number> {
  const ffprobe = findSystemTool("ffprobe") ?? "ffprobe";
  const out = await run([ffprobe, "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", path]);
  return Number(out.trim());
}

async function run(cmd: string[]): Promise<string> {
  const proc = Bun.spawn({ cmd, stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, exitCode] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  if (exitCode !== 0) throw new Error(`${cmd[0]} failed: ${stderr.slice(-500)}`);
  return stdout;
}
