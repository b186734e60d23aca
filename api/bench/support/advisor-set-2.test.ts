import { describe, expect, test } from "bun:test";
import { dateRegexSource, dayAfter, fillDeep, fillSet2, meetingDay } from "./advisor-set-2";

// 2026-03-04 is a Wednesday; 2026-03-07 a Saturday, 2026-03-08 a Sunday.
const WEDNESDAY = new Date("2026-03-04T00:00:00");
const day = (iso: string) => new Date(`${iso}T00:00:00`);
const iso = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;

describe("a meeting's day", () => {
  test("is daysAgo before the run on a weekday", () => {
    expect(iso(meetingDay(WEDNESDAY, 2))).toBe("2026-03-02");
  });

  test("moves back to the Friday when it falls on a Saturday or a Sunday", () => {
    expect(iso(meetingDay(day("2026-03-09"), 2))).toBe("2026-03-06");
    expect(iso(meetingDay(day("2026-03-09"), 1))).toBe("2026-03-06");
  });
});

describe("a date said in a meeting", () => {
  test("is N days after it, moved to the Monday after on a weekend", () => {
    expect(iso(dayAfter(WEDNESDAY, 2))).toBe("2026-03-06");
    expect(iso(dayAfter(WEDNESDAY, 3))).toBe("2026-03-09");
    expect(iso(dayAfter(WEDNESDAY, 4))).toBe("2026-03-09");
  });

  test("fills every format of the README", () => {
    const text = "{{+6:weekday}}, {{+6:md}} / {{+6:mdn}} / the {{+6:dth}} / {{+6:month}} / {{+6:iso}}";
    expect(fillSet2(text, WEDNESDAY)).toBe("Tuesday, March 10th / March 10 / the 10th / March / 2026-03-10");
  });

  test("counts from the named meeting in questions, and stops on an unknown key", () => {
    const dates = { K: WEDNESDAY };
    expect(fillSet2("since {{K+0:mdn}}?", null, dates)).toBe("since March 4?");
    expect(fillSet2("on {{K+3:md}}", null, dates)).toBe("on March 9th");
    expect(() => fillSet2("on {{Q+1:md}}", null, dates)).toThrow();
    expect(() => fillSet2("on {{+1:md}}", null, dates)).toThrow();
  });

  test("fills the strings inside parsed JSON, keeping numbers and nulls", () => {
    const filled = fillDeep({ re: ["by {{+1:weekday}}"], offsetDays: 14, acceptDate: null }, WEDNESDAY);
    expect(filled).toEqual({ re: ["by Thursday"], offsetDays: 14, acceptDate: null });
  });
});

describe("the `date` format in an expect regex", () => {
  const re = new RegExp(dateRegexSource(day("2026-11-03")), "i");

  test("accepts the usual spellings of the day", () => {
    for (const said of [
      "It is on November 3rd.",
      "Tuesday, Nov. 3",
      "on Nov 3 at ten",
      "the 3rd of November",
      "3 November",
      "on 11/3",
      "on 11/03/2026",
      "2026-11-03",
    ])
      expect(re.test(said)).toBe(true);
  });

  test("refuses another day of the month or another month", () => {
    for (const said of ["November 30th", "November 13", "October 3rd", "on 11/30", "21/3", "2026-11-30"])
      expect(re.test(said)).toBe(false);
  });
});
