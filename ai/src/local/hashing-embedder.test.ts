import { describe, expect, test } from "bun:test";
import { stemWord } from "../language/tokens";
import { createHashingEmbedder } from "./hashing-embedder";

const embedder = createHashingEmbedder();
const dot = (a: number[], b: number[]) => a.reduce((sum, value, i) => sum + value * (b[i] ?? 0), 0);

describe("createHashingEmbedder", () => {
  test("produces 1536-dimension unit vectors under the local model name", async () => {
    expect(embedder.model).toBe("local-hashing-v1");
    expect(embedder.dimensions).toBe(1536);
    const vectors = await embedder.embed(["Rebalance the portfolio to sixty forty.", "", "the and of"]);
    expect(vectors).toHaveLength(3);
    for (const vector of vectors) {
      expect(vector).toHaveLength(1536);
      expect(Math.sqrt(dot(vector, vector))).toBeCloseTo(1, 9);
      expect(vector.every(Number.isFinite)).toBe(true);
    }
  });

  test("is deterministic across calls and embedder instances", async () => {
    const text = "Dana will prepare the trade list by Friday.";
    const [first] = await embedder.embed([text]);
    const [second] = await createHashingEmbedder().embed([text]);
    expect(first).toEqual(second!);
  });

  test("places related texts closer than unrelated ones", async () => {
    const [query, related, unrelated] = await embedder.embed([
      "rebalancing the portfolio towards bonds",
      "We rebalanced your portfolio: fewer equities, more bonds.",
      "Sofia will send the camera invoices for the tax return.",
    ]);
    expect(dot(query!, related!)).toBeGreaterThan(0.3);
    expect(dot(query!, related!)).toBeGreaterThan(dot(query!, unrelated!) + 0.2);
  });

  test("ignores case, stop words and common suffixes", async () => {
    const [a, b] = await embedder.embed(["The INVOICES were checked", "invoice checking"]);
    expect(dot(a!, b!)).toBeCloseTo(dot(a!, a!), 6);
    expect(stemWord("rebalancing")).toBe(stemWord("rebalance"));
    expect(stemWord("policies")).toBe(stemWord("policy"));
    expect(stemWord("planned")).toBe(stemWord("plans"));
  });

  test("stops when aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(embedder.embed(["text"], controller.signal)).rejects.toThrow();
  });
});
