import { describe, expect, test } from "bun:test";
import type { TruthMeeting } from "./advisor-set";
import type { Set2Meeting } from "./advisor-set-2";
import { set1WrongDay, set2WrongDay } from "./wrong-day";

// A Wednesday meeting at local midnight, as the bench dates meetings.
const WEDNESDAY = new Date("2026-03-04T00:00:00");
const on = (date: string | null) => ({ date });

describe("sets 2 and 3: a next meeting on a wrong day", () => {
  const agreed: Set2Meeting["nextMeeting"] = { offsetDays: 7, topics: [] };
  const noneAgreed: Set2Meeting["nextMeeting"] = { offsetDays: null, acceptDate: "2026-04", topics: [] };

  test("the agreed day is not wrong; another specific day is", () => {
    expect(set2WrongDay(agreed, WEDNESDAY, on("2026-03-11"))).toBe(false);
    expect(set2WrongDay(agreed, WEDNESDAY, on("2026-03-12"))).toBe(true);
  });

  test("an agreed day on a weekend is the Monday after", () => {
    const saturday: Set2Meeting["nextMeeting"] = { offsetDays: 3, topics: [] };
    expect(set2WrongDay(saturday, WEDNESDAY, on("2026-03-09"))).toBe(false);
    expect(set2WrongDay(saturday, WEDNESDAY, on("2026-03-07"))).toBe(true);
  });

  test("no day, a vague day or no next meeting is never wrong (none is better than wrong)", () => {
    expect(set2WrongDay(agreed, WEDNESDAY, on(null))).toBe(false);
    expect(set2WrongDay(agreed, WEDNESDAY, on("early April"))).toBe(false);
    expect(set2WrongDay(agreed, WEDNESDAY, null)).toBe(false);
  });

  test("when none was agreed, a day is wrong unless acceptDate takes it", () => {
    expect(set2WrongDay(noneAgreed, WEDNESDAY, on("2026-04-15"))).toBe(false);
    expect(set2WrongDay(noneAgreed, WEDNESDAY, on("2026-03-18"))).toBe(true);
    expect(set2WrongDay({ offsetDays: null, topics: [] }, WEDNESDAY, on("2026-04-15"))).toBe(true);
  });
});

describe("set 1: a next meeting on a wrong day", () => {
  const agreed: TruthMeeting["nextMeeting"] = { said: "the eleventh", dateOffsetDays: 7, topics: [] };
  const weekday: TruthMeeting["nextMeeting"] = { said: "next Friday", dateOffsetDays: null, topics: [] };

  test("the agreed day is not wrong; another day is", () => {
    expect(set1WrongDay(agreed, WEDNESDAY, on("2026-03-11"))).toBe(false);
    expect(set1WrongDay(agreed, WEDNESDAY, on("2026-03-10"))).toBe(true);
  });

  test("a relative weekday takes that weekday within two weeks, and no other day", () => {
    expect(set1WrongDay(weekday, WEDNESDAY, on("2026-03-13"))).toBe(false);
    expect(set1WrongDay(weekday, WEDNESDAY, on("2026-03-12"))).toBe(true);
  });

  test("any specific day is wrong when the meeting set no next meeting; no day never is", () => {
    expect(set1WrongDay(null, WEDNESDAY, on("2026-03-11"))).toBe(true);
    expect(set1WrongDay(null, WEDNESDAY, on(null))).toBe(false);
    expect(set1WrongDay(agreed, WEDNESDAY, null)).toBe(false);
  });
});
