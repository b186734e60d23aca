import { describe, expect, test } from "bun:test";
import { createHashingEmbedder } from "../../local/hashing-embedder";
import type { Embedder } from "../../types";
import type { Passage } from "../answer-types";
import { scoreForQuestion } from "../rank/score-sentences";
import { type EmbeddingState, questionEmbedder } from "./question-embedding";

const hashing = createHashingEmbedder();

function counting(): { embedder: Embedder; calls: string[][] } {
  const calls: string[][] = [];
  return {
    calls,
    embedder: {
      model: hashing.model,
      dimensions: hashing.dimensions,
      embed: (texts) => {
        calls.push(texts);
        return hashing.embed(texts);
      },
    },
  };
}

const passage: Passage = {
  meetingId: 1,
  title: "Annual Portfolio Review",
  date: new Date(2025, 3, 14),
  clientName: "Okafor Family Trust",
  source: "transcript",
  content: "Dana Whitfield: The 529 balance is sixty-four thousand. We will rebalance to sixty forty in June.",
  startSeconds: 0,
  speakers: ["Dana Whitfield"],
};

describe("the question's embedder", () => {
  test("scoring sends no sentence through the engine's embedder: the question's one embedding is retrieval's", async () => {
    const { embedder, calls } = counting();
    const quick = questionEmbedder(embedder, {});
    const question = "What is the 529 balance?";
    const [forRetrieval] = await quick.embed([question]);
    const scored = await scoreForQuestion(quick, question, ["amount"], [passage]);
    expect(scored[0]?.text).toBe("The 529 balance is sixty-four thousand.");
    expect(calls).toEqual([[question]]);
    expect(await quick.embed([question])).toEqual([forRetrieval!]);
  });

  test("when no sentence is answerable by its words, the engine's embedder scores them again", async () => {
    const calls: string[][] = [];
    // An engine whose vectors see meaning: every text is close to every other.
    const meaningful: Embedder = {
      model: "meaning",
      dimensions: 1536,
      embed: (texts) => {
        calls.push(texts);
        return Promise.resolve(texts.map(() => [1, 0, 0]));
      },
    };
    const quick = questionEmbedder(meaningful, {});
    const scored = await scoreForQuestion(quick, "How much is put aside for tuition?", ["amount"], [passage]);
    expect(calls.flat()).toContain("How much is put aside for tuition?");
    expect(calls.flat().length).toBeGreaterThan(1);
    expect(scored.length).toBeGreaterThan(0);
  });

  test("texts repeated in one batch are embedded once, and come back in the order given", async () => {
    const { embedder, calls } = counting();
    const quick = questionEmbedder(embedder, {});
    const vectors = await quick.embed(["rebalance portfolio", "college savings", "rebalance portfolio"]);
    expect(calls).toEqual([["rebalance portfolio", "college savings"]]);
    expect(vectors[0]).toEqual(vectors[2]!);
    expect(vectors[0]).not.toEqual(vectors[1]!);
  });

  test("after its one try fails, nothing more is embedded and sentences are scored by hashing", async () => {
    const calls: string[][] = [];
    const failing: Embedder = {
      model: "remote",
      dimensions: 1536,
      embed: (texts) => {
        calls.push(texts);
        return Promise.reject(new Error("service down"));
      },
    };
    const state: EmbeddingState = {};
    const quick = questionEmbedder(failing, state);
    await expect(quick.embed(["q"])).rejects.toThrow("service down");
    const scored = await scoreForQuestion(quick, "What is the 529 balance?", ["amount"], [passage]);
    expect(scored.length).toBeGreaterThan(0);
    expect(state.failure).toBe("service down");
    expect(calls).toHaveLength(1);
  });
});
