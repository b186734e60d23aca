// Structured output that works on every OpenAI-compatible server: strict json_schema where offered, else tool
// calling, else JSON mode, else a plain prompt whose answer is parsed. The first "unsupported" answer moves a server
// (base URL + model) down the chain, and the choice is remembered for the rest of the process. A refusal is
// reported with the model's own words and never retried.

import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { type AIMessage, HumanMessage, SystemMessage } from "@langchain/core/messages";
import type { Static, TSchema } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { AiServiceError } from "../types";
import { AiRefusalError, isUnsupportedFeatureError, MalformedAiOutputError } from "./ai-errors";
import { type RetryOptions, withRetries } from "./with-retries";

export type StructuredMode = "json_schema" | "tool_calling" | "json_mode" | "prompt";

const CHAIN: readonly StructuredMode[] = ["json_schema", "tool_calling", "json_mode", "prompt"];

/** Which mode each chat service (base URL + model) accepted; kept for the life of the process. */
const chosenModes = new Map<string, StructuredMode>();

/** Where a server starts: OpenAI's older models have no json_schema (LangChain refuses to ask them for it). */
function startingMode(model: string): StructuredMode {
  const legacy = model.startsWith("gpt-3") || model.startsWith("gpt-4-") || model === "gpt-4";
  return legacy ? "tool_calling" : "json_schema";
}

export function structuredModeFor(service: StructuredService): StructuredMode {
  return chosenModes.get(serviceKey(service)) ?? startingMode(service.model);
}

/** Moves the service past `failed` (unless a parallel call already did); null when the chain is exhausted. */
function fallBack(service: StructuredService, failed: StructuredMode): StructuredMode | null {
  const current = structuredModeFor(service);
  if (current !== failed) return current;
  const next = CHAIN[CHAIN.indexOf(failed) + 1] ?? null;
  if (next) chosenModes.set(serviceKey(service), next);
  return next;
}

export interface StructuredService {
  /** Undefined: api.openai.com. */
  baseURL: string | undefined;
  model: string;
}

/** Names a service (base URL + model) in the maps that remember what it turned out to accept. */
export const serviceKey = (service: StructuredService) =>
  `${service.baseURL ?? "https://api.openai.com/v1"}#${service.model}`;

export interface StructuredCallSettings {
  chat: BaseChatModel;
  service: StructuredService;
  retry: RetryOptions;
  /** Names what is being made in messages ("summary"). */
  subject: string;
}

/**
 * JSON mode and plain prompts carry no schema in the request, so it goes into the system prompt after this line
 * (the test double reads it from there too).
 */
export const PROMPT_SCHEMA_MARKER = "JSON schema of the answer:\n";

/** Asks for an answer in `schema` (TypeBox, which is JSON Schema) and checks what comes back against it. */
export async function invokeStructured<S extends TSchema>(
  settings: StructuredCallSettings,
  schema: S,
  name: string,
  [system, user]: [string, string],
  signal?: AbortSignal,
): Promise<Static<S>> {
  return withRetries(
    async () => {
      for (;;) {
        const mode = structuredModeFor(settings.service);
        try {
          return await callInMode(settings, mode, schema, name, [system, user], signal);
        } catch (error) {
          if (!isUnsupportedFeatureError(error) || fallBack(settings.service, mode) === null) throw error;
        }
      }
    },
    { ...settings.retry, signal },
  );
}

async function callInMode<S extends TSchema>(
  settings: StructuredCallSettings,
  mode: StructuredMode,
  schema: S,
  name: string,
  [system, user]: [string, string],
  signal?: AbortSignal,
): Promise<Static<S>> {
  const malformed = () =>
    new MalformedAiOutputError(`The AI service returned a ${settings.subject} in an unexpected format`);
  const schemaInPrompt = mode === "json_mode" || mode === "prompt";
  const systemText = schemaInPrompt ? `${system}\n\n${jsonInstructions(schema)}` : system;
  const messages = [new SystemMessage(systemText), new HumanMessage(user)];
  let raw: AIMessage;
  let parsed: unknown = null;
  try {
    if (mode === "prompt") {
      raw = (await settings.chat.invoke(messages, { signal })) as AIMessage;
    } else {
      const method = mode === "json_schema" ? "jsonSchema" : mode === "tool_calling" ? "functionCalling" : "jsonMode";
      const model = settings.chat.withStructuredOutput(schema, {
        name,
        method,
        includeRaw: true,
        ...(mode === "json_schema" ? { strict: true } : {}),
      });
      const result = (await model.invoke(messages, { signal })) as { raw: AIMessage; parsed: unknown };
      raw = result.raw;
      parsed = result.parsed;
    }
  } catch (error) {
    throwIfStopped(error, settings.subject);
    // The SDK's json_schema parser raises these on invalid JSON, before LangChain sees a message.
    if (isOutputParsingError(error)) throw malformed();
    throw error;
  }
  checkFinish(raw, settings.subject);
  // Fields the schema does not name are dropped, as a lenient server may add some; then the shape must hold.
  const candidate = Value.Clean(schema, structuredClone(parsed ?? parseFromMessage(raw, mode)));
  if (!Value.Check(schema, candidate)) throw malformed();
  return candidate as Static<S>;
}

function jsonInstructions(schema: TSchema): string {
  return `Answer with one JSON object and nothing else. ${PROMPT_SCHEMA_MARKER}${JSON.stringify(schema)}`;
}

/** The model's refusal or a stopped generation, from the raw response (LangChain drops `message.refusal`). */
function checkFinish(raw: AIMessage, subject: string): void {
  const response = raw.additional_kwargs?.__raw_response as
    | { choices?: { message?: { refusal?: unknown }; finish_reason?: unknown }[] }
    | undefined;
  const choice = response?.choices?.[0];
  const refusal = choice?.message?.refusal;
  if (typeof refusal === "string" && refusal.trim()) throw refused(subject, refusal);
  const finish = choice?.finish_reason ?? raw.response_metadata?.finish_reason;
  if (finish === "content_filter") throw filtered(subject);
  if (finish === "length") throw cutOff(subject);
}

/** The SDK's own json_schema parser throws on these finishes before a message exists. */
function throwIfStopped(error: unknown, subject: string): void {
  const name = (error as { constructor?: { name?: string } } | null)?.constructor?.name;
  if (name === "ContentFilterFinishReasonError") throw filtered(subject);
  if (name === "LengthFinishReasonError") throw cutOff(subject);
}

function refused(subject: string, text: string): AiRefusalError {
  const words = text.trim().replace(/\s+/g, " ").slice(0, 300);
  return new AiRefusalError(`The AI model refused to write the ${subject}: "${words}"`);
}

const filtered = (subject: string) =>
  new AiRefusalError(`The AI service's content filter stopped the ${subject} (finish_reason content_filter)`);

const cutOff = (subject: string) =>
  new AiServiceError(`The ${subject} was cut off at the AI model's output limit (finish_reason length)`);

/** Tool arguments for tool calling; the JSON in the text for the other modes (a model may fence it in ```json). */
function parseFromMessage(raw: AIMessage, mode: StructuredMode): unknown {
  if (mode === "tool_calling") return raw.tool_calls?.[0]?.args ?? null;
  const text = typeof raw.content === "string" ? raw.content : "";
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start === -1 || end < start) return null;
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    return null;
  }
}

function isOutputParsingError(error: unknown): boolean {
  const e = error as { name?: unknown; lc_error_code?: unknown; status?: unknown } | null;
  if (!e || typeof e.status === "number") return false;
  return e.name === "OutputParserException" || e.name === "SyntaxError" || e.lc_error_code === "OUTPUT_PARSING_FAILURE";
}
