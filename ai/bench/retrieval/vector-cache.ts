// A file of sentence-encoder vectors by text, for benchmark runs only: the QMSum corpus takes minutes to embed on this
// machine, so runs that compare retrieval settings read the vectors the first run made. Indexing throughput is only
// reported from a run that embedded for real (the cache misses are counted).
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import type { Embedder } from "../../src/types";

const DIMS = 512;

export interface CachedEmbedder extends Embedder {
  /** Texts embedded for real (not found in the cache) since the start. */
  misses(): number;
  save(): void;
}

const keyOf = (text: string) => createHash("sha1").update(text).digest("hex");

export function withVectorCache(inner: Embedder, path: string): CachedEmbedder {
  const cache = new Map<string, Float32Array>();
  if (existsSync(path)) {
    const buffer = readFileSync(path);
    const entry = 20 + DIMS * 4;
    for (let offset = 0; offset + entry <= buffer.length; offset += entry) {
      const key = buffer.subarray(offset, offset + 20).toString("hex");
      cache.set(
        key,
        new Float32Array(buffer.buffer.slice(buffer.byteOffset + offset + 20, buffer.byteOffset + offset + entry)),
      );
    }
  }
  let misses = 0;
  let dirty = false;
  const pad = (v: Float32Array) => {
    const out = new Array<number>(1536).fill(0);
    for (let i = 0; i < DIMS; i++) out[i] = v[i]!;
    return out;
  };
  return {
    get model() {
      return inner.model;
    },
    dimensions: 1536,
    misses: () => misses,
    async embed(texts, signal) {
      const keys = texts.map(keyOf);
      const missing = [...new Set(keys.filter((k) => !cache.has(k)))];
      if (missing.length) {
        const textOf = new Map(keys.map((k, i) => [k, texts[i]!]));
        const vectors = await inner.embed(
          missing.map((k) => textOf.get(k)!),
          signal,
        );
        missing.forEach((k, i) => {
          cache.set(k, Float32Array.from(vectors[i]!.slice(0, DIMS)));
        });
        misses += missing.length;
        dirty = true;
      }
      return keys.map((k) => pad(cache.get(k)!));
    },
    save() {
      if (!dirty) return;
      const parts: Buffer[] = [];
      for (const [key, vector] of cache) {
        parts.push(Buffer.from(key, "hex"), Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength));
      }
      writeFileSync(path, Buffer.concat(parts));
      dirty = false;
    },
  };
}
