// Times of day as said in meetings, read as office hours when no "am"/"pm" is said.
import { expect, test } from "bun:test";
import { readSpokenTime } from "./spoken-time";

test.each([
  ["shall we say at two?", "14:00"],
  ["at nine o'clock, then", "09:00"],
  ["at eleven in the morning works", "11:00"],
  ["2:45 is fine", "14:45"],
  ["10:15 am", "10:15"],
  ["five-thirty, if you can stay late", "17:30"],
  ["make it quarter past, no, six-fifteen in the evening", "18:15"],
  ["at 4pm on the dot", "16:00"],
  ["at noon", "12:00"],
  ["let's meet again on June 9 at ten to sign them", "10:00"],
  ["at three in your office", "15:00"],
  ["Thursday at nine and I'll bring the deed", "09:00"],
])("%s", (said, time) => {
  expect(readSpokenTime(said)).toBe(time);
});

test.each([
  "we looked at two options",
  "the same time as today",
  "an hour later",
  "at one point we said so",
  "we looked at two and three bedrooms",
  "got there at ten to ten",
])("no time of day: %s", (said) => {
  expect(readSpokenTime(said)).toBeUndefined();
});
