// The sentence encoder on a thread of its own: about 20 ms of synchronous WebAssembly per sentence would otherwise
// stall every other request of the HTTP server while a question is answered. The thread starts on first use, once
// per process; it keeps the process alive only while an embedding is awaited, and ends with the process. A thread
// that dies fails its pending embeddings and is started again on the next one.

import type { EncoderReply, EncoderRequest } from "./sentence-encoder-protocol";

export interface EncoderThread {
  /** Resolves once the model has loaded on the thread; rejects (every time) when it cannot load. */
  load(): Promise<void>;
  /** The same contract as `encodeSentences`: one vector per text, in order; an abort rejects at once. */
  encode(texts: string[], signal?: AbortSignal): Promise<number[][]>;
  /** Ends the thread; pending embeddings fail. */
  terminate(): void;
}

/** Bun's Worker: `unref` lets the process end while the thread idles, `ref` holds it while a reply is awaited. */
type BunWorker = Worker & { ref(): void; unref(): void };

interface Pending {
  resolve(reply: EncoderReply): void;
  reject(error: Error): void;
}

const WORKER_ENTRY = new URL("./sentence-encoder-worker.ts", import.meta.url).href;

/** A thread running `entry` (a module calling `serveEncoderRequests`); the real encoder's unless a test names one. */
export function createEncoderThread(entry: string = WORKER_ENTRY): EncoderThread {
  let worker: BunWorker | undefined;
  let loading: Promise<void> | undefined;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  function failAll(message: string): void {
    const waiting = [...pending.values()];
    pending.clear();
    for (const request of waiting) request.reject(new Error(message));
  }

  function thread(): BunWorker {
    if (worker) return worker;
    const started = new Worker(entry) as BunWorker;
    started.unref();
    started.onmessage = (event: MessageEvent<EncoderReply>) => {
      const request = pending.get(event.data.id);
      if (!request) return; // aborted meanwhile: the late result is dropped
      settle(event.data.id);
      request.resolve(event.data);
    };
    started.onerror = (event) => {
      event.preventDefault?.();
      started.terminate();
      if (worker === started) {
        worker = undefined;
        loading = undefined;
      }
      failAll(`The sentence encoder's thread failed: ${event.message}`);
    };
    worker = started;
    return started;
  }

  /** The thread holds the process open only while someone awaits it. */
  function settle(id: number): void {
    pending.delete(id);
    if (pending.size === 0) worker?.unref();
  }

  function send(request: EncoderRequest, signal?: AbortSignal): Promise<EncoderReply> {
    return new Promise<EncoderReply>((resolve, reject) => {
      signal?.throwIfAborted();
      const target = thread();
      const onAbort = () => {
        if (!pending.has(request.id)) return;
        settle(request.id);
        target.postMessage({ type: "abort", id: request.id } satisfies EncoderRequest);
        reject(signal?.reason instanceof Error ? signal.reason : new Error("The embedding was aborted."));
      };
      pending.set(request.id, {
        resolve: (reply) => {
          signal?.removeEventListener("abort", onAbort);
          if (reply.type === "failed") reject(new Error(reply.message));
          else resolve(reply);
        },
        reject: (error) => {
          signal?.removeEventListener("abort", onAbort);
          reject(error);
        },
      });
      signal?.addEventListener("abort", onAbort, { once: true });
      target.ref();
      target.postMessage(request);
    });
  }

  return {
    load() {
      loading ??= send({ type: "load", id: nextId++ }).then(() => undefined);
      return loading;
    },
    async encode(texts, signal) {
      if (texts.length === 0) return [];
      const reply = await send({ type: "encode", id: nextId++, texts }, signal);
      if (reply.type !== "encoded") throw new Error(`The sentence encoder's thread answered "${reply.type}".`);
      const vectors: number[][] = [];
      for (let i = 0; i < reply.count; i++) {
        vectors.push(Array.from(reply.vectors.subarray(i * reply.dimensions, (i + 1) * reply.dimensions)));
      }
      return vectors;
    },
    terminate() {
      worker?.terminate();
      worker = undefined;
      loading = undefined;
      failAll("The sentence encoder's thread was stopped.");
    },
  };
}

let processThread: EncoderThread | undefined;

/** This process's encoder thread, started on first use. */
export function sentenceEncoderThread(): EncoderThread {
  processThread ??= createEncoderThread();
  return processThread;
}
