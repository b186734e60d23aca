// Where ffmpeg and ffprobe are, decided in one place for the app, its tests and its benches: FFMPEG_PATH and
// FFPROBE_PATH first (the operator's choice), then the program of that name on PATH.

export type AudioTool = "ffmpeg" | "ffprobe";

type Env = Record<string, string | undefined>;

/** The configured path or name of the tool, before any PATH lookup. */
export function configuredAudioTool(tool: AudioTool, env: Env = process.env): string {
  return (tool === "ffmpeg" ? env.FFMPEG_PATH : env.FFPROBE_PATH) || tool;
}

/**
 * The executable to run: found on PATH where it can be, otherwise the configured name as it is, so that starting it
 * fails with MissingToolError naming what to install.
 */
export function resolveAudioTool(tool: AudioTool, env: Env = process.env): string {
  const configured = configuredAudioTool(tool, env);
  return Bun.which(configured, { PATH: env.PATH ?? "" }) ?? configured;
}

export const resolveFfmpegPath = (): string => resolveAudioTool("ffmpeg");

/** ffmpeg without prompts, banner or progress output, logging at `level` and above. */
export function quietFfmpeg(level: "fatal" | "error" | "info"): string[] {
  return [resolveFfmpegPath(), "-nostdin", "-hide_banner", "-nostats", "-loglevel", level];
}

export const resolveFfprobePath = (): string => resolveAudioTool("ffprobe");
