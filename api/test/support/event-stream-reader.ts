// Reads a server-sent event stream (GET /api/live) event by event, as EventSource would.

export interface StreamEvent {
  event: string;
  data: string;
}

export interface EventStreamReader {
  /** The next event (comments and `retry:` lines skipped), or undefined when the stream ended or `timeoutMs` passed. */
  next(timeoutMs?: number): Promise<StreamEvent | undefined>;
  /** True once the server ended the stream. */
  ended(): boolean;
  cancel(): Promise<void>;
}

export function readEventStream(response: Response): EventStreamReader {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let done = false;
  let pendingRead: ReturnType<typeof reader.read> | undefined;

  function takeEvent(): StreamEvent | undefined {
    for (;;) {
      const end = buffer.indexOf("\n\n");
      if (end < 0) return undefined;
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = "message";
      const data: string[] = [];
      for (const line of block.split("\n")) {
        if (line.startsWith("event: ")) event = line.slice(7);
        else if (line.startsWith("data: ")) data.push(line.slice(6));
      }
      if (data.length > 0) return { event, data: data.join("\n") };
    }
  }

  return {
    async next(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const event = takeEvent();
        if (event) return event;
        if (done) return undefined;
        const left = deadline - Date.now();
        if (left <= 0) return undefined;
        pendingRead ??= reader.read();
        const result = await Promise.race([pendingRead, Bun.sleep(left).then(() => undefined)]);
        if (!result) return undefined;
        pendingRead = undefined;
        if (result.done) done = true;
        else buffer += decoder.decode(result.value, { stream: true });
      }
    },
    ended: () => done,
    async cancel() {
      await reader.cancel().catch(() => undefined);
    },
  };
}
