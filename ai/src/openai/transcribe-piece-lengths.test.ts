// Piece lengths follow the model: a 24-minute recording is one request too long for the diarizing model (1,400 s
// at most) and needs about 10-minute pieces for gpt-4o-transcribe's 2,000 output tokens. The double refuses a
// diarize request over 1,400 s as OpenAI does.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateAudio } from "../../test-support/generate-audio";
import { startOpenAiDouble } from "../../test-support/openai-double";
import { hasSystemTools } from "../../test-support/system-tools";
import { createOpenAiEngine } from "./create-openai-engine";

const ffmpegReady = hasSystemTools(["ffmpeg", "ffprobe"]);

let dir = "";
let recording = "";
const seconds: number[] = [];
const double = startOpenAiDouble({
  transcribe: (info) => {
    seconds.push(info.durationSeconds);
    return { text: `Piece of ${Math.round(info.durationSeconds)} seconds.`, segments: [] };
  },
});

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "cm-piece-lengths-"));
  if (!ffmpegReady) return;
  recording = join(dir, "long.mp3");
  // Already speech-sized MP3, so preparing it is quick.
  await generateAudio(recording, [{ tone: 1450 }], ["-ar", "16000", "-ac", "1", "-b:a", "32k"]);
}, 180_000);
afterAll(async () => {
  await double.stop();
  await rm(dir, { recursive: true, force: true });
});

function engine(model: string) {
  return createOpenAiEngine({ apiKey: "sk", baseURL: double.baseURL, transcriptionModel: model, tempDir: dir });
}

test.skipIf(!ffmpegReady)(
  "gpt-4o-transcribe-diarize gets pieces under 1,390 s; gpt-4o-mini-transcribe about 10 minutes",
  async () => {
    seconds.length = 0;
    const diarized = await engine("gpt-4o-transcribe-diarize").transcribeAudio({ path: recording });
    expect(seconds).toHaveLength(2);
    for (const length of seconds) expect(length).toBeLessThan(1390);
    expect(diarized.segments).toHaveLength(2);

    seconds.length = 0;
    const text = await engine("gpt-4o-mini-transcribe").transcribeAudio({ path: recording });
    expect(seconds).toHaveLength(3);
    for (const length of seconds) expect(length).toBeLessThanOrEqual(601);
    expect(text.segments).toHaveLength(3);
  },
  180_000,
);
