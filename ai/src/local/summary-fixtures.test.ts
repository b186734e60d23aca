// Advisor meetings written for the summariser (ai/test-support/summary-fixtures.ts): plain sentences without speaker
// prefixes, greetings or fillers; key points with the figures said; only real commitments, each with who committed
// or was asked and the due date said.
import { describe, expect, test } from "bun:test";
import factConfidence from "../../fitted/fact-confidence.json";
import { checkSummary } from "../../test-support/summary-checks";
import { fixtureInput, SUMMARY_FIXTURES } from "../../test-support/summary-fixtures";
import { summariseExtractive } from "./summarise-extractive";

describe("summary fixtures", () => {
  test.each(SUMMARY_FIXTURES.map((fixture) => [fixture.name, fixture] as const))("%s", async (_name, fixture) => {
    const summary = await summariseExtractive(fixtureInput(fixture), { confidence: factConfidence });
    expect(checkSummary(fixture, summary)).toEqual([]);
  });

  test("stops when aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      summariseExtractive(fixtureInput(SUMMARY_FIXTURES[1]!), {
        confidence: factConfidence,
        signal: controller.signal,
      }),
    ).rejects.toThrow();
  });
});
