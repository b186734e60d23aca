// The next meeting is the one agreed, read against the meeting's own date: proposals that are changed take their
// last form, vague periods give no date, someone else's appointment is not ours, "no meeting needed" means none.
import { describe, expect, test } from "bun:test";
import { splitSegmentsIntoSentences } from "../language/sentences";
import { findNextMeeting } from "./find-next-meeting";

const wednesday = new Date(2027, 8, 1, 15); // Wednesday 1 September 2027

function nextMeetingOf(lines: [string, string][], date = wednesday) {
  const segments = lines.map(([speaker, text], i) => ({ start: i * 10, end: i * 10 + 9, speaker, text }));
  return findNextMeeting(splitSegmentsIntoSentences(segments), date);
}

describe("the agreed day and time", () => {
  test("a day said with its ordinal in words, accepted in the next turn, with the time", () => {
    const next = nextMeetingOf([
      ["Nora Quill", "Before you go, let's set up a time to go over the annuity quotes."],
      ["Nora Quill", "Would September twenty-second at two work?"],
      ["Felix Brandt", "The twenty-second at two is fine."],
    ]);
    expect(next).toMatchObject({ date: "2027-09-22", time: "14:00" });
  });

  test("a changed proposal takes its last form", () => {
    const next = nextMeetingOf([
      ["Nora Quill", "Shall we schedule a follow-up for Thursday the 16th, same time?"],
      ["Felix Brandt", "Thursdays are bad for me now, I coach the swim team."],
      ["Nora Quill", "Then how about Monday the 20th at 9:30?"],
      ["Felix Brandt", "Monday works."],
    ]);
    expect(next).toMatchObject({ date: "2027-09-20", time: "09:30" });
  });

  test("a time said later for the agreed day still counts ('see you on the 22nd')", () => {
    const next = nextMeetingOf([
      ["Nora Quill", "Let's find a time for the signing. I have the 22nd at four-thirty."],
      ["Felix Brandt", "Four-thirty works."],
      ["Nora Quill", "Lovely. I'll send the account forms in the meantime."],
      ["Felix Brandt", "Thanks. Do I need anything else?"],
      ["Nora Quill", "Just your driving licence."],
      ["Nora Quill", "Right, anything else on your mind?"],
      ["Felix Brandt", "No, I think that's all."],
      ["Nora Quill", "Good. We'll meet again on the 22nd then."],
    ]);
    expect(next).toMatchObject({ date: "2027-09-22", time: "16:30" });
  });

  test("pencilled in; a deadline said after it is a task's, not the meeting's", () => {
    const next = nextMeetingOf([
      ["Nora Quill", "I'll pencil you in for October 4th at 11, to walk through the gifting plan."],
      ["Felix Brandt", "Great. I'll send you the bank statements by the 20th."],
    ]);
    expect(next).toMatchObject({ date: "2027-10-04", time: "11:00" });
  });

  test("'my appointment' is the client's, not ours", () => {
    const next = nextMeetingOf([
      ["Nora Quill", "Let's meet on the 13th."],
      ["Felix Brandt", "Good, that's before my appointment on the 20th."],
    ]);
    expect(next?.date).toBe("2027-09-13");
  });

  test("an explicit day beats the vague period said before it", () => {
    const next = nextMeetingOf([
      ["Nora Quill", "We should meet again in about a month."],
      ["Nora Quill", "So, looking at my diary, Tuesday the 5th of October?"],
      ["Felix Brandt", "Yes, that's good."],
    ]);
    expect(next?.date).toBe("2027-10-05");
  });
});

describe("no day that was not said", () => {
  test("a vague period: a next meeting without a date", () => {
    const next = nextMeetingOf([
      ["Nora Quill", "Once the valuation is in, we'll meet again to go over the numbers, probably in a few weeks."],
      ["Felix Brandt", "Sounds good."],
    ]);
    expect(next).not.toBeNull();
    expect(next?.date).toBeNull();
  });

  test("a weekday that disagrees with its date is flagged in words, not guessed", () => {
    const next = nextMeetingOf([
      ["Nora Quill", "Can we meet again on Friday, September 9th?"],
      ["Felix Brandt", "Fine by me."],
    ]);
    expect(next?.date).toContain("September 9 is a Thursday");
  });

  test("a date before the meeting is a reference to something else", () => {
    const next = nextMeetingOf([
      ["Nora Quill", "Last time we met, on August 3rd, you asked about the pension."],
      ["Nora Quill", "Let's meet again once the statement arrives."],
    ]);
    expect(next).toEqual({ date: null, topics: [] });
  });

  test("someone else's appointment is not our meeting", () => {
    const next = nextMeetingOf([
      ["Felix Brandt", "Can we schedule the next review after my knee surgery on the 14th?"],
      ["Nora Quill", "Of course, we'll pick a day then."],
    ]);
    expect(next?.date ?? null).toBeNull();
  });

  test("'no meeting needed' means none", () => {
    expect(
      nextMeetingOf([
        ["Felix Brandt", "Do we need to meet again?"],
        ["Nora Quill", "I don't think we need to schedule anything. I'll ring you once the policy is issued."],
      ]),
    ).toBeNull();
  });

  test("'the schedule' of a loan is not scheduling a meeting", () => {
    expect(nextMeetingOf([["Nora Quill", "I'll send the repayment schedule by Friday."]])).toBeNull();
  });
});

describe("what the next meeting is for", () => {
  test("the meeting named is its topic; how long until it is not", () => {
    const next = nextMeetingOf([
      ["Nora Quill", "So the next time we meet is your mid-year portfolio review, in about four months."],
      ["Felix Brandt", "Four months it is."],
    ]);
    expect(next).toEqual({ date: null, topics: ["Mid-year portfolio review"] });
  });

  test("a pronoun and a period are not topics; the plan just before the scheduling names them", () => {
    const next = nextMeetingOf([
      ["Nora Quill", "When the drafts are ready we'll meet again to go over them and review the gifting letter."],
      ["Nora Quill", "My assistant will call to schedule it, so figure a month from now, maybe a little more."],
    ]);
    expect(next).toEqual({ date: null, topics: ["Gifting letter"] });
  });
});

describe("a deadline and a meeting day in one sentence", () => {
  test("the task's deadline is passed over and the meeting day read after it", () => {
    const next = nextMeetingOf([
      ["Nora Quill", "I'll send you the engagement letter by Friday, and let's meet again on October 5th."],
      ["Felix Brandt", "Great, thank you."],
    ]);
    expect(next).toMatchObject({ date: "2027-10-05" });
  });

  test("a sentence with only a deadline sets no meeting day", () => {
    const next = nextMeetingOf([
      ["Nora Quill", "Let's meet again soon. Send me the statements by the 10th."],
      ["Felix Brandt", "Will do."],
    ]);
    expect(next?.date ?? null).toBeNull();
  });
});
