import { expect, test } from "bun:test";
import { createHashingEmbedder } from "../local/hashing-embedder";
import { textQueryOf } from "./fetch/hybrid-retrieve";
import { scoreSentences } from "./rank/score-sentences";
import { knownTermShare, termCoverage } from "./rank/term-coverage";
import { questionTerms } from "./understand/question-terms";
import { otherWordsFor, sameSenseFor } from "./understand/same-sense";
import { detectQuestionKinds } from "./understand/understand-question";

test("a word of one sense is also looked for in the meeting's other words for it", () => {
  const words = otherWordsFor("what is the notary charging for the deed");
  expect(words).toContain("cost");
  expect(words).toContain("fee");
  expect(words).not.toContain("charging");
});

test("a word of two senses is looked for as written only", () => {
  // "pay" is a salary and a cost: looking for both would bring in the other sense's passages.
  expect(otherWordsFor("how much will they pay for the policy")).toEqual([]);
});

test("within a client's meetings full text also looks for the other words; across all meetings it does not", () => {
  const scoped = textQueryOf("What is the roofer charging for the repair?", true);
  expect(scoped.startsWith("roofer charging repair")).toBe(true);
  expect(scoped.split(" ")).toContain("price");
  expect(scoped.split(" ")).not.toContain("what");
  expect(textQueryOf("What is the roofer charging for the repair?", false)).toBe("roofer charging repair");
});

test("words of money are looked for in other words only when the question asks an amount", () => {
  // Taking part in a discussion is no deposit.
  const discussion = textQueryOf("What did the new designer contribute to the talk about the battery?", true).split(
    " ",
  );
  expect(discussion).not.toContain("deposit");
  expect(discussion).not.toContain("savings");
  const amount = textQueryOf("How much does she contribute to the college fund each month?", true).split(" ");
  expect(amount).toContain("deposit");
  // A group that is not about money keeps its other words whatever is asked.
  expect(textQueryOf("Which carrier did they choose for the policy?", true).split(" ")).toContain("picked");
});

test("a question that asks no amount does not count a word of money in its other words", async () => {
  const talk = "What did Lena contribute to the garden talk?";
  // Only the other word "put" ties the first sentence to "contribute".
  expect(sameSenseFor(true).get("contribut")).toContain("put");
  expect(sameSenseFor(false).get("contribut")).toBeUndefined();
  const put = "Ada put the garden plan on the table.";
  const read = "Ada read the garden plan at the table.";
  const terms = questionTerms(talk);
  expect(termCoverage(terms, put, "", new Set(), new Map(), "", sameSenseFor(false))).toBe(
    termCoverage(terms, read, "", new Set(), new Map(), "", sameSenseFor(false)),
  );
  // Through the scorer: asked no amount, "put" counts for nothing; asked how much, it counts as "contribute".
  const passages = [
    {
      meetingId: 1,
      title: "Household review",
      date: new Date(2026, 3, 2),
      clientName: "Brandt household",
      source: "transcript" as const,
      content: `Ada Brandt: ${put}\nAda Brandt: ${read}`,
      speakers: ["Ada Brandt", "Lena Brandt"],
    },
  ];
  const coverages = async (question: string) => {
    const scored = await scoreSentences(createHashingEmbedder(), question, detectQuestionKinds(question), passages);
    return [put, read].map((text) => scored.find((s) => s.text === text)?.coverage ?? -1);
  };
  const [putAsTalk, readAsTalk] = await coverages(talk);
  expect(putAsTalk).toBe(readAsTalk!);
  const [putAsAmount, readAsAmount] = await coverages("How much did Lena contribute to the garden?");
  expect(putAsAmount).toBeGreaterThan(readAsAmount!);
});

test("a word family the stemmer leaves apart counts as one word: 'appraise' is said as 'the appraisal'", () => {
  const terms = questionTerms("What did the house appraise at?");
  const said = "The appraisal came in lower than we hoped on the house.";
  const other = "The inspection came in lower than we hoped on the house.";
  const coverage = (text: string) => termCoverage(terms, text, "", new Set(), new Map(), "", sameSenseFor(false));
  expect(coverage(said)).toBeGreaterThan(coverage(other));
});

test("a term the meetings say only in another word of its family is known to them", () => {
  const terms = questionTerms("What did the house appraise at?");
  const passages = [
    {
      meetingId: 1,
      title: "Estate follow-up",
      date: new Date(2026, 3, 2),
      clientName: "Brandt household",
      source: "transcript" as const,
      content: "Ada Brandt: The appraisal came in. The house needs a roof.",
    },
  ];
  expect(knownTermShare(terms, passages)).toBeLessThan(1);
  expect(knownTermShare(terms, passages, sameSenseFor(true))).toBe(1);
  expect(detectQuestionKinds("What did the house appraise at?")).toContain("amount");
  // An appraisal named as a matter asks no amount.
  expect(detectQuestionKinds("Which client matters involve an appraisal?")).not.toContain("amount");
});
