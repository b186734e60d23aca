// Turns SDK/LangChain failures into messages an advisor (and the API's error mapping) can read.

import { AiServiceError, RetryableAiError } from "../types";

/** Raised when the model answers but its structured output does not match the schema. */
export class MalformedAiOutputError extends Error {}

/** A rate limit or overload that said when to come back: whoever retries later waits at least that long. */
export class RateLimitedAiError extends RetryableAiError {
  constructor(
    message: string,
    readonly retryAfterMs: number,
    cause?: unknown,
  ) {
    super(message);
    this.cause = cause;
  }
}

/** The model declined to answer (its refusal text, or a content filter): asking again gets the same. Never retried. */
export class AiRefusalError extends AiServiceError {}

interface ErrorLike {
  name?: unknown;
  status?: unknown;
  code?: unknown;
  message?: unknown;
  param?: unknown;
  error?: { code?: unknown; message?: unknown; param?: unknown } | null;
  cause?: unknown;
}

export function isAbortError(error: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted) return true;
  const name = (error as ErrorLike | null)?.name;
  return name === "AbortError" || error?.constructor?.name === "APIUserAbortError";
}

function readStatus(error: unknown): number | null {
  const status = (error as ErrorLike | null)?.status;
  return typeof status === "number" ? status : null;
}

function readCode(error: unknown): string | null {
  const e = error as ErrorLike | null;
  const code = e?.code ?? e?.error?.code;
  return typeof code === "string" ? code : null;
}

/** The service's own message (in its error body) or the error's; "" when neither. */
function readMessage(error: unknown): string {
  const e = error as ErrorLike | null;
  return String(e?.error?.message ?? e?.message ?? "");
}

function isTimeout(error: unknown): boolean {
  const name = (error as ErrorLike | null)?.name;
  return name === "TimeoutError" || error?.constructor?.name === "APIConnectionTimeoutError";
}

function isConnectionFailure(error: unknown): boolean {
  const ctor = error?.constructor?.name;
  if (ctor === "APIConnectionError") return true;
  const code = (error as ErrorLike | null)?.code;
  return code === "ECONNREFUSED" || code === "ECONNRESET" || code === "ConnectionRefused";
}

/** Worth another try: rate limits (except an empty quota), server errors, timeouts, dropped connections. */
export function isTransientError(error: unknown): boolean {
  if (error instanceof RetryableAiError) return true;
  if (isTimeout(error) || isConnectionFailure(error)) return true;
  const status = readStatus(error);
  if (status === 429) return readCode(error) !== "insufficient_quota";
  return status === 408 || status === 409 || (status !== null && status >= 500);
}

const FEATURE_PARAMS = new Set(["response_format", "tools", "tool_choice", "functions", "function_call"]);

/**
 * The server does not offer a request feature (structured output by json_schema, tool calling, JSON mode): another
 * request shape may work where retrying this one never will. OpenAI answers 400 naming the parameter; compatible
 * servers (vLLM, Ollama, LocalAI) say "not supported" or "unsupported" about response_format or tools.
 */
export function isUnsupportedFeatureError(error: unknown): boolean {
  const status = readStatus(error);
  if (status !== 400 && status !== 422 && status !== 501) return false;
  const e = error as ErrorLike | null;
  const param = e?.param ?? e?.error?.param;
  const message = readMessage(error).toLowerCase();
  const aboutFeature =
    (typeof param === "string" && FEATURE_PARAMS.has(param)) ||
    ["response_format", "json_schema", "json_object", "tool", "function"].some((word) => message.includes(word));
  return (
    aboutFeature &&
    ["not supported", "unsupported", "not support", "invalid", "unknown", "unrecognized"].some((w) =>
      message.includes(w),
    )
  );
}

const CONTEXT_OVERFLOW = /maximum context length|context window|context length exceeded/i;

/** The message of a request too long for the model's context window (OpenAI's code, or compatible servers' words). */
export function contextOverflowMessage(error: unknown): string | null {
  for (let e = error, depth = 0; e && depth < 4; e = (e as ErrorLike).cause, depth++) {
    const message = readMessage(e);
    if (readCode(e) === "context_length_exceeded" || CONTEXT_OVERFLOW.test(message)) return message;
  }
  return null;
}

/** A short, human-readable reason; keeps the words the web client matches on ("API key", "too large"). */
export function describeAiError(error: unknown): string {
  if (error instanceof MalformedAiOutputError) return error.message;
  if (isTimeout(error)) return "The AI service did not answer in time";
  if (isConnectionFailure(error)) return "The AI service could not be reached";
  const status = readStatus(error);
  const detail = readDetail(error);
  switch (status) {
    case 400:
      return `The AI service rejected the request as invalid${detail}`;
    case 401:
      return "The AI service rejected the API key (check OPENAI_API_KEY)";
    case 403:
      return `The AI service denied permission for this request${detail}`;
    case 404:
      return readCode(error) === "model_not_found"
        ? `The AI service does not offer the configured model (check the *_MODEL setting)${detail}`
        : `The AI service does not offer the requested model or endpoint${detail}`;
    case 413:
      return "The audio or text sent to the AI service is too large";
    case 415:
      return "The AI service does not support this audio format (unsupported)";
    case 429:
      return readCode(error) === "insufficient_quota"
        ? "The AI service account has no quota left (check billing for the API key)"
        : "The AI service is rate limiting requests";
    default:
      if (status !== null && status >= 500)
        return `The AI service had an internal error (${status}); it may be temporarily unavailable, so retry later`;
      if (status !== null) return `The AI service failed with status ${status}${detail}`;
      return `The AI service call failed${detail}`;
  }
}

function readDetail(error: unknown): string {
  const e = error as ErrorLike | null;
  const message = typeof e?.error?.message === "string" ? e.error.message : e?.message;
  if (typeof message !== "string" || message.length === 0) return "";
  // Never echo an API key fragment that some servers include in 401/403 bodies.
  const safe = message.replace(/sk-[\w-]{4,}/g, "sk-…").slice(0, 200);
  return `: ${safe}`;
}

/** Final error after retries: RetryableAiError for transient causes, AiServiceError otherwise (never retried). */
export function toAiError(error: unknown, signal?: AbortSignal): Error {
  if (isAbortError(error, signal)) return error instanceof Error ? error : new Error("Aborted");
  // Already readable (a refusal, a cut-off output, a rate limit's wait): kept as it is.
  if (error instanceof AiServiceError) return error;
  const message = describeAiError(error);
  const mapped = isTransientError(error) ? new RetryableAiError(message) : new AiServiceError(message);
  mapped.cause = error;
  return mapped;
}
