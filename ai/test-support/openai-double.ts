// An OpenAI-compatible HTTP server on 127.0.0.1 for tests: chat completions with structured output or
// streamed text, embeddings and audio transcriptions, plus a queue of programmable faults.

import { DEFAULT_STREAM_TEXT, streamChatText } from "./chat-stream";
import { buildExample } from "./json-schema-example";

export interface DoubleFault {
  /** Only requests to this path consume the fault (default: any path). */
  path?: string;
  /** Answer with this HTTP status and an OpenAI-style error body. */
  status?: number;
  /** OpenAI error code in the body, e.g. "insufficient_quota". */
  code?: string;
  /** Wait before answering (longer than the client timeout simulates a timeout). */
  delayMs?: number;
  /** Chat only: return content / tool arguments that are not valid JSON. */
  malformed?: boolean;
  /** Chat only: return exactly this object as the structured output. */
  output?: unknown;
  /** Streaming chat only: answer with this text, sent in `chunkSize` pieces. */
  text?: string;
  /** Streaming chat only: characters per SSE chunk (default 7, so chunks split words and lines). */
  chunkSize?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | null;
  /** Parsed JSON body, or for multipart uploads the form fields plus file name and size. */
  body: Record<string, unknown>;
}

export interface TranscriptionInfo {
  fileName: string;
  bytes: Uint8Array;
  durationSeconds: number;
  /** Counts transcription requests that got this far, starting at 0. */
  index: number;
}

export interface DoubleOptions {
  /** When set, any other bearer token gets a 401 like the real API. */
  apiKey?: string;
  /** Replaces the default segments (one per 5 s of audio). */
  transcribe?: (info: TranscriptionInfo) => { text: string; segments: { start: number; end: number; text: string }[] };
}

export interface OpenAiDouble {
  url: string;
  /** Pass as baseURL to the SDK / LangChain (ends in /v1). */
  baseURL: string;
  requests: RecordedRequest[];
  failNext(...faults: DoubleFault[]): void;
  stop(): Promise<void>;
}

export function startOpenAiDouble(options: DoubleOptions = {}): OpenAiDouble {
  const requests: RecordedRequest[] = [];
  const faults: DoubleFault[] = [];
  let transcriptionCount = 0;

  const takeFault = (path: string): DoubleFault | undefined => {
    const index = faults.findIndex((fault) => fault.path === undefined || fault.path === path);
    return index === -1 ? undefined : faults.splice(index, 1)[0];
  };

  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const path = new URL(request.url).pathname;
      const body = await readBody(request);
      const authorization = request.headers.get("authorization");
      requests.push({ method: request.method, path, authorization, body: body.fields });

      const fault = takeFault(path);
      if (fault?.delayMs) await Bun.sleep(fault.delayMs);
      if (fault?.status) return errorResponse(fault.status, fault.code);
      if (options.apiKey && authorization !== `Bearer ${options.apiKey}`) return errorResponse(401, "invalid_api_key");

      switch (path) {
        case "/v1/chat/completions":
          return answerChat(body.fields, fault);
        case "/v1/embeddings":
          return answerEmbeddings(body.fields);
        case "/v1/audio/transcriptions": {
          if (!body.file) return errorResponse(400, "missing_file");
          const bytes = new Uint8Array(await body.file.arrayBuffer());
          const durationSeconds = await probeDuration(bytes);
          const info = { fileName: body.file.name, bytes, durationSeconds, index: transcriptionCount++ };
          return answerTranscription(body.fields, info, options.transcribe ?? defaultTranscription);
        }
        default:
          return errorResponse(404, "unknown_url");
      }
    },
  });

  const url = `http://127.0.0.1:${server.port}`;
  return {
    url,
    baseURL: `${url}/v1`,
    requests,
    failNext: (...next) => {
      faults.push(...next);
    },
    stop: () => server.stop(true),
  };
}

async function readBody(request: Request): Promise<{ fields: Record<string, unknown>; file?: File }> {
  const type = request.headers.get("content-type") ?? "";
  if (type.startsWith("multipart/form-data")) {
    const form = await request.formData();
    const fields: Record<string, unknown> = {};
    let file: File | undefined;
    for (const [name, entry] of form.entries()) {
      // Bun's FormData typings narrow entries to string; uploads arrive as File at runtime.
      const value: unknown = entry;
      if (value instanceof File) {
        file = value;
        fields[name] = { name: value.name, size: value.size };
      } else fields[name] = String(value);
    }
    return { fields, file };
  }
  const text = await request.text();
  try {
    return { fields: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  } catch {
    return { fields: { raw: text } };
  }
}

function errorResponse(status: number, code?: string): Response {
  const messages: Record<number, string> = {
    401: "Incorrect API key provided: sk-test****. You can find your API key at https://platform.openai.com.",
    429: "Rate limit reached for requests",
    500: "The server had an error while processing your request.",
  };
  const message = messages[status] ?? `Simulated error ${status}`;
  const type = status === 429 ? "requests" : status >= 500 ? "server_error" : "invalid_request_error";
  return Response.json({ error: { message, type, param: null, code: code ?? null } }, { status });
}

type ChatBody = {
  model?: string;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  response_format?: { type?: string; json_schema?: { name?: string; schema?: unknown } };
  tools?: { type?: string; function?: { name?: string; parameters?: unknown } }[];
  tool_choice?: { function?: { name?: string } } | string;
};

/** Answers in whichever style the request asked for: forced tool call, json_schema or json_object. */
function answerChat(fields: Record<string, unknown>, fault?: DoubleFault): Response {
  const body = fields as ChatBody;
  if (body.stream) {
    const includeUsage = body.stream_options?.include_usage;
    return streamChatText(fault?.text ?? DEFAULT_STREAM_TEXT, {
      model: body.model,
      chunkSize: fault?.chunkSize,
      includeUsage,
    });
  }
  const forcedName = typeof body.tool_choice === "object" ? body.tool_choice.function?.name : undefined;
  const tool = body.tools?.find((t) => t.function?.name === forcedName) ?? body.tools?.[0];
  const schema = tool?.function?.parameters ?? body.response_format?.json_schema?.schema ?? defaultSummarySchema;
  const output = fault?.output ?? buildExample(schema);
  const json = fault?.malformed ? '{"executiveSummary": "cut off' : JSON.stringify(output);
  const message = tool?.function?.name
    ? {
        role: "assistant",
        content: null,
        refusal: null,
        tool_calls: [{ id: "call_1", type: "function", function: { name: tool.function.name, arguments: json } }],
      }
    : { role: "assistant", content: json, refusal: null };
  return Response.json({
    id: `chatcmpl-${crypto.randomUUID()}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: body.model ?? "gpt-4o-mini",
    choices: [{ index: 0, message, logprobs: null, finish_reason: tool ? "tool_calls" : "stop" }],
    usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
  });
}

/** For json_object mode, where the request carries no schema. */
const defaultSummarySchema = {
  type: "object",
  properties: {
    executiveSummary: { type: "string" },
    keyPoints: { type: "array", items: { type: "string" } },
    actionItems: {
      type: "array",
      items: { type: "object", properties: { task: { type: "string" }, assignee: { type: "string" } } },
    },
    nextMeeting: { type: "object", properties: { date: { type: "string" }, topics: { type: "array" } } },
  },
};

function answerEmbeddings(fields: Record<string, unknown>): Response {
  const inputs = Array.isArray(fields.input) ? fields.input : [fields.input];
  const dimensions = typeof fields.dimensions === "number" ? fields.dimensions : 1536;
  const data = inputs.map((input, index) => {
    const vector = deterministicVector(String(input), dimensions);
    const embedding =
      fields.encoding_format === "base64" ? Buffer.from(vector.buffer).toString("base64") : Array.from(vector);
    return { object: "embedding", index, embedding };
  });
  return Response.json({
    object: "list",
    data,
    model: fields.model,
    usage: { prompt_tokens: inputs.length, total_tokens: inputs.length },
  });
}

/** Unit-length vector seeded by the text, so equal texts embed equally. */
export function deterministicVector(text: string, dimensions: number): Float32Array {
  let seed = Number(Bun.hash.wyhash(text) & 0xffffffffn) || 1;
  const vector = new Float32Array(dimensions);
  let norm = 0;
  for (let i = 0; i < dimensions; i++) {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    const value = seed / 0xffffffff - 0.5;
    vector[i] = value;
    norm += value * value;
  }
  const scale = 1 / Math.sqrt(norm);
  for (let i = 0; i < dimensions; i++) vector[i] = (vector[i] ?? 0) * scale;
  return vector;
}

function defaultTranscription(info: TranscriptionInfo) {
  const segments: { start: number; end: number; text: string }[] = [];
  for (let start = 0, n = 1; start < info.durationSeconds; start += 5, n++) {
    const end = Math.min(info.durationSeconds, start + 5);
    segments.push({ start, end, text: ` Upload ${info.index + 1}, sentence ${n}.` });
  }
  return { text: segments.map((s) => s.text.trim()).join(" "), segments };
}

function answerTranscription(
  fields: Record<string, unknown>,
  info: TranscriptionInfo,
  transcribe: NonNullable<DoubleOptions["transcribe"]>,
): Response {
  const { text, segments } = transcribe(info);
  if (fields.response_format === "text") return new Response(text);
  if (fields.response_format !== "verbose_json") return Response.json({ text });
  return Response.json({
    task: "transcribe",
    language: "english",
    duration: info.durationSeconds,
    text,
    segments: segments.map((segment, id) => ({
      id,
      seek: 0,
      start: segment.start,
      end: segment.end,
      text: segment.text,
      tokens: [],
      temperature: 0,
      avg_logprob: -0.2,
      compression_ratio: 1.2,
      no_speech_prob: 0.01,
    })),
  });
}

/** Duration via ffprobe reading the upload from stdin (pipe only: the double reads no files). */
async function probeDuration(bytes: Uint8Array): Promise<number> {
  const ffprobe = process.env.FFPROBE_PATH || Bun.which("ffprobe") || "/usr/bin/ffprobe";
  const proc = Bun.spawn({
    cmd: [
      ffprobe,
      "-v",
      "error",
      "-protocol_whitelist",
      "pipe",
      "-show_entries",
      "format=duration",
      "-of",
      "csv=p=0",
      "-i",
      "pipe:0",
    ],
    stdin: bytes,
    stdout: "pipe",
    stderr: "ignore",
  });
  const [out] = await Promise.all([new Response(proc.stdout).text(), proc.exited]);
  const seconds = Number.parseFloat(out.trim());
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 10;
}
