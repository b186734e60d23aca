// Real speech for tests, made at test time with Debian's flite (espeak-ng's output is something pocketsphinx cannot
// read). Each sentence is spoken on its own and joined with pauses, as people pause between sentences.

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findSystemTool, hasSystemTools } from "./system-tools";

/** True when flite, pocketsphinx, ffmpeg and ffprobe are installed; each missing one is printed once, with how to install it. */
export function hasOfflineSpeechTools(): boolean {
  return hasSystemTools(["flite", "pocketsphinx", "ffmpeg", "ffprobe"]);
}

/**
 * Speaks the sentences with flite's "rms" voice (pocketsphinx recognises it best of flite's voices) into one WAV
 * file at `path`, with `pauseSeconds` of silence between sentences.
 */
export async function speak(path: string, sentences: string[], pauseSeconds = 0.8): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "cm-speak-"));
  try {
    const parts: string[] = [];
    for (const [index, sentence] of sentences.entries()) {
      const part = join(dir, `${index}.wav`);
      await run(["flite", "-voice", "rms", "-t", sentence, "-o", part]);
      parts.push(part);
    }
    const ffmpeg = findSystemTool("ffmpeg") ?? "ffmpeg";
    const inputs = parts.flatMap((part) => ["-i", part]);
    const chain = parts.map((_, index) => `[${index}:a]aresample=16000[s${index}]`).join(";");
    const joined = parts.map((_, index) => (index === 0 ? `[s${index}]` : `[p${index}][s${index}]`)).join("");
    const pauses = parts
      .slice(1)
      .map((_, index) => `aevalsrc=0:s=16000:d=${pauseSeconds}[p${index + 1}]`)
      .join(";");
    const graph = [chain, pauses, `${joined}concat=n=${2 * parts.length - 1}:v=0:a=1[out]`].filter(Boolean).join(";");
    await run([
      ffmpeg,
      "-nostdin",
      "-loglevel",
      "error",
      "-y",
      ...inputs,
      "-filter_complex",
      graph,
      "-map",
      "[out]",
      "-ac",
      "1",
      path,
    ]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function run(cmd: string[]) {
  const proc = Bun.spawn({ cmd, stdout: "ignore", stderr: "pipe" });
  const [stderr, exitCode] = await Promise.all([new Response(proc.stderr).text(), proc.exited]);
  if (exitCode !== 0) throw new Error(`${cmd[0]} failed: ${stderr.slice(-500)}`);
}
