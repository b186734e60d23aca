import { beforeAll, expect, test } from "bun:test";
import { splitSegmentsIntoSentences } from "../../language/sentences";
import { loadWordKinds } from "../record/word-kinds";
import { personMeant, withPersonMeant } from "./person-meant";

beforeAll(loadWordKinds);

const sentencesOf = (lines: [string, string][]) =>
  splitSegmentsIntoSentences(lines.map(([speaker, text], i) => ({ speaker, text, start: i, end: i + 1 })));
const speakers = ["Nadia Brooks", "Owen Vance"];

test("'him' in a task is the one person outside the meeting named just before", () => {
  const sentences = sentencesOf([
    ["Nadia Brooks", "For the return, we often work with Felix Ward. He's careful and not expensive."],
    ["Nadia Brooks", "I'll send him an intro email."],
  ]);
  const person = personMeant(sentences, sentences.length - 1, speakers);
  expect(person).toBe("Felix");
  expect(withPersonMeant("Send him an intro email", person)).toBe("Send Felix an intro email");
});

test("with two people named, or only the meeting's own, 'him' stays", () => {
  const two = sentencesOf([
    ["Nadia Brooks", "Felix Ward does returns and George Lim does appraisals."],
    ["Nadia Brooks", "I'll send him an intro email."],
  ]);
  expect(personMeant(two, two.length - 1, speakers)).toBeNull();
  const own = sentencesOf([
    ["Nadia Brooks", "Owen, you said the deed is in the safe."],
    ["Nadia Brooks", "I'll call him about it."],
  ]);
  expect(personMeant(own, own.length - 1, speakers)).toBeNull();
  expect(withPersonMeant("Call him about it", null)).toBe("Call him about it");
});
