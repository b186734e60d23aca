// An OpenAI-compatible HTTP server on 127.0.0.1 for tests: chat completions with structured output or
// streamed text, embeddings and audio transcriptions, plus a queue of programmable faults.

import { resolveFfprobePath } from "../src/audio/tool-paths";
import { DEFAULT_STREAM_TEXT, streamChatText } from "./chat-stream";
import { buildExample } from "./json-schema-example";
import {
  answerTranscription,
  type DoubleTranscription,
  defaultTranscription,
  type TranscriptionInfo,
} from "./transcription-double";

export type { DoubleSegment, DoubleTranscription, TranscriptionInfo } from "./transcription-double";

export interface DoubleFault {
  /** Only requests to this path consume the fault (default: any path). */
  path?: string;
  /** Answer with this HTTP status and an OpenAI-style error body. */
  status?: number;
  /** OpenAI error code in the body, e.g. "insufficient_quota". */
  code?: string;
  /** Error body's message and param (default: a generic message, param null). */
  message?: string;
  param?: string;
  /** Response headers of the error, e.g. `retry-after`, `retry-after-ms`, `x-ratelimit-reset-requests`. */
  headers?: Record<string, string>;
  /** Chat only: the model refuses with this text (`message.refusal`, content null), as OpenAI's safety refusals do. */
  refusal?: string;
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
  /** The choice's (streaming: the last chunk's) `finish_reason`, e.g. "length" or "content_filter" (default "stop"). */
  finishReason?: string;
  /** Streaming chat only: the body ends after the text, with no `finish_reason` and no `[DONE]`. */
  truncate?: boolean;
}

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | null;
  /** Parsed JSON body, or for multipart uploads the form fields plus file name and size. */
  body: Record<string, unknown>;
}

export interface DoubleOptions {
  /** When set, any other bearer token gets a 401 like the real API. */
  apiKey?: string;
  /**
   * Replaces the default segments (one per 5 s of audio). Each model answers as OpenAI's does (see
   * transcription-double.ts): whisper-1 verbose_json, gpt-4o(-mini)-transcribe json only, the diarize model
   * diarized_json; other model names accept every format.
   */
  transcribe?: (info: TranscriptionInfo) => DoubleTranscription;
  /** gpt-4o(-mini)-transcribe's output cap in words (OpenAI: 2,000 tokens); longer text is cut there. */
  transcriptionOutputCap?: number;
  /** response_formats a model unknown to OpenAI accepts (a self-hosted server); default: all. */
  unknownModelTranscriptionFormats?: string[];
  /**
   * The chat model's context window in tokens (about 4 characters each): a request whose messages and output cap
   * do not fit gets OpenAI's 400 `context_length_exceeded`. A streamed answer longer than `max_tokens` (or
   * `max_completion_tokens`) is cut there and ends with `finish_reason: "length"`.
   */
  chatContextTokens?: number;
  /**
   * Chat request features this server lacks, answered with OpenAI's 400 naming the parameter: "json_schema"
   * (strict structured output), "tools" (tool calling), "json_object" (JSON mode).
   */
  unsupported?: ("json_schema" | "tools" | "json_object")[];
  /** Models the server offers; any other gets OpenAI's 404 `model_not_found` (default: every model). */
  models?: string[];
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
      if (fault?.status) return errorResponse(fault.status, fault.code, fault);
      if (options.apiKey && authorization !== `Bearer ${options.apiKey}`) return errorResponse(401, "invalid_api_key");
      const model = body.fields.model;
      if (options.models && typeof model === "string" && !options.models.includes(model)) {
        const message = `The model \`${model}\` does not exist or you do not have access to it.`;
        return errorResponse(404, "model_not_found", { message });
      }

      switch (path) {
        case "/v1/chat/completions":
          return (
            contextOverflow(body.fields, options.chatContextTokens) ??
            unsupportedFeature(body.fields, options.unsupported) ??
            answerChat(body.fields, fault)
          );
        case "/v1/embeddings":
          return answerEmbeddings(body.fields);
        case "/v1/audio/transcriptions": {
          if (!body.file) return errorResponse(400, "missing_file");
          const bytes = new Uint8Array(await body.file.arrayBuffer());
          const durationSeconds = await probeDuration(bytes);
          const info = {
            fileName: body.file.name,
            bytes,
            durationSeconds,
            index: transcriptionCount++,
            fields: body.fields,
          };
          const transcription = (options.transcribe ?? defaultTranscription)(info);
          return answerTranscription(info, transcription, {
            outputTokenCap: options.transcriptionOutputCap,
            unknownModelFormats: options.unknownModelTranscriptionFormats,
          });
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
      } else if (name.endsWith("[]")) {
        // Array fields (timestamp_granularities[]) repeat their name: keep every value.
        const values = Array.isArray(fields[name]) ? (fields[name] as unknown[]) : [];
        fields[name] = [...values, String(value)];
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

/** OpenAI's answer to messages that do not fit the model's context window, or undefined when they fit. */
function contextOverflow(fields: Record<string, unknown>, contextTokens: number | undefined): Response | undefined {
  if (!contextTokens) return undefined;
  const body = fields as ChatBody;
  const promptTokens = Math.ceil(JSON.stringify(body.messages ?? []).length / 4);
  const outputTokens = body.max_completion_tokens ?? body.max_tokens ?? 0;
  if (promptTokens + outputTokens <= contextTokens) return undefined;
  const message = `This model's maximum context length is ${contextTokens} tokens. However, you requested ${promptTokens + outputTokens} tokens (${promptTokens} in the messages, ${outputTokens} in the completion). Please reduce the length of the messages or completion.`;
  return Response.json(
    { error: { message, type: "invalid_request_error", param: "messages", code: "context_length_exceeded" } },
    { status: 400 },
  );
}

/** OpenAI's 400 for a request feature the model does not offer, or undefined when the server has it. */
function unsupportedFeature(
  fields: Record<string, unknown>,
  lacking: DoubleOptions["unsupported"],
): Response | undefined {
  const body = fields as ChatBody;
  const format = body.response_format?.type;
  const missing =
    format === "json_schema" && lacking?.includes("json_schema")
      ? { param: "response_format", what: "'response_format' of type 'json_schema'" }
      : format === "json_object" && lacking?.includes("json_object")
        ? { param: "response_format", what: "'response_format' of type 'json_object'" }
        : body.tools?.length && lacking?.includes("tools")
          ? { param: "tools", what: "'tools'" }
          : undefined;
  if (!missing) return undefined;
  const message = `Invalid parameter: ${missing.what} is not supported with this model.`;
  return errorResponse(400, undefined, { message, param: missing.param });
}

function errorResponse(
  status: number,
  code?: string,
  extra: { message?: string; param?: string; headers?: Record<string, string> } = {},
): Response {
  const messages: Record<number, string> = {
    401: "Incorrect API key provided: sk-test****. You can find your API key at https://platform.openai.com.",
    429: "Rate limit reached for requests",
    500: "The server had an error while processing your request.",
  };
  const message = extra.message ?? messages[status] ?? `Simulated error ${status}`;
  const type = status === 429 ? "requests" : status >= 500 ? "server_error" : "invalid_request_error";
  const error = { message, type, param: extra.param ?? null, code: code ?? null };
  return Response.json({ error }, { status, headers: extra.headers });
}

type ChatBody = {
  model?: string;
  messages?: unknown[];
  max_tokens?: number;
  max_completion_tokens?: number;
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
    const text = fault?.text ?? DEFAULT_STREAM_TEXT;
    // The output cap, at about 4 characters a token: a longer answer stops there, as the real API's does.
    const cap = body.max_completion_tokens ?? body.max_tokens;
    const capped = cap !== undefined && text.length > cap * 4;
    return streamChatText(capped ? text.slice(0, cap * 4) : text, {
      model: body.model,
      chunkSize: fault?.chunkSize,
      includeUsage,
      finishReason: capped ? "length" : fault?.finishReason,
      truncate: fault?.truncate,
    });
  }
  const forcedName = typeof body.tool_choice === "object" ? body.tool_choice.function?.name : undefined;
  const tool = body.tools?.find((t) => t.function?.name === forcedName) ?? body.tools?.[0];
  const schema =
    tool?.function?.parameters ??
    body.response_format?.json_schema?.schema ??
    schemaInPrompt(body.messages) ??
    defaultSummarySchema;
  const output = fault?.output ?? buildExample(schema);
  const json = fault?.malformed ? '{"executiveSummary": "cut off' : JSON.stringify(output);
  const message = fault?.refusal
    ? { role: "assistant", content: null, refusal: fault.refusal }
    : tool?.function?.name
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
    choices: [
      {
        index: 0,
        message,
        logprobs: null,
        finish_reason: fault?.finishReason ?? (tool && !fault?.refusal ? "tool_calls" : "stop"),
      },
    ],
    usage: countUsage(body.messages, fault?.refusal ?? json),
  });
}

/** Token usage at about 4 characters a token, so cost measurements see prompt and output sizes. */
function countUsage(messages: unknown[] | undefined, output: string) {
  const prompt_tokens = Math.ceil(JSON.stringify(messages ?? []).length / 4);
  const completion_tokens = Math.ceil(output.length / 4);
  return { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens };
}

/**
 * JSON mode and plain prompts carry no schema in the request: the engine writes it into its system prompt after
 * this line (ai/src/openai/structured-output.ts), so the double can still answer in the asked shape.
 */
const PROMPT_SCHEMA_MARKER = "JSON schema of the answer:\n";

function schemaInPrompt(messages: unknown[] | undefined): unknown {
  for (const message of messages ?? []) {
    const content = (message as { content?: unknown }).content;
    if (typeof content !== "string") continue;
    const at = content.indexOf(PROMPT_SCHEMA_MARKER);
    if (at === -1) continue;
    try {
      return JSON.parse(content.slice(at + PROMPT_SCHEMA_MARKER.length));
    } catch {}
  }
  return undefined;
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

/** Duration via ffprobe reading the upload from stdin (pipe only: the double reads no files). */
async function probeDuration(bytes: Uint8Array): Promise<number> {
  const ffprobe = resolveFfprobePath();
  const proc = Bun.spawn({
    cmd: [
      ffprobe,
      "-v",
      "error",
      "-protocol_whitelist",
      "pipe",
      "-show_entries",
      // A piped MP3 with a Xing header reports no format duration: the packets' durations add up to it.
      "format=duration:packet=duration_time",
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
  const lines = out.trim().split("\n");
  const format = Number.parseFloat(lines.at(-1) ?? "");
  if (Number.isFinite(format) && format > 0) return format;
  const packets = lines.slice(0, -1).reduce((sum, line) => sum + (Number.parseFloat(line) || 0), 0);
  return packets > 0 ? packets : 10;
}
