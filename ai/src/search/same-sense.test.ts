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
