import { describe, expect, test } from "bun:test";
import type { Embedder } from "../../types";
import { createEmbeddingMemo } from "./embedding-memo";

/** Vectors of 1,536 values, the first few set from the text (the rest zero, as the local encoder's padding). */
function countingEmbedder(model = "use-lite-512"): Embedder & { calls: string[][]; fail?: Error } {
  const calls: string[][] = [];
  const embedder = {
    calls,
    fail: undefined as Error | undefined,
    model,
    dimensions: 1536 as const,
    async embed(texts: string[]) {
      calls.push(texts);
      if (embedder.fail) throw embedder.fail;
      return texts.map((text) => {
        const v = new Array<number>(1536).fill(0);
        for (let i = 0; i < 4; i++) v[i] = (text.charCodeAt(i % text.length) / 128) * (i % 2 ? -1 : 1);
        v[1] = Math.fround(text.length / 7);
        return v;
      });
    },
  };
  return embedder;
}

describe("the embedding memo", () => {
  test("a text embedded once is not embedded again for the account, and its vector comes back the same", async () => {
    const inner = countingEmbedder();
    const memo = createEmbeddingMemo();
    const first = await memo.wrap(inner, 1).embed(["the RMD", "the rollover"]);
    const again = await memo.wrap(inner, 1).embed(["the rollover", "the trust", "the RMD"]);
    expect(inner.calls).toEqual([["the RMD", "the rollover"], ["the trust"]]);
    expect(again[0]).toEqual(first[1]!);
    expect(again[2]).toEqual(first[0]!);
    expect(again[0]).toHaveLength(1536);
    expect(again[1]).toEqual((await inner.embed(["the trust"]))[0]!);
  });

  test("a question whose texts are all remembered does not call the embedder (nor wait for its queue)", async () => {
    const inner = countingEmbedder();
    const memo = createEmbeddingMemo();
    await memo.wrap(inner, 1).embed(["a", "b"]);
    inner.fail = new Error("the encoder is busy");
    expect(await memo.wrap(inner, 1).embed(["b", "a", "b"])).toHaveLength(3);
    expect(inner.calls).toHaveLength(1);
  });

  test("each account embeds its own texts, and another model's vectors are not mixed in", async () => {
    const inner = countingEmbedder();
    const memo = createEmbeddingMemo();
    await memo.wrap(inner, 1).embed(["the trust"]);
    await memo.wrap(inner, 2).embed(["the trust"]);
    inner.model = "local-hashing-v1";
    await memo.wrap(inner, 1).embed(["the trust"]);
    expect(inner.calls).toEqual([["the trust"], ["the trust"], ["the trust"]]);
  });

  test("a failed call remembers nothing; a text asked twice in one call is embedded once", async () => {
    const inner = countingEmbedder();
    const memo = createEmbeddingMemo();
    inner.fail = new Error("deadline");
    await expect(memo.wrap(inner, 1).embed(["x"])).rejects.toThrow("deadline");
    inner.fail = undefined;
    const [a, b] = await memo.wrap(inner, 1).embed(["x", "x"]);
    expect(a).toEqual(b!);
    expect(inner.calls).toEqual([["x"], ["x"]]);
  });

  test("bounded in bytes: the least recently used text goes first", async () => {
    const inner = countingEmbedder();
    // Each entry: 4 values (8 bytes each) and its key (the text's SHA-256 in base64, 44 characters); room for two.
    const memo = createEmbeddingMemo({ maxBytes: 2 * (32 + 2 * ("1\u0000use-lite-512\u0000".length + 44)) });
    const wrapped = memo.wrap(inner, 1);
    await wrapped.embed(["a", "b"]);
    await wrapped.embed(["a"]); // "a" used last: "b" is the oldest
    await wrapped.embed(["c"]);
    expect(memo.size).toBe(2);
    await wrapped.embed(["a", "c"]);
    await wrapped.embed(["b"]);
    expect(inner.calls).toEqual([["a", "b"], ["c"], ["b"]]);
  });
});
