import { describe, expect, test } from "bun:test";
import { fitsSaidWeekday } from "./notes-scoring";

// A Wednesday at midnight, as the bench dates meetings (start of day).
const WEDNESDAY = new Date("2026-03-04T00:00:00");

describe("a day resolved from a relative weekday phrase", () => {
  test("is right when it is the named weekday, after the meeting and within two weeks", () => {
    expect(fitsSaidWeekday("by Friday", WEDNESDAY, "2026-03-06")).toBe(true);
    expect(fitsSaidWeekday("a week from Thursday", WEDNESDAY, "2026-03-12")).toBe(true);
  });

  test("is wrong on another weekday, before the meeting or far after it", () => {
    expect(fitsSaidWeekday("by Friday", WEDNESDAY, "2026-03-05")).toBe(false);
    expect(fitsSaidWeekday("by Friday", WEDNESDAY, "2026-02-27")).toBe(false);
    expect(fitsSaidWeekday("by Friday", WEDNESDAY, "2026-04-03")).toBe(false);
  });

  test("does not excuse a date for a phrase that names no weekday", () => {
    expect(fitsSaidWeekday("this week", WEDNESDAY, "2026-03-06")).toBe(false);
    expect(fitsSaidWeekday(null, WEDNESDAY, "2026-03-06")).toBe(false);
    expect(fitsSaidWeekday("by Friday", WEDNESDAY, "in about a month")).toBe(false);
  });
});
