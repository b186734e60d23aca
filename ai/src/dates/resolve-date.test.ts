// Dates as advisors say them, read against the meeting's own date: days, vague periods, and weekdays that disagree.
import { describe, expect, test } from "bun:test";
import { readDatePhrase, resolveDatePhrase } from "./resolve-date";

const tuesday = new Date(2027, 5, 8, 14); // Tuesday 8 June 2027
const thursday = new Date(2027, 5, 10, 9); // Thursday 10 June 2027

describe("read against the meeting's date, never today's", () => {
  test("the same words give the day after each meeting", () => {
    expect(resolveDatePhrase("I can get it to you tomorrow", tuesday)).toBe("2027-06-09");
    expect(resolveDatePhrase("I can get it to you tomorrow", new Date(2019, 0, 31))).toBe("2019-02-01");
  });

  test.each([
    ["we could sit down again on July second", "2027-07-02"],
    ["how does the twenty-first look for you?", "2027-06-21"],
    ["let's say the twelfth, then", "2027-06-12"],
    ["the paperwork is due on the 1st", "2027-07-01"],
    ["October ninth would suit us", "2027-10-09"],
    ["we spoke about it on May fourth", "2028-05-04"], // a month-day already past is next year's
    ["it should land tonight", "2027-06-08"],
    ["I'll sign it this afternoon", "2027-06-08"],
    ["I'll have the quote to you by Friday", "2027-06-11"],
    ["two weeks from today works for me", "2027-06-22"],
    ["a week from Monday, then", "2027-06-21"],
    ["before the end of the month, please", "2027-06-30"],
  ])("a day: %s", (said, day) => {
    expect(readDatePhrase(said, tuesday)).toMatchObject({ kind: "day", date: day });
  });

  test("'a Saturday' is some Saturday; 'within ten years' states a rule", () => {
    expect(readDatePhrase("we'd need to block off a Saturday for it", tuesday)).toBeNull();
    expect(readDatePhrase("the account has to be emptied within ten years", tuesday)?.kind).toBe("vague");
  });

  test("a day said as a word only where the phrase ends: 'the first thing' is not a date", () => {
    expect(readDatePhrase("the first thing I'd look at is the fee", tuesday)).toBeNull();
    expect(readDatePhrase("my sister is second in line", tuesday)).toBeNull();
  });
});

describe("vague periods are not days", () => {
  test.each([
    "we'll probably catch up again in about a month",
    "give it a few weeks",
    "let's aim for this week",
    "early next week should be fine",
    "I'll do it this weekend",
    "sometime in the spring",
    "maybe six to eight weeks from now",
    "it takes a month or so",
    "I'll circle back next week",
    "the week of the fourteenth is open",
    "by the end of the week",
  ])("%s", (said) => {
    expect(readDatePhrase(said, tuesday)?.kind).toBe("vague");
    expect(resolveDatePhrase(said, tuesday)).toBeNull();
  });

  test("a weekday that could be two days is vague: the meeting's own weekday, or 'next' in the same week", () => {
    expect(readDatePhrase("can you do Tuesday?", tuesday)?.kind).toBe("vague");
    expect(readDatePhrase("next Friday works", tuesday)?.kind).toBe("vague");
    expect(readDatePhrase("next Monday works", thursday)).toMatchObject({ kind: "day", date: "2027-06-14" });
    expect(readDatePhrase("next Thursday works", thursday)).toMatchObject({ kind: "day", date: "2027-06-17" });
    expect(readDatePhrase("shall we sign a week from Thursday?", thursday)?.kind).toBe("vague");
  });

  test("an explicit day beats a vague one in the same breath", () => {
    const said = "so in about a month, let's see, Thursday the 8th of July?";
    expect(readDatePhrase(said, tuesday)).toMatchObject({ kind: "day", date: "2027-07-08" });
  });

  test("'later than today' compares; it names no day", () => {
    expect(readDatePhrase("an hour later than today suits me", tuesday)).toBeNull();
  });
});

describe("a weekday and a date that disagree are flagged, not guessed", () => {
  test("Friday the 17th when the 17th is a Thursday", () => {
    const reading = readDatePhrase("could we do Friday the 17th?", tuesday);
    expect(reading).toMatchObject({ kind: "mismatch", said: "Friday the 17th" });
    expect(reading?.kind === "mismatch" && reading.note).toContain("June 17 is a Thursday");
    expect(resolveDatePhrase("could we do Friday the 17th?", tuesday)).toBeNull();
  });

  test("Monday, June 15th when the 15th is a Tuesday; a matching pair is a day", () => {
    expect(readDatePhrase("how about Monday, June 15th", tuesday)?.kind).toBe("mismatch");
    expect(readDatePhrase("how about Tuesday, June 15th", tuesday)).toMatchObject({ kind: "day", date: "2027-06-15" });
  });
});
