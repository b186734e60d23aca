import { describe, expect, test } from "bun:test";
import { leadOf, scoreLead } from "./lead-scoring";

const FACT = ["\\b362\\b"];

describe("where an answer carries its fact", () => {
  test("the lead is the first paragraph, markdown stripped", () => {
    expect(leadOf("**The house appraised at 362,000.** — Ruth, [Estate (May 2)](/meetings/3)\n\n> quote")).toBe(
      "The house appraised at 362,000. — Ruth, Estate (May 2)",
    );
  });

  test("a confident answer with the fact in its lead is not a wrong lead", () => {
    const score = scoreLead({ result: "**Appraised at 362,000.**\n\n> more", found: true }, FACT, [], false);
    expect(score).toMatchObject({ confident: true, factInLead: true, factIn400: true, wrongLead: false });
  });

  test("a confident answer with the fact only in its passages is a wrong lead, though the fact is within 400", () => {
    const result = "**So the house is on Larkspur Lane.**\n\n**Supporting quotes**\n\n> It came back at 362.";
    const score = scoreLead({ result, found: true }, FACT, [], false);
    expect(score).toMatchObject({ confident: true, factInLead: false, factIn400: true, wrongLead: true });
  });

  test("the response's own confidence decides when it has one", () => {
    const result = "I'm not sure. The closest passages:\n\n> It came back at 362.";
    const score = scoreLead({ result, found: true, confidence: "passages" }, FACT, [], false);
    expect(score).toMatchObject({ confident: false, wrongLead: false, factIn400: true });
  });

  test("a confident answer to a question nothing answers is a wrong lead; nothing found is not", () => {
    expect(scoreLead({ result: "**Delacroix: adoption filed.**", found: true }, [], [], true).wrongLead).toBe(true);
    expect(scoreLead({ result: "I couldn't find anything.", found: false }, [], [], true).wrongLead).toBe(false);
  });

  test("a client that must not be named there keeps the fact out of the lead", () => {
    const score = scoreLead({ result: "**Pruitt and Marsh: 362.**", found: true }, FACT, ["Marsh"], false);
    expect(score.factInLead).toBe(false);
  });
});
