// The recording's length is what its audio decodes to: a short high-bitrate head followed by a long low-bitrate tail
// makes ffprobe's estimate far too short, and timestamps squeezed with the setts bitstream filter fool ffprobe and
// packet durations alike; counting decoded samples is fooled by neither.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ffmpegMissing, makeBypassRecording, makeTone, squeezeTimestamps } from "../../test-support/tone-recording";
import { countingDecodeCommand, MeasureTimeoutError, measureAudioLength } from "./measure-audio-length";
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

  test("a recording under the limit is counted whole", async () => {
    const measured = await measureAudioLength(bypass, { maxSeconds: 600 });
    expect(measured.overLimit).toBe(false);
    expect(measured.seconds).toBeGreaterThan(92);
    expect(measured.seconds).toBeLessThan(94);
  });

  test("counting stops just past the limit and says so", async () => {
    const measured = await measureAudioLength(bypass, { maxSeconds: 40 });
    expect(measured.overLimit).toBe(true);
    expect(measured.seconds).toBeLessThanOrEqual(41.1);
  });

  test("timestamps squeezed a hundredfold change nothing: 60 s of audio counts 60 s", async () => {
    const tone = join(dir, "sixty.mp3");
    const squeezed = join(dir, "sixty-squeezed.mka");
    await makeTone(tone, { seconds: 60, bitrateKbps: 32, sampleRate: 16_000, channels: 1 });
    await squeezeTimestamps(tone, squeezed, 100);
    // What the timestamps claim: under a second.
    expect((await probeAudio(squeezed)).durationSeconds!).toBeLessThan(2);
    const measured = await measureAudioLength(squeezed, { maxSeconds: 600 });
    expect(measured.seconds).toBeGreaterThan(59);
    expect(measured.seconds).toBeLessThan(61.5);
    expect((await measureAudioLength(squeezed, { maxSeconds: 30 })).overLimit).toBe(true);
  });

  test("a decoder out of time is stopped and said so, not taken for a bad file", async () => {
    await expect(measureAudioLength(bypass, { maxSeconds: 600, timeoutMs: 1 })).rejects.toBeInstanceOf(
      MeasureTimeoutError,
    );
  });

  test("a file that is not audio is refused with a message", async () => {
    const text = join(dir, "notes.mp3");
    await Bun.write(text, "these are not audio frames\n".repeat(100));
    await expect(measureAudioLength(text, { maxSeconds: 60 })).rejects.toThrow("Measuring the recording failed");
  });

  test("the server reads a long recording's count in a few pieces, not one per decoded frame (issue 37)", async () => {
    // Three minutes of 16 kHz WAV: ffmpeg flushing every decoded frame wrote 1,408 times, read as ~1,000 pieces (a
    // 27-minute 48 kHz stereo one 76,780), each a chunk object in the server while ffmpeg's own 52 MB of RSS ran.
    const wav = join(dir, "three-minutes.wav");
    const tone = ["-f", "lavfi", "-i", "anoisesrc=d=180:c=pink:r=16000:a=0.1", "-c:a", "pcm_s16le"];
    const make = Bun.spawn(["ffmpeg", "-nostdin", "-v", "error", ...tone, "-y", wav], {
      stdout: "ignore",
      stderr: "ignore",
    });
    expect(await make.exited).toBe(0);
    const proc = Bun.spawn(countingDecodeCommand(wav), { stdout: "pipe", stderr: "ignore" });
    let pieces = 0;
    let bytes = 0;
    for await (const chunk of proc.stdout) {
      pieces++;
      bytes += chunk.length;
    }
    expect(await proc.exited).toBe(0);
    expect(pieces).toBeLessThan(20);
    // Still every second counted, to the sample of the counting rate.
    expect((await measureAudioLength(wav, { maxSeconds: 3600 })).seconds).toBe(180);
    expect(bytes).toBeGreaterThan(0);
  });
});
