import { describe, expect, test } from "bun:test";
import { splitSegmentsIntoSentences } from "../../language/sentences";
import { isEchoed } from "./echoed-figure";
import { writeNumbersAsFigures } from "./spoken-numbers";

function turns(lines: [string, string][]) {
  return splitSegmentsIntoSentences(lines.map(([speaker, text], i) => ({ speaker, text, start: i, end: i + 1 })));
}

describe("isEchoed", () => {
  test("a figure the other speaker repeats, however it is said", () => {
    const sentences = turns([
      ["Ben Hall", "The loan balance is two hundred eighteen thousand."],
      ["Ada Rowe", "218,000, okay."],
    ]);
    expect(isEchoed(sentences[0]!, sentences, writeNumbersAsFigures)).toBe(true);
  });

  test("not when only the speaker repeats it, or another figure follows", () => {
    const sentences = turns([
      ["Ben Hall", "The loan balance is 218,000. Yes, 218,000."],
      ["Ada Rowe", "And the rate is 6%?"],
    ]);
    expect(isEchoed(sentences[0]!, sentences, writeNumbersAsFigures)).toBe(false);
  });
});
