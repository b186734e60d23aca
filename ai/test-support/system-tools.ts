// One place decides whether a system tool a test needs (ffmpeg, pocketsphinx, flite, Chromium) is installed. A
// fresh machine has none of them: tests that need one skip, and the run prints one line per missing tool saying
// how to install it, once per process rather than once per test.
import { existsSync } from "node:fs";
import { configuredAudioTool } from "../src/audio/tool-paths";

export type SystemTool = "ffmpeg" | "ffprobe" | "pocketsphinx" | "flite" | "chromium";

type Env = Record<string, string | undefined>;

interface ToolRecipe {
  /** Names or paths to try, in order: an explicit path from the environment first, as production does. */
  candidates(env: Env): string[];
  install: string;
}

const DEBIAN_POCKETSPHINX_MODEL = "/usr/share/pocketsphinx/model/en-us/en-us";

const RECIPES: Record<SystemTool, ToolRecipe> = {
  ffmpeg: { candidates: (env) => [configuredAudioTool("ffmpeg", env)], install: "apt-get install ffmpeg" },
  ffprobe: { candidates: (env) => [configuredAudioTool("ffprobe", env)], install: "apt-get install ffmpeg" },
  pocketsphinx: {
    candidates: (env) =>
      env.POCKETSPHINX_PATH
        ? [env.POCKETSPHINX_PATH]
        : ["pocketsphinx", ...(existsSync(DEBIAN_POCKETSPHINX_MODEL) ? ["pocketsphinx_continuous"] : [])],
    install: "apt-get install pocketsphinx pocketsphinx-en-us",
  },
  flite: { candidates: () => ["flite"], install: "apt-get install flite" },
  chromium: {
    candidates: (env) => [env.CHROMIUM_PATH ?? "/usr/bin/chromium"],
    install: "apt-get install chromium (or set CHROMIUM_PATH)",
  },
};

/** The executable that would run for `tool`, or undefined when it is not installed. */
export function findSystemTool(tool: SystemTool, env: Env = process.env): string | undefined {
  for (const candidate of RECIPES[tool].candidates(env)) {
    const found = Bun.which(candidate, { PATH: env.PATH ?? "" });
    if (found) return found;
  }
  return undefined;
}

/** The line printed when a tool is missing, e.g. "[skip] ffmpeg not found: apt-get install ffmpeg". */
export function describeMissingTool(tool: SystemTool): string {
  return `[skip] ${tool} not found: ${RECIPES[tool].install}`;
}

export interface ToolCheckOptions {
  env?: Env;
  log?: (line: string) => void;
  /** Tools already reported; shared across the whole test process by default, so each line appears once. */
  reported?: Set<SystemTool>;
}

const reportedInThisProcess = new Set<SystemTool>();

/**
 * True when every tool is installed. Each missing tool is reported once (per `reported` set), so a file can call
 * this at the top and pass the answer to `describe.skipIf(!...)`.
 */
export function hasSystemTools(tools: SystemTool[], options: ToolCheckOptions = {}): boolean {
  const { env = process.env, log = console.warn, reported = reportedInThisProcess } = options;
  let all = true;
  for (const tool of tools) {
    if (findSystemTool(tool, env)) continue;
    all = false;
    if (!reported.has(tool)) {
      reported.add(tool);
      log(describeMissingTool(tool));
    }
  }
  return all;
}
