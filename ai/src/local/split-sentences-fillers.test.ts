import { describe, expect, test } from "bun:test";
import { cleanSpokenText, splitSegmentsIntoSentences } from "./split-sentences";

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
