// Each speech model in its own request shape against the OpenAI double, which answers (and refuses) as OpenAI
// documents: whisper-1 verbose_json, gpt-4o(-mini)-transcribe json only, gpt-4o-transcribe-diarize diarized_json
// with chunking_strategy and no prompt; self-hosted servers that answer without segments or refuse a format.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateAudio } from "../../test-support/generate-audio";
import { type DoubleOptions, type OpenAiDouble, startOpenAiDouble } from "../../test-support/openai-double";
import { meetingScript, scriptedSpeech } from "../../test-support/scripted-speech";
import { hasSystemTools } from "../../test-support/system-tools";
import { createOpenAiEngine, type OpenAiEngineOptions } from "./create-openai-engine";

const ffmpegReady = hasSystemTools(["ffmpeg", "ffprobe"]);

const TRANSCRIPTIONS = "/v1/audio/transcriptions";
let dir = "";
let recording = "";
const doubles: OpenAiDouble[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "cm-transcribe-models-"));
  if (!ffmpegReady) return;
  recording = join(dir, "meeting.wav");
  // 70 s with silences at 18-21 s and 40-43 s: four pieces of at most 25 s.
  await generateAudio(recording, [{ tone: 18 }, { silence: 3 }, { tone: 19 }, { silence: 3 }, { tone: 27 }]);
});
afterAll(async () => {
  await Promise.all(doubles.map((d) => d.stop()));
  await rm(dir, { recursive: true, force: true });
});

function setUp(model: string, doubleOptions: DoubleOptions = {}, engine: Partial<OpenAiEngineOptions> = {}) {
  const double = startOpenAiDouble({ apiKey: "sk-right", ...doubleOptions });
  doubles.push(double);
  const speech = createOpenAiEngine({
    apiKey: "sk-right",
    baseURL: double.baseURL,
    transcriptionModel: model,
    retry: { baseDelayMs: 5 },
    audio: { maxSeconds: 25, overlapSeconds: 3 },
    tempDir: dir,
    ...engine,
  });
  const calls = () => double.requests.filter((r) => r.path === TRANSCRIPTIONS);
  return { double, speech, calls };
}

describe.skipIf(!ffmpegReady)("request shape per model", () => {
  test("gpt-4o-transcribe: json only, and every piece's text reaches the transcript", async () => {
    const { speech, calls } = setUp("gpt-4o-transcribe");
    const transcript = await speech.transcribeAudio({ path: recording }, { glossary: ["Okafor Family"] });
    expect(calls()).toHaveLength(4);
    for (const call of calls()) {
      expect(call.body.response_format).toBe("json");
      expect(call.body["timestamp_granularities[]"]).toBeUndefined();
      expect(call.body.prompt).toBe("Okafor Family.");
    }
    for (const upload of [1, 2, 3, 4]) expect(transcript.fullText).toContain(`Upload ${upload},`);
    expect(transcript.segments).toHaveLength(4);
  }, 60_000);

  test("a server that answers without segments keeps every piece (no cut-off drops them)", async () => {
    const { speech, calls } = setUp("Systran/faster-whisper-small", {
      transcribe: (info) => ({ text: `Piece ${info.fileName} was heard.`, segments: [] }),
    });
    const transcript = await speech.transcribeAudio({ path: recording });
    expect(calls()[0]?.body.response_format).toBe("verbose_json");
    for (const piece of ["piece-000", "piece-001", "piece-002", "piece-003"]) {
      expect(transcript.fullText).toContain(`Piece ${piece}.mp3 was heard.`);
    }
  }, 60_000);

  test("whisper-1: verbose_json with segment and word times, language and glossary prompt", async () => {
    const { speech, calls } = setUp("whisper-1", {}, { transcriptionLanguage: "de" });
    const names = ["Okafor Family", "Adaeze Okafor", ...Array.from({ length: 200 }, (_, i) => `Participant ${i}`)];
    await speech.transcribeAudio({ path: recording }, { glossary: names });
    const body = calls()[0]!.body;
    expect(body.response_format).toBe("verbose_json");
    expect(body["timestamp_granularities[]"]).toEqual(["segment", "word"]);
    expect(body.language).toBe("de");
    // Whisper reads only the last 224 tokens of a prompt: the glossary is cut, most important names first.
    const prompt = String(body.prompt);
    expect(prompt.startsWith("Okafor Family, Adaeze Okafor, Participant 0")).toBe(true);
    expect(prompt.length).toBeLessThanOrEqual(800);
  }, 60_000);

  test("gpt-4o-transcribe-diarize: diarized_json, chunking_strategy auto, no prompt, one speaker per person", async () => {
    const script = meetingScript(["Adviser", "Client", "Client", "Adviser", "Adviser", "Client"], 4, 70);
    const { speech, calls } = setUp(
      "gpt-4o-transcribe-diarize",
      { transcribe: scriptedSpeech(script, 6) },
      { concurrency: 1, audio: { maxSeconds: 25, overlapSeconds: 6 } },
    );
    const transcript = await speech.transcribeAudio({ path: recording }, { glossary: ["Okafor Family"] });
    expect(calls().length).toBeGreaterThan(2);
    for (const call of calls()) {
      expect(call.body.response_format).toBe("diarized_json");
      expect(call.body.chunking_strategy).toBe("auto");
      expect(call.body.prompt).toBeUndefined();
    }
    const labelOf = new Map<string, Set<string>>();
    for (const segment of transcript.segments) {
      const role = segment.text.split(" ")[0] ?? "";
      labelOf.set(role, (labelOf.get(role) ?? new Set()).add(segment.speaker ?? "none"));
    }
    // Each person has exactly one label across all pieces, and the two labels differ.
    expect([...(labelOf.get("Adviser") ?? [])]).toHaveLength(1);
    expect([...(labelOf.get("Client") ?? [])]).toHaveLength(1);
    expect([...(labelOf.get("Adviser") ?? [])][0]).not.toBe([...(labelOf.get("Client") ?? [])][0]);
    // Every scripted line is in the transcript exactly once.
    for (const line of script) {
      expect(transcript.fullText.split(line.text).length - 1).toBe(1);
    }
  }, 60_000);
});

describe.skipIf(!ffmpegReady)("what the service answers decides what stays", () => {
  test("invented filler in silence is dropped; doubtful words are kept and flagged", async () => {
    const { speech } = setUp("whisper-1", {
      transcribe: () => ({
        text: "We agreed on the fee. Thanks for watching! Maybe forty thousand.",
        segments: [
          { start: 0, end: 5, text: " We agreed on the fee." },
          { start: 5, end: 9, text: " Thanks for watching!", noSpeechProb: 0.92, avgLogprob: -1.4 },
          { start: 9, end: 12, text: " Maybe forty thousand.", noSpeechProb: 0.1, avgLogprob: -1.3 },
        ],
      }),
    });
    const short = join(dir, "short.wav");
    await generateAudio(short, [{ tone: 12 }]);
    const transcript = await speech.transcribeAudio({ path: short });
    expect(transcript.fullText).not.toContain("Thanks for watching");
    expect(transcript.segments.map((s) => [s.text, s.lowConfidence ?? false])).toEqual([
      ["We agreed on the fee.", false],
      ["Maybe forty thousand.", true],
    ]);
  }, 60_000);

  test("a server that refuses verbose_json gets json from then on, and the transcript is complete", async () => {
    const { speech, calls } = setUp(
      "Systran/faster-whisper-small",
      { unknownModelTranscriptionFormats: ["json", "text"] },
      { concurrency: 1 },
    );
    const first = await speech.transcribeAudio({ path: recording });
    expect(calls().map((c) => c.body.response_format)).toEqual(["verbose_json", "json", "json", "json", "json"]);
    for (const upload of [2, 3, 4, 5]) expect(first.fullText).toContain(`Upload ${upload},`);
    await speech.transcribeAudio({ path: recording });
    expect(
      calls()
        .slice(5)
        .map((c) => c.body.response_format),
    ).toEqual(["json", "json", "json", "json"]);
  }, 60_000);

  test("a piece whose answer hits gpt-4o-transcribe's output cap is sent again in halves", async () => {
    // One word per second of audio; the double cuts answers at 12 words, as OpenAI cuts at 2,000 tokens.
    const { speech, calls } = setUp(
      "gpt-4o-mini-transcribe",
      {
        transcriptionOutputCap: 12,
        transcribe: (info) => ({
          text: Array.from({ length: Math.round(info.durationSeconds) }, (_, i) => `r${info.index}w${i}`).join(" "),
          segments: [],
        }),
      },
      { concurrency: 1, transcriptionOutputTokenCap: 12 },
    );
    const short = join(dir, "twenty.wav");
    await generateAudio(short, [{ tone: 20 }]);
    const transcript = await speech.transcribeAudio({ path: short });
    expect(calls().length).toBeGreaterThanOrEqual(3);
    // 20 s at one word a second: far more than the 12 words one capped answer holds.
    expect(transcript.fullText.split(/\s+/).length).toBeGreaterThanOrEqual(18);
  }, 60_000);
});
