import { describe, expect, test } from "bun:test";
import { splitSegmentsIntoSentences } from "../split-sentences";
import { confirmedReadBack, isReadBack } from "./confirmed-read-back";

function turns(lines: [string, string][]) {
  return splitSegmentsIntoSentences(lines.map(([speaker, text], i) => ({ speaker, text, start: i, end: i + 1 })));
}

describe("confirmedReadBack", () => {
  test("a figure read back and confirmed becomes a statement", () => {
    const sentences = turns([
      ["Ada Rowe", "The lease runs at forty-two hundred a month?"],
      ["Ben Hall", "Yes, through next spring."],
    ]);
    expect(confirmedReadBack(sentences[0]!, sentences)?.text).toBe("The lease runs at forty-two hundred a month.");
  });

  test("a question that asks, an unconfirmed read-back and a figure-less question stay questions", () => {
    const asks = turns([
      ["Ada Rowe", "How much is the lease, twenty a month?"],
      ["Ben Hall", "Yes."],
    ]);
    expect(confirmedReadBack(asks[0]!, asks)).toBeNull();
    const denied = turns([
      ["Ada Rowe", "Nine employees?"],
      ["Ben Hall", "No, eleven now."],
    ]);
    expect(confirmedReadBack(denied[0]!, denied)).toBeNull();
    const plain = turns([
      ["Ada Rowe", "The lease is with your brother?"],
      ["Ben Hall", "Yes."],
    ]);
    expect(confirmedReadBack(plain[0]!, plain)).toBeNull();
  });
});

describe("isReadBack", () => {
  test.each([
    ["And you earned about 48,000 on the side?", true],
    ["Luis, what about your pension and the 403(b)?", false],
    ["How much is left on the mortgage, 300,000?", false],
    ["The lease is with your brother?", false],
  ])("%s", (text, expected) => {
    expect(isReadBack(text)).toBe(expected);
  });
});
