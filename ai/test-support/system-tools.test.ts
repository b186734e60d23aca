import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describeMissingTool, findSystemTool, hasSystemTools, type SystemTool } from "./system-tools";

describe("system tools a test needs", () => {
  let dir: string;
  let emptyDir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "cm-tools-"));
    emptyDir = await mkdtemp(join(tmpdir(), "cm-no-tools-"));
    for (const name of ["ffmpeg", "flite"]) {
      await writeFile(join(dir, name), "#!/bin/sh\nexit 0\n");
      await chmod(join(dir, name), 0o755);
    }
    // Present but not executable: not installed as far as a test is concerned.
    await writeFile(join(dir, "ffprobe"), "not a program");
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
    await rm(emptyDir, { recursive: true, force: true });
  });

  test("a tool is found on PATH, or through its explicit path variable, and only when executable", () => {
    expect(findSystemTool("ffmpeg", { PATH: dir })).toBe(join(dir, "ffmpeg"));
    expect(findSystemTool("ffmpeg", { PATH: emptyDir })).toBeUndefined();
    expect(findSystemTool("ffprobe", { PATH: dir })).toBeUndefined();
    expect(findSystemTool("ffmpeg", { PATH: emptyDir, FFMPEG_PATH: join(dir, "ffmpeg") })).toBe(join(dir, "ffmpeg"));
    // An explicit path that is wrong wins over PATH, as in production: the tool is missing.
    expect(findSystemTool("ffmpeg", { PATH: dir, FFMPEG_PATH: join(emptyDir, "ffmpeg") })).toBeUndefined();
    expect(findSystemTool("chromium", { PATH: dir, CHROMIUM_PATH: join(emptyDir, "chromium") })).toBeUndefined();
  });

  test("each missing tool is reported once, with how to install it, however many tests ask", () => {
    const lines: string[] = [];
    const reported = new Set<SystemTool>();
    const options = { env: { PATH: dir }, log: (line: string) => lines.push(line), reported };
    expect(hasSystemTools(["ffmpeg", "flite"], options)).toBe(true);
    expect(hasSystemTools(["ffmpeg", "pocketsphinx"], options)).toBe(false);
    expect(hasSystemTools(["pocketsphinx", "ffprobe"], options)).toBe(false);
    expect(hasSystemTools(["pocketsphinx"], options)).toBe(false);
    expect(lines).toEqual([
      "[skip] pocketsphinx not found: apt-get install pocketsphinx pocketsphinx-en-us",
      "[skip] ffprobe not found: apt-get install ffmpeg",
    ]);
    expect(describeMissingTool("ffmpeg")).toBe("[skip] ffmpeg not found: apt-get install ffmpeg");
  });
});
