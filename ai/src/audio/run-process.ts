// Runs ffmpeg/ffprobe with a deadline and abort support; collects stdout/stderr as text.

import { trackChildProcess } from "./child-processes";
import { dieWithParent } from "./die-with-parent";

interface ProcessResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export interface RunProcessOptions {
  timeoutMs: number;
  signal?: AbortSignal;
}

/** Whitelisted protocols: crafted inputs (playlists, concat scripts) must not reach the network. */
export const PROTOCOL_WHITELIST = ["-protocol_whitelist", "file,pipe"];

/**
 * Demuxers we accept. Excludes hls, concat and similar "reference" formats that could make
 * ffmpeg open other local files named inside an uploaded file.
 */
export const FORMAT_WHITELIST = [
  "-format_whitelist",
  "mp3,wav,ogg,matroska,webm,mov,mp4,m4a,3gp,aac,flac,asf,amr,amrnb,amrwb,aiff,caf,w64,au,avi,wv,flv,mpeg,mpegts",
];

/** "file:" prefix so names starting with "-" or containing ":" are never read as options or URLs. */
export function toFileUrl(path: string): string {
  return `file:${path}`;
}

/** The ffmpeg/ffprobe binary could not be started: a setup problem, not a bad upload. */
export class MissingToolError extends Error {
  constructor(binary: string, cause: unknown) {
    super(`Could not run ${binary}: install ffmpeg or set FFMPEG_PATH / FFPROBE_PATH`, { cause });
  }
}

export type ToolProcess = ReturnType<typeof Bun.spawn<"ignore", "pipe", "pipe">>;

/**
 * Starts a tool with its output piped, tracked so that shutdown and cancellation can end it, and killed by the kernel
 * if the thread that started it ends first (./die-with-parent.ts); a tool that cannot be started is a
 * MissingToolError naming `binary` (the command's first word unless said otherwise).
 */
export function spawnTool(cmd: string[], binary = cmd[0] ?? "ffmpeg"): ToolProcess {
  const [name = "", ...args] = cmd;
  // Looked up here: through setpriv, a missing tool would be setpriv's failure to run it, not a failure to start.
  const program = Bun.which(name);
  if (!program) throw new MissingToolError(binary, new Error(`${name} was not found or is not executable`));
  let proc: ToolProcess;
  try {
    proc = Bun.spawn({ cmd: dieWithParent(program, args), stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  } catch (error) {
    throw new MissingToolError(binary, error);
  }
  trackChildProcess(proc);
  return proc;
}

export async function runProcess(cmd: string[], options: RunProcessOptions): Promise<ProcessResult> {
  options.signal?.throwIfAborted();
  const proc = spawnTool(cmd);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    proc.kill("SIGKILL");
  }, options.timeoutMs);
  const onAbort = () => proc.kill("SIGKILL");
  options.signal?.addEventListener("abort", onAbort, { once: true });
  try {
    const [stdout, stderr, exitCode] = await Promise.all([
      new Response(proc.stdout).text(),
      new Response(proc.stderr).text(),
      proc.exited,
    ]);
    options.signal?.throwIfAborted();
    if (timedOut) {
      const name = cmd[0]?.split("/").pop() ?? "process";
      throw new Error(`${name} did not finish within ${Math.round(options.timeoutMs / 1000)} seconds`);
    }
    return { exitCode, stdout, stderr };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onAbort);
  }
}

/** Last meaningful stderr line, for error messages that do not dump ffmpeg's whole log. */
export function summariseStderr(stderr: string): string {
  const lines = stderr
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !line.includes("silencedetect"));
  return lines.at(-1)?.slice(0, 300) ?? "unknown error";
}
