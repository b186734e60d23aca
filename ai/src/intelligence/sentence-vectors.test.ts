import { expect, test } from "bun:test";
import {
  CHARACTERS_PER_STORED_SENTENCE,
  candidateSentenceTexts,
  sentenceDigest,
  sentencesToStore,
} from "./sentence-vectors";

const transcript = (content: string, speakers: string[]) => ({
  source: "transcript" as const,
  content,
  metadata: { speakers },
});

test("every sentence of a chunk of speech is stored, and each question with its reply", () => {
  const chunk = transcript(
    [
      "Morgan: What did the appraiser say about the cottage?",
      "Dana: It came in at four fifty-five. Higher than we hoped.",
      "Morgan: Good. Then we keep the trust funding as planned, and I'll send you the new schedule this week.",
      "Dana: Please copy our accountant on that, she asked about the estimated payments in January.",
    ].join("\n"),
    ["Morgan", "Dana"],
  );
  const stored = sentencesToStore(chunk);
  expect(stored).toContain("Then we keep the trust funding as planned, and I'll send you the new schedule this week.");
  expect(stored).toContain("It came in at four fifty-five.");
  expect(stored.some((s) => s.startsWith("What did the appraiser say about the cottage? Dana: It came in"))).toBe(true);
  expect(stored).toEqual(candidateSentenceTexts(chunk));
  expect(new Set(stored).size).toBe(stored.length);
});

test("a chunk of tiny sentences stores one vector per 40 characters at most, the longest", () => {
  const tiny = Array.from({ length: 200 }, (_, i) => `A${i}.`).join(" ");
  const content = `Dana: ${tiny} This one sentence is much longer than all of the others.`;
  const stored = sentencesToStore(transcript(content, ["Dana"]));
  expect(stored).toHaveLength(Math.ceil(content.length / CHARACTERS_PER_STORED_SENTENCE));
  expect(stored[0]).toBe("This one sentence is much longer than all of the others.");
});

test("a sentence's key is the first 16 bytes of its SHA-256, the same for the same text only", () => {
  expect(sentenceDigest("It came in at four fifty-five.")).toHaveLength(16);
  expect(sentenceDigest("It came in at four fifty-five.")).toEqual(sentenceDigest("It came in at four fifty-five."));
  expect(sentenceDigest("It came in at four fifty-five.")).not.toEqual(
    sentenceDigest("it came in at four fifty-five."),
  );
});
