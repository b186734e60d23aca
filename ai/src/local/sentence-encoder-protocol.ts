// The messages between the sentence encoder's thread and the process using it, and the thread's side of them: one
// request per embedding, answered by id; an abort message stops the embedding between model calls.

export type EncoderRequest =
  | { type: "load"; id: number }
  | { type: "encode"; id: number; texts: string[] }
  | { type: "abort"; id: number };

export type EncoderReply =
  | { type: "loaded"; id: number }
  | { type: "encoded"; id: number; count: number; dimensions: number; vectors: Float32Array }
  | { type: "failed"; id: number; message: string };

export interface EncoderFunctions {
  load(): Promise<unknown>;
  encode(texts: string[], signal: AbortSignal): Promise<number[][]>;
}

/** Answers the requests arriving on this thread with `functions`; the vectors travel as one transferred buffer. */
export function serveEncoderRequests(functions: EncoderFunctions): void {
  const running = new Map<number, AbortController>();
  const reply = (message: EncoderReply, transfer: Transferable[] = []) => postMessage(message, { transfer });

  self.onmessage = async (event: MessageEvent<EncoderRequest>) => {
    const request = event.data;
    if (request.type === "abort") {
      running.get(request.id)?.abort();
      return;
    }
    const controller = new AbortController();
    running.set(request.id, controller);
    try {
      if (request.type === "load") {
        await functions.load();
        reply({ type: "loaded", id: request.id });
        return;
      }
      const vectors = await functions.encode(request.texts, controller.signal);
      const dimensions = vectors[0]?.length ?? 0;
      const flat = new Float32Array(vectors.length * dimensions);
      for (const [i, vector] of vectors.entries()) flat.set(vector, i * dimensions);
      reply({ type: "encoded", id: request.id, count: vectors.length, dimensions, vectors: flat }, [flat.buffer]);
    } catch (error) {
      reply({ type: "failed", id: request.id, message: error instanceof Error ? error.message : String(error) });
    } finally {
      running.delete(request.id);
    }
  };
}
