// Caption cues that cut a sentence: the sentence is read whole, and its link still opens where it began.
import { expect, test } from "bun:test";
import type { Passage } from "../answer-types";
import { momentOf } from "../fetch/moment-of";
import { passageSentences } from "./candidate-sentences";
import { endsSentence, joinCutLines, MAX_JOINED_CHARS } from "./join-cut-lines";

test("a named speaker's consecutive lines are one turn; another speaker starts a new one", () => {
  const joined = joinCutLines([
    { speaker: "Ines Varga", text: "The roof estimate came in at, let me see, eighteen" },
    { speaker: "Ines Varga", text: "thousand four hundred. That includes gutters." },
    { speaker: "Ines Varga", text: "So we wait on it" },
    { speaker: "Tobias Lind", text: "fine by me." },
  ]);
  expect(joined.map((l) => l.text)).toEqual([
    "The roof estimate came in at, let me see, eighteen thousand four hundred. That includes gutters. So we wait on it",
    "fine by me.",
  ]);
});

test("lines without a speaker are joined only where a sentence was cut", () => {
  const joined = joinCutLines([
    { speaker: null, text: "We can sign on the" },
    { speaker: null, text: "fourth. Does that work?" },
    { speaker: null, text: "That works." },
  ]);
  expect(joined.map((l) => l.text)).toEqual(["We can sign on the fourth. Does that work?", "That works."]);
});

test("a finished sentence, a closing quote after a stop, and a text without stops past the cap are not joined", () => {
  expect(endsSentence('He said "done."')).toBe(true);
  expect(endsSentence("and then the")).toBe(false);
  const long = "word ".repeat(MAX_JOINED_CHARS / 5).trim();
  const lines = joinCutLines([
    { speaker: null, text: long },
    { speaker: null, text: "more words" },
  ]);
  expect(lines).toHaveLength(2);
});

const captions: Passage = {
  meetingId: 4,
  title: "Home repairs",
  date: new Date(2026, 2, 3),
  clientName: "Varga household",
  source: "transcript",
  content:
    "Ines Varga: The roof estimate came in at, let me see, eighteen\nInes Varga: thousand four hundred. That includes gutters.",
  speakers: ["Ines Varga"],
  startSeconds: 30,
  segmentIndexes: [0, 1],
};

test("the sentence cut across two cues is one candidate, and its moment is the cue it starts in", () => {
  const texts = passageSentences([captions]).map((s) => s.text);
  expect(texts).toContain("The roof estimate came in at, let me see, eighteen thousand four hundred.");
  const segments = [
    { start: 30, text: "Nice to see you. The roof estimate came in at, let me see, eighteen" },
    { start: 36, text: "thousand four hundred. That includes gutters." },
  ];
  expect(
    momentOf("The roof estimate came in at, let me see, eighteen thousand four hundred.", captions, segments),
  ).toBe(30);
  expect(momentOf("That includes gutters.", captions, segments)).toBe(36);
});
