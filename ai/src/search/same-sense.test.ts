import { expect, test } from "bun:test";
import { textQueryOf } from "./hybrid-retrieve";
import { otherWordsFor } from "./same-sense";

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
