export interface ChatSource {
  meetingId: number;
  title: string;
  date: string;
  client: string;
  snippet: string;
}

export interface SearchResult {
  result: string;
  sources: ChatSource[];
}

/**
 * POST /api/search asking for a server-sent event stream: `onDelta` gets the growing answer.
 * Errors carry the spec's "status: body" message.
 */
export async function streamSearch(
  body: { query: string; conversationHistory?: { role: string; content: string }[] },
  onDelta: (text: string, sources: ChatSource[]) => void,
  signal?: AbortSignal,
): Promise<SearchResult> {
  const response = await fetch("/api/search", {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
  if (!response.body || !(response.headers.get("content-type") ?? "").includes("text/event-stream")) {
    return (await response.json()) as SearchResult;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let result = "";
  let sources: ChatSource[] = [];
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
      const parsed = JSON.parse(data);
      if (name === "sources") sources = parsed;
      else if (name === "delta") {
        result += parsed;
        onDelta(result, sources);
      } else if (name === "done") return parsed as SearchResult;
      else if (name === "error") throw new Error(`500: ${parsed.message}`);
    }
  }
  return { result, sources };
}

/** Search failure texts of spec section 8. */
export function searchErrorMessage(message: string): string {
  return message.includes("API key") || message.toLowerCase().includes("openai")
    ? "There was an issue with the AI service. The administrator needs to configure the API key."
    : "There was a problem processing your search. Please try again.";
}
