// chrono-node, narrowed: what it is given and what it may take, and how long hostile text takes.
import { expect, test } from "bun:test";
import { casual } from "chrono-node/en";
import { boundFromBaseline, measureSyncBaselineMs, timeSyncMs } from "../../test-support/timing-baseline";
import { parsePeriod } from "../search/understand/parse-period";
import { LEFT_OUT_PARSERS } from "./date-parser";
import { resolveDatePhrase } from "./resolve-date";
import { readSpokenTime } from "./spoken-time";

const monday = new Date(2025, 2, 3, 15, 30); // Monday 3 March 2025
const NOW = new Date(2026, 5, 15, 15, 30); // Monday 15 June 2026

test("the parsers left out are still chrono's (an upgrade that renames them must be looked at)", () => {
  const names = casual.parsers.map((parser) => parser.constructor.name);
  for (const name of LEFT_OUT_PARSERS) expect(names).toContain(name);
});

test.each([
  ["the day after tomorrow", "2025-03-05"],
  ["day after tomorrow", "2025-03-05"],
  ["before the end of the quarter", "2025-03-31"],
  ["end of this year", "2025-12-31"],
  ["the 1st of next month", "2025-04-01"],
  ["next Monday", "2025-03-10"],
  ["Jan. 5", "2026-01-05"],
  ["on the 3rd of March", "2025-03-03"],
])("a spoken date: %s", (phrase, expected) => {
  expect(resolveDatePhrase(phrase, monday)).toBe(expected);
});

test.each([
  "we can march on",
  "let's meet at 5",
  "give me a second",
  "later in the week",
  "we met the week before",
  "sometime in May",
])("not a date: %s", (phrase) => {
  expect(resolveDatePhrase(phrase, monday)).toBeNull();
});

test("a date deep in a long sentence is still found, read a window at a time", () => {
  const filler = "and then we talked about the portfolio ".repeat(100); // 3,900 characters
  expect(resolveDatePhrase(`${filler}so let's meet on March 14th`, monday)).toBe("2025-03-14");
  expect(resolveDatePhrase(`${filler.slice(0, 895)} the 20th of March`, monday)).toBe("2025-03-20");
});

test("periods chrono reads, and where this product means otherwise", () => {
  expect(parsePeriod("anything from the previous week?", NOW)!.from).toEqual(new Date(2026, 5, 8));
  expect(parsePeriod("notes from the last 2 weeks", NOW)!.label).toBe("in the last 14 days");
  expect(parsePeriod("what happened in Sept?", NOW)!.from).toEqual(new Date(2025, 8, 1));
  expect(parsePeriod("meetings this month", NOW)).toEqual({ from: new Date(2026, 5, 1), to: NOW, label: "this month" });
  expect(parsePeriod("what did we say today?", NOW)).toEqual({ from: new Date(2026, 5, 15), to: NOW, label: "today" });
  expect(parsePeriod("anything planned for next week?", NOW)).toBeUndefined();
  expect(parsePeriod("call me at 5", NOW)).toBeUndefined();
});

const HOSTILE = [
  "next week on the 15th of ",
  "1 day ",
  "5 days 3 hours ",
  "in 1 day 2 weeks ",
  "1-",
  "1-2-3-4-5 ",
  "1 jan ",
  "jan 1-",
  "the 1st of May 2024 at ",
  "last 2 weeks ",
  "monday, ",
  "on the ",
  "about a few ",
  "two to three ",
  "the week of the ",
  "Thursday the ",
  "a week from Thursday ",
  "at two ",
  "four-thirty ",
  "10:",
];

// Baseline: twenty ordinary questions with dates in them, read in this run on this machine just before. It lasts
// about as long as one hostile question should, so a busy machine slows both alike (a sub-millisecond baseline
// fits in one time slice and would not see the load).
const readQuestion = (question: string) => () => {
  parsePeriod(question, NOW);
  resolveDatePhrase(question, monday);
  readSpokenTime(question);
};
const ORDINARY_QUESTION = "we met on 3 march and will meet again next week on the 15th ".repeat(40).slice(0, 2000);
const readTwentyOrdinary = () => {
  for (let i = 0; i < 20; i++) readQuestion(ORDINARY_QUESTION)();
};

test.each(HOSTILE)("a 2,000-character question of %j is read in well under 100 ms", (unit) => {
  const question = unit.repeat(Math.ceil(2000 / unit.length)).slice(0, 2000);
  parsePeriod(question, NOW); // warm up
  const baseline = measureSyncBaselineMs(readTwentyOrdinary, 3);
  expect(timeSyncMs(readQuestion(question))).toBeLessThan(boundFromBaseline(baseline, { factor: 3, floorMs: 50 }));
});

test("a 200,000-character sentence with no date in it is read in time in proportion to its length", () => {
  const sentence = "we can march on in the week of may ".repeat(5715);
  const tenth = measureSyncBaselineMs(() => resolveDatePhrase(sentence.slice(0, 20_000), monday), 5);
  let found: unknown;
  const ms = timeSyncMs(() => {
    found = resolveDatePhrase(sentence, monday);
  });
  expect(found).toBeNull();
  expect(ms).toBeLessThan(boundFromBaseline(10 * tenth, { factor: 5, floorMs: 1000 }));
});
