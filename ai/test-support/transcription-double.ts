// The OpenAI double's audio transcriptions, per model as OpenAI documents them: what each model accepts
// (response_format, prompt, chunking_strategy, audio length) and the shape each format answers in.

export interface DoubleSegment {
  start: number;
  end: number;
  text: string;
  /** Diarized answers: the speaker label as the model gives it ("A", "B", ...). */
  speaker?: string;
  /** Whisper's confidence numbers (defaults 0.01 and -0.2: clearly speech, clearly heard). */
  noSpeechProb?: number;
  avgLogprob?: number;
}

export interface DoubleTranscription {
  text: string;
  segments: DoubleSegment[];
  /** Word times (whisper-1 verbose_json with word granularity); omitted: none are sent. */
  words?: { word: string; start: number; end: number }[];
}

export interface TranscriptionInfo {
  fileName: string;
  bytes: Uint8Array;
  durationSeconds: number;
  /** Counts transcription requests that got this far, starting at 0. */
  index: number;
  /** The request's form fields (model, response_format, language, prompt, ...). */
  fields: Record<string, unknown>;
}

interface ModelRules {
  formats: string[];
  /** Longest audio accepted, in seconds. */
  maxSeconds: number;
  acceptsPrompt: boolean;
  /** chunking_strategy is required beyond 30 s. */
  needsChunking: boolean;
  /** Output tokens per answer (the double counts one token per word); longer text is cut there. */
  outputTokenCap: number | null;
}

const ALL_FORMATS = ["json", "text", "srt", "verbose_json", "vtt", "diarized_json"];

export interface TranscriptionRules {
  /** gpt-4o(-mini)-transcribe's output cap in words (OpenAI: 2,000 tokens). */
  outputTokenCap?: number;
  /** Formats a model unknown to OpenAI accepts (a self-hosted server); default all. */
  unknownModelFormats?: string[];
}

function rulesFor(model: string, outputTokenCap: number, unknownModelFormats: string[]): ModelRules {
  if (model === "whisper-1")
    return {
      formats: ["json", "text", "srt", "verbose_json", "vtt"],
      maxSeconds: Infinity,
      acceptsPrompt: true,
      needsChunking: false,
      outputTokenCap: null,
    };
  if (model === "gpt-4o-transcribe-diarize")
    return {
      formats: ["json", "text", "diarized_json"],
      maxSeconds: 1400,
      acceptsPrompt: false,
      needsChunking: true,
      outputTokenCap: null,
    };
  if (model === "gpt-4o-transcribe" || model === "gpt-4o-mini-transcribe")
    return { formats: ["json"], maxSeconds: 1500, acceptsPrompt: true, needsChunking: false, outputTokenCap };
  // Any other name: a self-hosted server.
  return {
    formats: unknownModelFormats,
    maxSeconds: Infinity,
    acceptsPrompt: true,
    needsChunking: false,
    outputTokenCap: null,
  };
}

function invalid(message: string, param: string, code: string | null = "invalid_value"): Response {
  return Response.json({ error: { message, type: "invalid_request_error", param, code } }, { status: 400 });
}

export function answerTranscription(
  info: TranscriptionInfo,
  transcription: DoubleTranscription,
  options: TranscriptionRules = {},
): Response {
  const { fields } = info;
  const model = String(fields.model ?? "");
  const format = String(fields.response_format ?? "json");
  const rules = rulesFor(model, options.outputTokenCap ?? 2000, options.unknownModelFormats ?? ALL_FORMATS);
  if (!rules.formats.includes(format)) {
    const allowed = rules.formats.map((f) => `'${f}'`).join(" or ");
    return invalid(
      `response_format '${format}' is not compatible with model '${model}'. Use ${allowed} instead.`,
      "response_format",
      "unsupported_value",
    );
  }
  if (fields.prompt !== undefined && !rules.acceptsPrompt) {
    return invalid(`prompt is not supported for model '${model}'.`, "prompt", "unsupported_parameter");
  }
  if (rules.needsChunking && info.durationSeconds > 30 && fields.chunking_strategy === undefined) {
    return invalid("chunking_strategy is required for audio longer than 30 seconds.", "chunking_strategy");
  }
  if (info.durationSeconds > rules.maxSeconds) {
    return invalid(
      `audio duration ${info.durationSeconds.toFixed(1)} seconds is longer than ${rules.maxSeconds} seconds which is the maximum for this model`,
      "file",
    );
  }

  let text = transcription.text;
  let outputTokens = countTokens(text);
  if (rules.outputTokenCap !== null && outputTokens > rules.outputTokenCap) {
    text = text.split(/\s+/).slice(0, rules.outputTokenCap).join(" ");
    outputTokens = rules.outputTokenCap;
  }
  const usage =
    rules.outputTokenCap !== null
      ? { type: "tokens", input_tokens: Math.round(info.durationSeconds * 10), output_tokens: outputTokens }
      : { type: "duration", seconds: Math.ceil(info.durationSeconds) };

  switch (format) {
    case "text":
      return new Response(text);
    case "verbose_json":
      return Response.json({
        task: "transcribe",
        language: "english",
        duration: info.durationSeconds,
        text,
        segments: transcription.segments.map((segment, id) => ({
          id,
          seek: 0,
          start: segment.start,
          end: segment.end,
          text: segment.text,
          tokens: [],
          temperature: 0,
          avg_logprob: segment.avgLogprob ?? -0.2,
          compression_ratio: 1.2,
          no_speech_prob: segment.noSpeechProb ?? 0.01,
        })),
        ...(wantsWords(fields) && transcription.words ? { words: transcription.words } : {}),
        usage,
      });
    case "diarized_json":
      return Response.json({
        task: "transcribe",
        duration: info.durationSeconds,
        text,
        segments: transcription.segments.map((segment, id) => ({
          type: "transcript.text.segment",
          id: `seg_${id}`,
          start: segment.start,
          end: segment.end,
          text: segment.text,
          speaker: segment.speaker ?? "A",
        })),
        usage,
      });
    default:
      return Response.json({ text, usage });
  }
}

function wantsWords(fields: Record<string, unknown>): boolean {
  const granularities = fields["timestamp_granularities[]"];
  return Array.isArray(granularities) ? granularities.includes("word") : granularities === "word";
}

function countTokens(text: string): number {
  return text.split(/\s+/).filter((word) => word.length > 0).length;
}

/** One segment per 5 s of audio, naming the request: "Upload 2, sentence 3." */
export function defaultTranscription(info: TranscriptionInfo): DoubleTranscription {
  const segments: DoubleSegment[] = [];
  for (let start = 0, n = 1; start < info.durationSeconds; start += 5, n++) {
    const end = Math.min(info.durationSeconds, start + 5);
    segments.push({ start, end, text: ` Upload ${info.index + 1}, sentence ${n}.` });
  }
  return { text: segments.map((s) => s.text.trim()).join(" "), segments };
}
