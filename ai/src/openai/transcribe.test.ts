import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateAudio } from "../../test-support/generate-audio";
import { startOpenAiDouble } from "../../test-support/openai-double";
import { hasSystemTools } from "../../test-support/system-tools";
import { RetryableAiError } from "../types";
import { createOpenAiEngine } from "./create-openai-engine";

const ffmpegReady = hasSystemTools(["ffmpeg", "ffprobe"]);

const double = startOpenAiDouble({ apiKey: "sk-right" });
let dir = "";
let recording = "";

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "cm-transcribe-test-"));
  if (!ffmpegReady) return;
  recording = join(dir, "meeting.wav");
  await generateAudio(recording, [{ tone: 18 }, { silence: 3 }, { tone: 19 }, { silence: 3 }, { tone: 27 }]);
});
afterAll(async () => {
  await double.stop();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  double.requests.length = 0;
});

function makeEngine(apiKey = "sk-right") {
  return createOpenAiEngine({
    apiKey,
    baseURL: double.baseURL,
    retry: { baseDelayMs: 5 },
    audio: { maxSeconds: 25, overlapSeconds: 3 },
    tempDir: dir,
  });
}

const transcriptionPath = "/v1/audio/transcriptions";

describe.skipIf(!ffmpegReady)("transcribeAudio", () => {
  test("transcribes pieces and stitches them on one timeline", async () => {
    const progress: [number, number][] = [];
    const transcript = await makeEngine().transcribeAudio(
      { path: recording },
      { onProgress: (done, total) => progress.push([done, total]) },
    );
    expect(double.requests).toHaveLength(4);
    const first = double.requests[0]!;
    expect(first.authorization).toBe("Bearer sk-right");
    expect(first.body.model).toBe("whisper-1");
    expect(first.body.response_format).toBe("verbose_json");
    expect(first.body.file).toMatchObject({ name: expect.stringMatching(/\.mp3$/) });

    expect(transcript.durationSeconds).toBeCloseTo(70, 0);
    const { segments } = transcript;
    expect(segments[0]!.start).toBe(0);
    expect(segments.at(-1)!.end!).toBeCloseTo(70, 0);
    for (let i = 1; i < segments.length; i++) {
      // Overlaps are resolved: no segment is repeated, starts strictly increase.
      expect(segments[i]!.start!).toBeGreaterThan(segments[i - 1]!.start!);
    }
    // Pieces beyond the first carry their offset: some segment starts after 60 s.
    expect(segments.some((s) => s.start! > 60 && s.text.includes("Upload"))).toBe(true);
    expect(segments.every((s) => s.speaker === null)).toBe(true);
    expect(transcript.fullText.split("\n")).toHaveLength(segments.length);
    expect(progress.at(-1)).toEqual([4, 4]);
  });

  test("recovers from a rate limit", async () => {
    double.failNext({ status: 429, path: transcriptionPath });
    const transcript = await makeEngine().transcribeAudio({ path: recording });
    expect(transcript.segments.length).toBeGreaterThan(0);
    expect(double.requests).toHaveLength(5);
  });

  test("a persistent 500 ends in RetryableAiError after four tries", async () => {
    double.failNext(...Array.from({ length: 4 }, () => ({ status: 500, path: transcriptionPath })));
    const short = join(dir, "short.wav");
    await generateAudio(short, [{ tone: 4 }]);
    const error = await makeEngine()
      .transcribeAudio({ path: short })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RetryableAiError);
    expect((error as Error).message).toContain("internal error");
    expect(double.requests).toHaveLength(4);
    // All four faults were consumed: the next call goes through.
    expect((await makeEngine().transcribeAudio({ path: short })).segments.length).toBeGreaterThan(0);
  });

  test("a wrong API key fails at once with a message naming the API key", async () => {
    const short = join(dir, "short-401.wav");
    await generateAudio(short, [{ tone: 3 }]);
    const error = await makeEngine("sk-wrong")
      .transcribeAudio({ path: short })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(RetryableAiError);
    expect((error as Error).message).toContain("API key");
    expect(double.requests).toHaveLength(1);
  });

  test("a file that is not audio is refused before any upload", async () => {
    const fake = join(dir, "fake.mp3");
    await Bun.write(fake, "hello");
    await expect(makeEngine().transcribeAudio({ path: fake })).rejects.toThrow(/not a readable audio/);
    expect(double.requests).toHaveLength(0);
  });
});
