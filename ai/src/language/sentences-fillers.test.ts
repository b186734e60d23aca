import { describe, expect, test } from "bun:test";
import { cleanSpokenText, splitSegmentsIntoSentences } from "./sentences";

describe("fillers that open a sentence", () => {
  test("go, and the sentence after them still starts a new sentence", () => {
    expect(cleanSpokenText("The lot was full again. Um, can you send the form?")).toBe(
      "The lot was full again. Can you send the form?",
    );
    const sentences = splitSegmentsIntoSentences([
      { speaker: "Ada Rowe", text: "The lot was full again. Uh, can you send the form?", start: 0, end: 5 },
    ]);
    expect(sentences.map((s) => s.text)).toEqual(["The lot was full again.", "Can you send the form?"]);
  });
});

describe("words said twice", () => {
  test("a stuttered word is said once", () => {
    expect(cleanSpokenText("We we we moved the the account.")).toBe("We moved the account.");
  });

  test("a digit said twice is part of a number and stays", () => {
    expect(cleanSpokenText("The rate is three point two two five percent.")).toBe(
      "The rate is three point two two five percent.",
    );
    expect(cleanSpokenText("The code is 4 4 7 1.")).toBe("The code is 4 4 7 1.");
    expect(cleanSpokenText("We liked the one one of you found.")).toBe("We liked the one of you found.");
  });
});
