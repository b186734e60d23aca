import { describe, expect, test } from "bun:test";
import { LOCAL_EMBEDDING_MODEL } from "./hashing-embedder";
import { createLocalEmbedder, SENTENCE_ENCODER_MODEL } from "./local-embedder";

const dot = (a: number[], b: number[]) => a.reduce((sum, value, i) => sum + value * (b[i] ?? 0), 0);

describe("createLocalEmbedder (Universal Sentence Encoder lite)", () => {
  const embedder = createLocalEmbedder({
    onFallback: (error) => {
      throw error;
    },
  });

  test("512-dimension unit vectors, zero-padded to the column's 1536, one per text even when texts are empty", async () => {
    const texts = ["Rebalance the portfolio to sixty forty.", "", "   ", "the and of", ""];
    const vectors = await embedder.embed(texts);
    expect(embedder.model).toBe(SENTENCE_ENCODER_MODEL);
    expect(embedder.dimensions).toBe(1536);
    expect(vectors).toHaveLength(texts.length);
    for (const vector of vectors) {
      expect(vector).toHaveLength(1536);
      expect(Math.sqrt(dot(vector, vector))).toBeCloseTo(1, 4);
      expect(vector.slice(512).every((v) => v === 0)).toBe(true);
    }
    expect(await embedder.embed([])).toEqual([]);
  });

  test("meaning, not shared words: a paraphrase is nearer than a text sharing the words", async () => {
    const [question, paraphrase, sameWords] = await embedder.embed([
      "How much is left in the college savings account?",
      "The 529 plan balance is sixty-four thousand dollars.",
      "We left the account meeting early to save time for college football.",
    ]);
    expect(dot(question!, paraphrase!)).toBeGreaterThan(dot(question!, sameWords!));
  });

  test("the same text gives the same vector, alone or in a batch of more than one model call", async () => {
    const texts = Array.from({ length: 40 }, (_, i) => `Item ${i}: review the trust deed amendment.`);
    const batch = await embedder.embed(texts);
    const [alone] = await embedder.embed([texts[37]!]);
    expect(dot(batch[37]!, alone!)).toBeCloseTo(1, 4);
  });

  test("texts of mixed lengths (batched by length inside) come back in the order given", async () => {
    const texts = [
      "The trustee will review the amendment with the family before the next quarter begins, and the accountant will send the estimate of the quarterly payments.",
      "Bonds.",
      "Rebalance to sixty forty before June.",
    ];
    const together = await embedder.embed(texts);
    for (const [i, text] of texts.entries()) {
      const [alone] = await embedder.embed([text]);
      expect(dot(together[i]!, alone!)).toBeCloseTo(1, 4);
    }
  });

  test("an aborted embedding stops", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(embedder.embed(["text"], controller.signal)).rejects.toThrow();
  });
});

describe("createLocalEmbedder when the model cannot load", () => {
  test("falls back to hashing for good, says so once, and names the hashing model", async () => {
    const told: string[] = [];
    const embedder = createLocalEmbedder({
      load: () => Promise.reject(new Error("weights missing")),
      onFallback: (error) => told.push(error.message),
    });
    const [first] = await embedder.embed(["Rebalance the portfolio"]);
    await embedder.embed(["again"]);
    expect(embedder.model).toBe(LOCAL_EMBEDDING_MODEL);
    expect(first).toHaveLength(1536);
    expect(told).toEqual(["weights missing"]);
  });
});
