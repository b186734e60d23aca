import { describe, expect, test } from "bun:test";
import { splitSegmentsIntoSentences } from "../../language/sentences";
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

describe("confirmedReadBack, confirmed by saying it again", () => {
  test("the reply repeats the figure instead of saying yes", () => {
    const said = turns([
      ["Ada Rowe", "Payroll last year came to about $2.7 million?"],
      ["Ben Hall", "Two point seven, give or take."],
    ]);
    expect(confirmedReadBack(said[0]!, said)?.text).toBe("Payroll last year came to about $2.7 million.");
    const count = turns([
      ["Ada Rowe", "And twenty-two drivers?"],
      ["Ben Hall", "Twenty-two, counting my nephew."],
    ]);
    expect(confirmedReadBack(count[0]!, count)?.text).toBe("And twenty-two drivers.");
  });

  test("a tag question is checked like a figure, and confirmed by its words said again", () => {
    const said = turns([
      ["Ada Rowe", "You closed the old checking account last month, is that right?"],
      ["Ben Hall", "Last month, the tenth."],
    ]);
    expect(confirmedReadBack(said[0]!, said)?.text).toBe("You closed the old checking account last month.");
  });

  test("a reply that repeats another figure, or corrects, does not confirm", () => {
    const other = turns([
      ["Ada Rowe", "And twenty-two drivers?"],
      ["Ben Hall", "Thirty now."],
    ]);
    expect(confirmedReadBack(other[0]!, other)).toBeNull();
    const corrected = turns([
      ["Ada Rowe", "You closed the checking account last month, right?"],
      ["Ben Hall", "No, the checking account is still open."],
    ]);
    expect(confirmedReadBack(corrected[0]!, corrected)).toBeNull();
  });
});

describe("isReadBack", () => {
  test.each([
    ["And you earned about 48,000 on the side?", true],
    ["Luis, what about your pension and the 403(b)?", false],
    ["How much is left on the mortgage, 300,000?", false],
    ["The lease is with your brother?", false],
    ["The way I look at it is, if the roof goes in ten years, what would the repair cost you?", false],
    ["So the rent went up to 2,100, which is what you expected?", true],
    ["And the trustee is your brother, who is 58 now?", true],
  ])("%s", (text, expected) => {
    expect(isReadBack(text)).toBe(expected);
  });
});
