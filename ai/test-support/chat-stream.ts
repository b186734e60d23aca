// Streamed chat completions for the OpenAI double: SSE `chat.completion.chunk` events, then `[DONE]`.

export const DEFAULT_STREAM_TEXT = "Example streamed answer.";

interface StreamSettings {
  model?: string;
  /** Characters per chunk (default 7, so chunks split words and lines). */
  chunkSize?: number;
  includeUsage?: boolean;
  /** The last chunk's `finish_reason` (default "stop"; "length" when the output cap was reached). */
  finishReason?: string;
  /** Ends the body right after the text: no finish chunk, no usage, no `[DONE]` (a connection that broke off). */
  truncate?: boolean;
}

/** The text in small delta chunks, a finish chunk, a usage chunk when asked for, then `data: [DONE]`. */
export function streamChatText(text: string, settings: StreamSettings = {}): Response {
  const size = Math.max(1, settings.chunkSize ?? 7);
  const base = {
    id: `chatcmpl-${crypto.randomUUID()}`,
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model: settings.model ?? "gpt-4o-mini",
  };
  const events: unknown[] = [{ ...base, choices: [{ index: 0, delta: { role: "assistant", content: "" } }] }];
  for (let i = 0; i < text.length; i += size) {
    events.push({ ...base, choices: [{ index: 0, delta: { content: text.slice(i, i + size) } }] });
  }
  if (settings.truncate) {
    const cut = events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join("");
    return new Response(cut, { headers: { "content-type": "text/event-stream" } });
  }
  events.push({ ...base, choices: [{ index: 0, delta: {}, finish_reason: settings.finishReason ?? "stop" }] });
  if (settings.includeUsage) {
    events.push({ ...base, choices: [], usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 } });
  }
  const sse = `${events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join("")}data: [DONE]\n\n`;
  return new Response(sse, { headers: { "content-type": "text/event-stream" } });
}
