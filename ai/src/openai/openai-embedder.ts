// Embeddings through LangChain's OpenAIEmbeddings, in batches of at most 256 texts.

import type { OpenAIEmbeddings } from "@langchain/openai";
import type { Embedder } from "../types";
import { type RetryOptions, withRetries } from "./with-retries";

export const EMBEDDING_DIMENSIONS = 1536;
export const EMBEDDING_BATCH_SIZE = 256;

export function createOpenAiEmbedder(embeddings: OpenAIEmbeddings, model: string, retry: RetryOptions): Embedder {
  return {
    model,
    dimensions: EMBEDDING_DIMENSIONS,
    async embed(texts: string[], signal?: AbortSignal): Promise<number[][]> {
      const vectors: number[][] = [];
      for (let i = 0; i < texts.length; i += EMBEDDING_BATCH_SIZE) {
        // The API rejects empty strings; a single space embeds to a harmless "nothing" vector.
        const batch = texts.slice(i, i + EMBEDDING_BATCH_SIZE).map((text) => (text.trim().length > 0 ? text : " "));
        // OpenAIEmbeddings takes no AbortSignal, so aborts are honoured between batches and retries.
        const result = await withRetries(() => embeddings.embedDocuments(batch), { ...retry, signal });
        vectors.push(...result.map((vector) => checkVector(vector)));
      }
      if (vectors.length !== texts.length) {
        throw new Error(`The AI service returned ${vectors.length} embeddings for ${texts.length} texts`);
      }
      return vectors;
    },
  };
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
