import { afterAll, describe, expect, test } from "bun:test";
import { boundFromBaseline, measureBaselineMs, timeMs } from "../../test-support/timing-baseline";
import { LOCAL_EMBEDDING_MODEL } from "./hashing-embedder";
import { createLocalEmbedder, SENTENCE_ENCODER_MODEL } from "./local-embedder";
import { createEncoderThread } from "./sentence-encoder-thread";

const fixture = new URL("./sentence-encoder-thread.test-worker.ts", import.meta.url).href;

describe("the encoder thread's message passing", () => {
  const thread = createEncoderThread(fixture);
  afterAll(() => thread.terminate());

  test("vectors come back in order, one per text", async () => {
    expect(await thread.encode(["ab", "abcd", ""])).toEqual([
      [2, 1, 2],
      [4, 1, 2],
      [0, 1, 2],
    ]);
    expect(await thread.encode([])).toEqual([]);
  });

  test("a failure on the thread rejects with an Error carrying its message, and the thread serves on", async () => {
    const failed = thread.encode(["ok", "fail"]);
    await expect(failed).rejects.toBeInstanceOf(Error);
    await expect(failed).rejects.toThrow("the encoder failed on this batch");
    expect(await thread.encode(["abc"])).toEqual([[3, 1, 2]]);
  });

  test("a model that cannot load rejects every time", async () => {
    await expect(thread.load()).rejects.toThrow("weights missing");
    await expect(thread.load()).rejects.toThrow("weights missing");
  });

  test("an abort rejects at once, the late result is dropped, and later requests get their own answers", async () => {
    // Baseline: a quick round trip to the thread, just before; the bound stays under the slow text's 300 ms.
    const roundTrip = await measureBaselineMs(() => thread.encode(["ab"]), 3);
    const controller = new AbortController();
    const slow = thread.encode(["slow"], controller.signal);
    const ms = await timeMs(async () => {
      controller.abort(new Error("the advisor left"));
      await expect(slow).rejects.toThrow("the advisor left");
    });
    expect(ms).toBeLessThan(boundFromBaseline(roundTrip, { factor: 10, floorMs: 100, ceilingMs: 250 }));
    expect(await thread.encode(["abcde"])).toEqual([[5, 1, 2]]);
    const already = new AbortController();
    already.abort();
    await expect(thread.encode(["a"], already.signal)).rejects.toThrow();
  });

  test("a thread that dies fails what it was doing, and the next request starts a new one", async () => {
    await expect(thread.encode(["crash"])).rejects.toThrow("thread failed");
    expect(await thread.encode(["ab"])).toEqual([[2, 1, 2]]);
  });
});

describe("createLocalEmbedder on a thread whose model cannot load", () => {
  test("falls back to hashing for good, says so once, and names the hashing model", async () => {
    const thread = createEncoderThread(fixture);
    const told: string[] = [];
    const embedder = createLocalEmbedder({ runOn: thread, onFallback: (error) => told.push(error.message) });
    expect(embedder.model).toBe(SENTENCE_ENCODER_MODEL);
    const [first] = await embedder.embed(["Rebalance the portfolio"]);
    await embedder.embed(["again"]);
    expect(embedder.model).toBe(LOCAL_EMBEDDING_MODEL);
    expect(first).toHaveLength(1536);
    expect(told).toEqual(["weights missing"]);
    thread.terminate();
  });
});
