import type { Embedder } from "@cm/ai";

/**
 * The embedder with a memory of the texts it has embedded: the seeded meetings repeat a few transcript templates, so
 * each distinct chunk or window is embedded once by the real model (hours of encoder time become minutes) and the
 * stored vectors are exactly what the product would have written.
 */
export function cachedEmbedder(embedder: Embedder): Embedder & { distinctTexts(): number } {
  const vectors = new Map<string, number[]>();
  return {
    get model() {
      return embedder.model;
    },
    dimensions: embedder.dimensions,
    distinctTexts: () => vectors.size,
    async embed(texts, signal, options) {
      const missing = [...new Set(texts.filter((text) => !vectors.has(text)))];
      if (missing.length > 0) {
        const fresh = await embedder.embed(missing, signal, options);
        for (const [i, text] of missing.entries()) vectors.set(text, fresh[i]!);
      }
      return texts.map((text) => vectors.get(text)!);
    },
  };
}
