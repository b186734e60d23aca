import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateAudio } from "../../test-support/generate-audio";
import { hasSystemTools } from "../../test-support/system-tools";
import { probeAudio } from "./probe-audio";
import { assertRecordingLength, MAX_RECORDING_SECONDS } from "./recording-limits";

const ffmpegReady = hasSystemTools(["ffmpeg", "ffprobe"]);

let dir = "";

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "cm-probe-"));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("probeAudio", () => {
  test.skipIf(!ffmpegReady)("recognises a real mp3 with its duration", async () => {
    const path = join(dir, "tone.mp3");
    await generateAudio(path, [{ tone: 3 }, { silence: 1 }, { tone: 2 }]);
    const probe = await probeAudio(path);
    expect(probe.isAudio).toBe(true);
    expect(probe.hasAudioStream).toBe(true);
    expect(probe.format).toBe("mp3");
    expect(probe.durationSeconds).toBeCloseTo(6, 0);
  });

  test.skipIf(!ffmpegReady)("measures a streamed WebM, whose header has no duration, by its packets", async () => {
    // Written to a pipe, as a browser's MediaRecorder writes: nothing goes back to fill in the duration.
    const path = join(dir, "recording.webm");
    const args = [
      "-nostdin",
      "-v",
      "error",
      "-f",
      "lavfi",
      "-i",
      "sine=duration=3",
      "-c:a",
      "libopus",
      "-f",
      "webm",
      "-",
    ];
    const ffmpeg = Bun.spawn(["ffmpeg", ...args], { stdout: Bun.file(path), stderr: "ignore" });
    expect(await ffmpeg.exited).toBe(0);
    const probe = await probeAudio(path);
    expect(probe.isAudio).toBe(true);
    expect(probe.format).toBe("matroska");
    expect(probe.durationSeconds).toBeCloseTo(3, 0);
    // For a caller that decodes it next: audio, its length left unknown (no pass over its packets).
    expect(await probeAudio(path, undefined, { estimateLength: false })).toEqual({
      isAudio: true,
      format: "matroska",
      durationSeconds: null,
      hasAudioStream: true,
    });
  });

  test.skipIf(!ffmpegReady)("rejects a text file renamed .mp3 without throwing", async () => {
    const path = join(dir, "notes.mp3");
    await writeFile(path, "These are meeting notes, not audio.\n".repeat(20));
    const probe = await probeAudio(path);
    expect(probe).toEqual({ isAudio: false, format: null, durationSeconds: null, hasAudioStream: false });
  });

  test.skipIf(!ffmpegReady)("rejects a truncated m4a without throwing", async () => {
    const full = join(dir, "full.m4a");
    await generateAudio(full, [{ tone: 4 }], ["-c:a", "aac"]);
    const bytes = new Uint8Array(await Bun.file(full).arrayBuffer());
    const truncated = join(dir, "truncated.m4a");
    await writeFile(truncated, bytes.slice(0, Math.floor(bytes.length / 2)));
    const probe = await probeAudio(truncated);
    expect(probe.isAudio).toBe(false);
  });

  test.skipIf(!ffmpegReady)("treats a missing file and an empty file as not audio", async () => {
    const empty = join(dir, "empty.wav");
    await writeFile(empty, "");
    expect((await probeAudio(empty)).isAudio).toBe(false);
    expect((await probeAudio(join(dir, "does-not-exist.wav"))).isAudio).toBe(false);
  });

  test.skipIf(!ffmpegReady)("does not follow concat scripts that point at other files", async () => {
    // Without the demuxer whitelist ffprobe would open tone.mp3 through this script.
    const script = join(dir, "evil.mp3");
    await writeFile(script, "ffconcat version 1.0\nfile tone.mp3\n");
    expect(await probeAudio(script)).toMatchObject({ isAudio: false, format: null, hasAudioStream: false });
  });

  test("a missing ffprobe is a setup error, not a verdict on the file", async () => {
    const saved = process.env.FFPROBE_PATH;
    process.env.FFPROBE_PATH = join(dir, "no-such-ffprobe");
    try {
      await expect(probeAudio(join(dir, "tone.mp3"))).rejects.toThrow(/FFPROBE_PATH/);
    } finally {
      if (saved === undefined) delete process.env.FFPROBE_PATH;
      else process.env.FFPROBE_PATH = saved;
    }
  });
});

describe("assertRecordingLength", () => {
  test("accepts up to eight hours and names the limit beyond", () => {
    expect(() => assertRecordingLength(MAX_RECORDING_SECONDS)).not.toThrow();
    expect(() => assertRecordingLength(null)).not.toThrow();
    expect(() => assertRecordingLength(MAX_RECORDING_SECONDS + 60)).toThrow(/too long.*maximum is 8 hours/);
  });
});
