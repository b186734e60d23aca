// Builds test recordings with ffmpeg's lavfi sources: tones for "speech", anullsrc for silence.

import { findSystemTool } from "./system-tools";

export type AudioPart = { tone: number; hz?: number } | { silence: number };

/** Concatenates tone and silence parts into one file; the container follows the extension. */
export async function generateAudio(path: string, parts: AudioPart[], extraArgs: string[] = []): Promise<void> {
  const inputs: string[] = [];
  for (const part of parts) {
    const source =
      "tone" in part
        ? `sine=frequency=${part.hz ?? 440}:sample_rate=44100:duration=${part.tone}`
        : `anullsrc=r=44100:cl=mono:d=${part.silence}`;
    inputs.push("-f", "lavfi", "-i", source);
  }
  const labels = parts.map((_, index) => `[${index}:a]`).join("");
  const ffmpeg = findSystemTool("ffmpeg") ?? "ffmpeg";
  const cmd = [
    ffmpeg,
    "-nostdin",
    "-hide_banner",
    "-loglevel",
    "error",
    "-y",
    ...inputs,
    "-filter_complex",
    `${labels}concat=n=${parts.length}:v=0:a=1`,
    ...extraArgs,
    path,
  ];
  const proc = Bun.spawn({ cmd, stdout: "ignore", stderr: "pipe" });
  const [stderr, exitCode] = await Promise.all([new Response(proc.stderr).text(), proc.exited]);
  if (exitCode !== 0) throw new Error(`ffmpeg could not generate test audio: ${stderr}`);
}
