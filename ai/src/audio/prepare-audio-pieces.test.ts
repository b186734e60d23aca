import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateAudio } from "../../test-support/generate-audio";
import { hasSystemTools } from "../../test-support/system-tools";
import { parseSilences, planPieces } from "./plan-pieces";
import { prepareAudioPieces } from "./prepare-audio-pieces";
import { probeAudio } from "./probe-audio";
import { resolveFfprobePath } from "./tool-paths";

const ffmpegReady = hasSystemTools(["ffmpeg", "ffprobe"]);

let dir = "";
let longRecording = "";

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "cm-pieces-"));
  if (!ffmpegReady) return;
  // 70 s: silences at 18-21 s and 40-43 s, then 27 s of uninterrupted tone (forces one hard cut).
  longRecording = join(dir, "meeting.wav");
  await generateAudio(longRecording, [
    { tone: 18 },
    { silence: 3 },
    { tone: 19, hz: 523 },
    { silence: 3 },
    { tone: 27, hz: 659 },
  ]);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!ffmpegReady)("prepareAudioPieces", () => {
  test("a short recording becomes one mono 16 kHz piece", async () => {
    const input = join(dir, "short.wav");
    await generateAudio(input, [{ tone: 5 }]);
    const prepared = await prepareAudioPieces(input, {}, join(dir, "short"));
    expect(prepared.pieces).toHaveLength(1);
    const piece = prepared.pieces[0]!;
    expect(piece.offsetSeconds).toBe(0);
    expect(prepared.durationSeconds).toBeCloseTo(5, 0);
    const proc = Bun.spawn({
      cmd: [
        resolveFfprobePath(),
        "-v",
        "error",
        "-show_entries",
        "stream=sample_rate,channels",
        "-of",
        "csv=p=0",
        piece.path,
      ],
      stdout: "pipe",
    });
    expect((await new Response(proc.stdout).text()).trim()).toBe("16000,1");
  });

  test("cuts a long recording at silences, with overlap and offsets", async () => {
    const prepared = await prepareAudioPieces(longRecording, { maxSeconds: 25, overlapSeconds: 3 }, join(dir, "long"));
    expect(prepared.durationSeconds).toBeCloseTo(70, 0);
    const pieces = prepared.pieces;
    expect(pieces).toHaveLength(4);
    // Cut 1 in the 18-21 s silence, cut 2 in the 40-43 s silence, cut 3 hard at the 25 s limit.
    const ends = pieces.map((p) => p.offsetSeconds + p.durationSeconds);
    expect(ends[0]).toBeGreaterThan(18);
    expect(ends[0]).toBeLessThan(21);
    expect(ends[1]).toBeGreaterThan(40);
    expect(ends[1]).toBeLessThan(43);
    expect(ends[2]).toBeCloseTo(pieces[2]!.offsetSeconds + 25, 1);
    expect(ends[3]).toBeCloseTo(prepared.durationSeconds, 1);
    expect(pieces[0]!.offsetSeconds).toBe(0);
    for (let i = 1; i < pieces.length; i++) {
      // Each piece starts 3 s before the previous one ended.
      expect(pieces[i]!.offsetSeconds).toBeCloseTo(ends[i - 1]! - 3, 3);
    }
    for (const piece of pieces) {
      expect(piece.durationSeconds).toBeLessThanOrEqual(25);
      const probe = await probeAudio(piece.path);
      expect(probe.isAudio).toBe(true);
      expect(probe.durationSeconds!).toBeCloseTo(piece.durationSeconds, 0);
    }
  });

  test("the byte limit also shortens pieces", async () => {
    // 40 kB at 4 kB/s with 10% headroom allows 9 s per piece.
    const prepared = await prepareAudioPieces(longRecording, { maxBytes: 40_000 }, join(dir, "bytes"));
    expect(prepared.pieces.length).toBeGreaterThanOrEqual(8);
    for (const piece of prepared.pieces) {
      expect(piece.durationSeconds).toBeLessThanOrEqual(9);
      expect((await stat(piece.path)).size).toBeLessThanOrEqual(40_000);
    }
  });

  test("refuses a file that is not audio with a readable message", async () => {
    const fake = join(dir, "fake.mp3");
    await writeFile(fake, "not audio at all");
    await expect(prepareAudioPieces(fake, {}, join(dir, "fake"))).rejects.toThrow(/not a readable audio/);
  });

  test("stops ffmpeg when aborted", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const started = performance.now();
    await expect(
      prepareAudioPieces(longRecording, { signal: controller.signal }, join(dir, "abort")),
    ).rejects.toThrow();
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe("planPieces", () => {
  test("parses silencedetect output, including a silence that runs to the end", () => {
    const log = [
      "[silencedetect @ 0x1] silence_start: 4.99",
      "[silencedetect @ 0x1] silence_end: 7.01 | silence_duration: 2.02",
      "[silencedetect @ 0x1] silence_start: 11.5",
    ].join("\n");
    expect(parseSilences(log, 12)).toEqual([
      { start: 4.99, end: 7.01 },
      { start: 11.5, end: 12 },
    ]);
  });

  test("falls back to hard cuts when there is no silence", () => {
    expect(planPieces(50, [], 20, 2)).toEqual([
      { start: 0, end: 20 },
      { start: 18, end: 38 },
      { start: 36, end: 50 },
    ]);
  });
});
