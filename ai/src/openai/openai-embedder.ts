// Embeddings through LangChain's OpenAIEmbeddings, in batches of at most 256 texts. Indexing retries with backoff;
// a question on the request path (`deadlineMs`) gets one short try on a client with that timeout, so a slow or
// failing service costs the advisor seconds, not minutes, and the caller falls back to full-text search.

import { OpenAIEmbeddings } from "@langchain/openai";
import type { Embedder, EmbedOptions } from "../types";
import { isAbortError, toAiError } from "./ai-errors";
import type { OpenAiConnection } from "./chat-model-context";
import { type RetryOptions, withRetries } from "./with-retries";

export const EMBEDDING_DIMENSIONS = 1536;
export const EMBEDDING_BATCH_SIZE = 256;

export function createOpenAiEmbedder(
  { apiKey, baseURL, fetch }: OpenAiConnection,
  model: string,
  timeoutMs: number,
  retry: RetryOptions,
): Embedder {
  // One client per request timeout; none retries on its own, as withRetries does.
  const clients = new Map<number, OpenAIEmbeddings>();
  const clientWithTimeout = (timeout: number) => {
    let client = clients.get(timeout);
    if (!client) {
      client = new OpenAIEmbeddings({
        apiKey,
        model,
        dimensions: EMBEDDING_DIMENSIONS,
        batchSize: EMBEDDING_BATCH_SIZE,
        maxRetries: 0,
        timeout,
        configuration: { baseURL, fetch },
      });
      clients.set(timeout, client);
    }
    return client;
  };

  async function embedOnce(batch: string[], deadlineMs: number, signal?: AbortSignal): Promise<number[][]> {
    signal?.throwIfAborted();
    const call = clientWithTimeout(deadlineMs).embedDocuments(batch);
    // OpenAIEmbeddings takes no AbortSignal: the deadline (and the caller's abort) stop waiting; a client made with
    // the deadline as its timeout also ends the request itself.
    const deadline = AbortSignal.timeout(deadlineMs);
    const stop = signal ? AbortSignal.any([signal, deadline]) : deadline;
    try {
      return await new Promise<number[][]>((resolve, reject) => {
        const onStop = () => reject(signal?.aborted ? signal.reason : timeoutError(deadlineMs));
        if (stop.aborted) return onStop();
        stop.addEventListener("abort", onStop, { once: true });
        call.then(resolve, reject).finally(() => stop.removeEventListener("abort", onStop));
      });
    } catch (error) {
      if (isAbortError(error, signal)) throw error;
      throw toAiError(error, signal);
    }
  }

  return {
    model,
    dimensions: EMBEDDING_DIMENSIONS,
    async embed(texts: string[], signal?: AbortSignal, options?: EmbedOptions): Promise<number[][]> {
      const vectors: number[][] = [];
      for (let i = 0; i < texts.length; i += EMBEDDING_BATCH_SIZE) {
        // The API rejects empty strings; a single space embeds to a harmless "nothing" vector.
        const batch = texts.slice(i, i + EMBEDDING_BATCH_SIZE).map((text) => (text.trim().length > 0 ? text : " "));
        const deadlineMs = options?.deadlineMs;
        // Without a deadline, aborts are honoured between batches and retries.
        const result =
          deadlineMs === undefined
            ? await withRetries(() => clientWithTimeout(timeoutMs).embedDocuments(batch), { ...retry, signal })
            : await embedOnce(batch, deadlineMs, signal);
        vectors.push(...result.map((vector) => checkVector(vector)));
      }
      if (vectors.length !== texts.length) {
        throw new Error(`The AI service returned ${vectors.length} embeddings for ${texts.length} texts`);
      }
      return vectors;
    },
  };
}

/** Named like the SDK's timeout, so it reads as "did not answer in time". */
function timeoutError(ms: number): Error {
  const error = new Error(`No embedding within ${ms} ms`);
  error.name = "TimeoutError";
  return error;
}

function checkVector(vector: ArrayLike<number>): number[] {
  if (vector.length !== EMBEDDING_DIMENSIONS) {
    throw new Error(
      `The AI service returned embeddings of dimension ${vector.length}, expected ${EMBEDDING_DIMENSIONS} (check the embedding model)`,
    );
  }
  // The SDK may hand back Float32Array views of base64 data; callers store plain arrays.
  return Array.from(vector);
}
