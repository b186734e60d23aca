// The recording's length is counted from its audio: a short high-bitrate head followed by a long low-bitrate tail
// makes ffprobe's estimate far too short, and counting packets or samples does not.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ffmpegMissing, makeBypassRecording } from "../../test-support/tone-recording";
import { measureAudioLength } from "./measure-audio-length";
import { probeAudio } from "./probe-audio";

const missing = ffmpegMissing();
if (missing) console.warn(`[measure audio length] skipped: ${missing}`);

describe.skipIf(missing !== undefined)("measureAudioLength", () => {
  let dir: string;
  let bypass: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "cm-measure-"));
    bypass = join(dir, "bypass.mp3");
    await makeBypassRecording(bypass, 3, 90);
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test("the bypass shape fools ffprobe (the reason for counting)", async () => {
    const probe = await probeAudio(bypass);
    expect(probe.durationSeconds!).toBeLessThan(30);
  });

  for (const method of ["packets", "decode"] as const) {
    test(`${method}: a recording under the limit is counted whole`, async () => {
      const measured = await measureAudioLength(bypass, { maxSeconds: 600, method });
      expect(measured.overLimit).toBe(false);
      expect(measured.seconds).toBeGreaterThan(92);
      expect(measured.seconds).toBeLessThan(94);
    });

    test(`${method}: counting stops just past the limit and says so`, async () => {
      const measured = await measureAudioLength(bypass, { maxSeconds: 40, method });
      expect(measured.overLimit).toBe(true);
      expect(measured.seconds).toBeLessThanOrEqual(41.1);
    });
  }

  test("a file that is not audio is refused with a message", async () => {
    const text = join(dir, "notes.mp3");
    await Bun.write(text, "these are not audio frames\n".repeat(100));
    await expect(measureAudioLength(text, { maxSeconds: 60, method: "packets" })).rejects.toThrow(
      "Measuring the recording failed",
    );
  });
});
