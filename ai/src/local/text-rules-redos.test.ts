// Regression tests: the local engine's text rules run over uploaded transcripts, so each must stay linear.
// Every input below took 0.7-7 s (two 50 KB turns) before the rules were rewritten.
import { beforeAll, expect, test } from "bun:test";
import { boundFromBaseline, measureBaselineMs, timeMs } from "../../test-support/timing-baseline";
import { summariseExtractive } from "./summarise-extractive";

const ADVERSARIAL: Record<string, string> = {
  "unclosed braces": "{".repeat(50_000),
  "a sentence full of abbreviations": "Dr. ".repeat(12_500),
  "a whitespace run before the last word": `we should${" ".repeat(50_000)}x`,
  "a punctuation run": `a${"!".repeat(50_000)}x`,
  "repeated date leads in a topic": `next meeting to review the draft${" on the".repeat(12_000)} x`,
  // Near-matches of the old note rules in one long sentence: the record's readers must stay linear on them too.
  "asides, vocatives and pronouns": "Ann, you know, I sawx your, like, you twox our, right?... ".repeat(850),
  "a question that never closes": `What's the${" mortgage balance and the".repeat(2_000)}`,
  "repeated topic leads": `let's meet again on the 9th${" and we'll go over the".repeat(2_300)} x`,
  "repeated offers of a day": `${"how about the 9th, ".repeat(2_600)}works`,
  "repeated item splits in a topic": `we'll go over the draft${", and the".repeat(5_500)} x`,
};

const summariseTwoTurns = (text: string) =>
  summariseExtractive({
    transcript: {
      segments: [
        { start: 0, end: 1, speaker: "Ann", text },
        { start: 1, end: 2, speaker: "Bob", text },
      ],
      fullText: text,
      durationSeconds: 2,
    },
    title: "Review",
    clientName: "Client",
    meetingDate: new Date(2025, 2, 3),
  });

// Baseline: two ordinary 50 KB turns of one long sentence (as the inputs below are), timed right before each input on
// this machine, so both see the same load (the suites run side by side); a rule gone quadratic takes seconds, many
// times this. Measured once for the whole file, a busy minute after it made a linear input fail its bound.
const ordinary = () => summariseTwoTurns("we reviewed the bond ladder and the trust ".repeat(1200));
beforeAll(async () => {
  await measureBaselineMs(ordinary, 1);
});

test.each(Object.entries(ADVERSARIAL))("summarises %s in well under a second", async (_name, text) => {
  const baseline = await measureBaselineMs(ordinary, 3);
  const ms = await timeMs(() => summariseTwoTurns(text));
  expect(ms).toBeLessThan(boundFromBaseline(baseline, { factor: 5, floorMs: 500 }));
});
