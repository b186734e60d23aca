// Advisor meetings written for the summariser (ai/test-support/summary-fixtures.ts): plain sentences without speaker
// prefixes, greetings or fillers; key points with the figures said; only real commitments, each with who committed
// or was asked and the due date said.
import { describe, expect, test } from "bun:test";
import { checkSummary } from "../../test-support/summary-checks";
import { fixtureInput, SUMMARY_FIXTURES } from "../../test-support/summary-fixtures";
import type { Embedder } from "../types";
import { summariseExtractive } from "./summarise-extractive";
import { displayName, toThirdPerson } from "./third-person";

describe("summary fixtures", () => {
  test.each(SUMMARY_FIXTURES.map((fixture) => [fixture.name, fixture] as const))("%s", async (_name, fixture) => {
    const summary = await summariseExtractive(fixtureInput(fixture));
    expect(checkSummary(fixture, summary)).toEqual([]);
  });

  test("uses the embedder in batches, and falls back to TF-IDF when it fails", async () => {
    const batches: number[] = [];
    const embedder: Embedder = {
      model: "test",
      dimensions: 1536,
      async embed(texts) {
        batches.push(texts.length);
        return texts.map((text) => Array.from({ length: 8 }, (_, i) => (text.charCodeAt(i) || 1) / 100));
      },
    };
    const fixture = SUMMARY_FIXTURES[0]!;
    const summary = await summariseExtractive(fixtureInput(fixture), { embedder });
    expect(batches.length).toBeGreaterThan(0);
    expect(checkSummary(fixture, summary)).toEqual([]);
    const failing: Embedder = { ...embedder, embed: () => Promise.reject(new Error("model missing")) };
    const fallback = await summariseExtractive(fixtureInput(fixture), { embedder: failing });
    expect(checkSummary(fixture, fallback)).toEqual([]);
  });

  test("stops when aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    const embedder: Embedder = { model: "test", dimensions: 1536, embed: async (t) => t.map(() => [1]) };
    await expect(
      summariseExtractive(fixtureInput(SUMMARY_FIXTURES[1]!), { embedder, signal: controller.signal }),
    ).rejects.toThrow();
  });
});

describe("toThirdPerson", () => {
  test.each([
    ["I recommend we rebalance to sixty forty.", "Dana recommended we rebalance to sixty forty."],
    ["I'll send the list by Thursday.", "Dana will send the list by Thursday."],
    ["I'd suggest you increase the contribution.", "Dana would suggest Marcus increase the contribution."],
    ["You're at seventy-two percent.", "Marcus is at seventy-two percent."],
    ["Let's meet again on March 12th.", "Dana suggested they meet again on March 12th."],
    ["I think my brother should decide.", null],
    ["Equities did most of the work.", null],
  ])("%s", (sentence, expected) => {
    expect(toThirdPerson(sentence, "Dana Whitfield", "Marcus Okafor")).toBe(expected);
  });

  test("names people by first name and roles whole", () => {
    expect(displayName("Dana Whitfield")).toBe("Dana");
    expect(displayName("Project Manager")).toBe("Project Manager");
    expect(displayName("SPEAKER_01")).toBe("SPEAKER_01");
  });
});
