import type { SearchAnswer, SearchBody, SearchEvent, Source } from "@cm/api/models";

/**
 * POST /api/search asking for a server-sent event stream: `onDelta` gets the growing answer.
 * Errors carry the spec's "status: body" message.
 */
export async function streamSearch(
  body: SearchBody,
  onDelta: (text: string, sources: Source[]) => void,
  signal?: AbortSignal,
): Promise<SearchAnswer> {
  const response = await fetch("/api/search", {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
  if (!response.body || !(response.headers.get("content-type") ?? "").includes("text/event-stream")) {
    return (await response.json()) as SearchAnswer;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let result = "";
  let sources: Source[] = [];
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let split = buffer.indexOf("\n\n");
    while (split >= 0) {
      const block = buffer.slice(0, split);
      buffer = buffer.slice(split + 2);
      split = buffer.indexOf("\n\n");
      const name = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (!name || data === undefined) continue;
      // Each event's data is one JSON text of the server's SearchEvent model.
      const event = { event: name, data: JSON.parse(data) } as SearchEvent;
      if (event.event === "sources") sources = event.data;
      else if (event.event === "delta") {
        result += event.data;
        onDelta(result, sources);
      } else if (event.event === "done") return event.data;
      else if (event.event === "error") throw new Error(`500: ${event.data.message}`);
    }
  }
  return { result, sources };
}

/** A question refused for asking too often (429): the server's own words, which say when to try again. */
function tooManyQuestionsMessage(message: string): string | undefined {
  if (!message.startsWith("429: ")) return undefined;
  try {
    const body = JSON.parse(message.slice(5)) as { message?: unknown };
    return typeof body.message === "string" && body.message ? body.message : undefined;
  } catch {
    return undefined;
  }
}

/** The text shown for a failed search: too many questions, an AI-service problem, or a general failure. */
export function searchErrorMessage(message: string): string {
  const refused = tooManyQuestionsMessage(message);
  if (refused) return refused;
  return message.includes("API key") || message.toLowerCase().includes("openai")
    ? "There was an issue with the AI service. The administrator needs to configure the API key."
    : "There was a problem processing your search. Please try again.";
}
