// Offline speech: both command-line tools' output read into timed segments, then real speech made with flite
// recognised by the installed pocketsphinx (skipped, saying so, when either is missing).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hasOfflineSpeechTools, speak } from "../../test-support/speak";
import { resolveFfmpegPath } from "../audio/tool-paths";
import {
  createOutputReader,
  findPocketsphinx,
  isDraftSpeechEngine,
  spokenWord,
  transcribeWithPocketsphinx,
} from "./pocketsphinx";

describe("reading pocketsphinx output", () => {
  test("5prealpha's word lines: fillers are pauses, alternative pronunciations lose their marker", () => {
    const reader = createOutputReader("continuous");
    const output = [
      "good morning let us review the portfolio",
      "<s> 0.110 0.180 0.999500",
      "good 0.190 0.440 0.999500",
      "morning 0.450 1.000 0.999600",
      "<sil> 1.010 1.040 0.693473",
      "let 1.050 1.320 0.356322",
      "us 1.330 1.530 0.774584",
      "review 1.540 1.930 0.921171",
      "the 1.940 2.050 0.987873",
      "portfolio 2.060 2.950 1.000100",
      "</s> 2.960 3.100 1.000000",
      "i'll send it today",
      "<s> 4.000 4.100 0.9",
      "i'll 4.110 4.300 0.9",
      "send 4.310 4.600 0.9",
      "it 4.610 4.700 0.9",
      "today(2) 4.710 5.200 0.9",
      "</s> 5.210 5.300 1.0",
    ];
    for (const line of output) reader.line(line);
    expect(reader.lastTime()).toBeCloseTo(5.3);
    expect(reader.finish()).toEqual([
      { start: 0.19, end: 2.95, speaker: null, text: "Good morning let us review the portfolio." },
      { start: 4.11, end: 5.2, speaker: null, text: "I'll send it today." },
    ]);
  });

  test("5.x JSON lines: word start and duration; a long pause inside an utterance starts a new segment", () => {
    const reader = createOutputReader("live");
    const words = [
      ["we", 0.5, 0.2],
      ["will", 0.7, 0.2],
      ["rebalance", 0.9, 0.5],
      ["the", 1.4, 0.1],
      ["bonds", 1.5, 0.4],
      ["<sil>", 1.9, 0.6],
      ["by", 2.5, 0.2],
      ["friday", 2.7, 0.5],
    ].map(([t, b, d]) => ({ b, d, p: 0.9, t }));
    reader.line(JSON.stringify({ b: 0.4, d: 2.9, p: 0.8, t: "we will rebalance the bonds by friday", w: words }));
    reader.line("not json");
    reader.line(JSON.stringify({ b: 3.5, d: 0.01, p: 1, t: "", w: [] }));
    expect(reader.finish()).toEqual([
      { start: 0.5, end: 1.9, speaker: null, text: "We will rebalance the bonds." },
      { start: 2.5, end: 3.2, speaker: null, text: "By friday." },
    ]);
  });

  test("a long stretch without pauses is cut every 40 words", () => {
    const reader = createOutputReader("continuous");
    for (let i = 0; i < 100; i++) reader.line(`word ${(i * 0.3).toFixed(3)} ${(i * 0.3 + 0.29).toFixed(3)} 0.9`);
    const segments = reader.finish();
    expect(segments.map((segment) => segment.text.split(" ").length)).toEqual([40, 40, 20]);
  });

  test("spoken words and draft engines", () => {
    expect(spokenWord("<sil>")).toBeUndefined();
    expect(spokenWord("[NOISE]")).toBeUndefined();
    expect(spokenWord("++UH++")).toBeUndefined();
    expect(spokenWord("read(2)")).toBe("read");
    expect(spokenWord("o'clock")).toBe("o'clock");
    expect(isDraftSpeechEngine("pocketsphinx")).toBe(true);
    expect(isDraftSpeechEngine("openai:whisper-1")).toBe(false);
    expect(isDraftSpeechEngine(null)).toBe(false);
  });
});

const speechToolsReady = hasOfflineSpeechTools();

describe.skipIf(!speechToolsReady)("real speech made with flite, recognised offline", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "cm-pocketsphinx-test-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test("an MP3 of three sentences becomes timed segments, most words right, with progress reported", async () => {
    const wav = join(dir, "speech.wav");
    await speak(wav, [
      "Let us review the retirement portfolio today.",
      "The college savings plan is doing well.",
      "Please send the tax documents next week.",
    ]);
    // Through an MP3, as users upload: the conversion to 16 kHz WAV is part of what is tested.
    const mp3 = join(dir, "speech.mp3");
    const proc = Bun.spawn({
      cmd: [resolveFfmpegPath(), "-loglevel", "error", "-y", "-i", wav, mp3],
      stderr: "ignore",
    });
    expect(await proc.exited).toBe(0);
    const progress: number[] = [];
    const cli = findPocketsphinx();
    if (!cli) throw new Error("pocketsphinx vanished");
    const transcript = await transcribeWithPocketsphinx(
      { path: mp3 },
      { cli, progressEveryMs: 200 },
      { onProgress: (done) => progress.push(done) },
    );
    expect(transcript.durationSeconds).toBeGreaterThan(6);
    expect(transcript.segments.length).toBeGreaterThanOrEqual(3);
    for (const segment of transcript.segments) {
      expect(segment.start).toBeGreaterThanOrEqual(0);
      expect(segment.end).toBeGreaterThan(segment.start ?? 0);
    }
    const text = transcript.fullText.toLowerCase();
    for (const word of ["review", "retirement", "portfolio", "college", "savings", "documents", "week"]) {
      expect(text).toContain(word);
    }
    expect(progress.length).toBeGreaterThanOrEqual(2);
  }, 60_000);

  test("a file that is no audio is refused before recognition", async () => {
    const path = join(dir, "not-audio.wav");
    await Bun.write(path, "RIFF....WAVEfmt not really");
    const cli = findPocketsphinx();
    if (!cli) throw new Error("pocketsphinx vanished");
    await expect(transcribeWithPocketsphinx({ path }, { cli })).rejects.toThrow("not a readable audio recording");
  });
});
