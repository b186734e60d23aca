// Whole small dialogues, written for these tests, of the kinds of talk that arrange (or do not arrange) a next
// meeting: proposed, countered and accepted with no words like "next meeting"; a calendar invitation; other people's
// events; keeping in touch; and the topics they said they would cover.
import { describe, expect, test } from "bun:test";
import { splitSegmentsIntoSentences } from "../../language/sentences";
import { findNextMeeting } from "../find-next-meeting";

const monday = new Date(2028, 2, 6, 11); // Monday 6 March 2028

function nextOf(lines: [string | null, string][], date = monday) {
  const segments = lines.map(([speaker, text], i) => ({ start: i * 10, end: i * 10 + 9, speaker, text }));
  return findNextMeeting(splitSegmentsIntoSentences(segments), date);
}

describe("a day proposed, countered and accepted", () => {
  test("no meeting words: the counter-offer accepted wins, with its time", () => {
    const next = nextOf([
      ["Avery Lund", "Right, the lease memo will be done by then. Would Thursday the 16th suit you, say at nine?"],
      ["Rosa Imari", "Nine is early for me, I drop the kids off. Could we do eleven?"],
      ["Avery Lund", "Eleven it is. Thursday the 16th at eleven, my office will send the invite."],
      ["Rosa Imari", "Perfect."],
    ]);
    expect(next).toMatchObject({ date: "2028-03-16", time: "11:00" });
  });

  test("a day turned down and another accepted: the last accepted wins", () => {
    const next = nextOf([
      ["Avery Lund", "Let's get together again once the appraisal is back. Does the 20th work?"],
      ["Rosa Imari", "The 20th won't work, I'm travelling that week."],
      ["Avery Lund", "How about Monday the 27th?"],
      ["Rosa Imari", "The 27th is fine."],
    ]);
    expect(next?.date).toBe("2028-03-27");
  });

  test("a calendar invitation that names the day settles it", () => {
    const next = nextOf([
      [
        "Avery Lund",
        "I'll send you a calendar invite for March 22nd at 2:30, and we'll finalize the partnership agreement then.",
      ],
      ["Rosa Imari", "Thanks."],
    ]);
    expect(next).toMatchObject({ date: "2028-03-22", time: "14:30" });
    expect(next?.topics).toContain("Finalize the partnership agreement");
  });

  test("a day offered and never answered, with no plan to meet, sets nothing", () => {
    expect(nextOf([["Avery Lund", "How's the 14th for getting me those receipts?"]])).toBeNull();
  });
});

describe("other people's events are not our meeting", () => {
  test("the day a hearing is set for, answered to a question about it", () => {
    const next = nextOf([
      ["Rosa Imari", "When's the hearing again?"],
      ["Avery Lund", "Tuesday, March 14th, at ten."],
      ["Avery Lund", "Let's meet the Friday before to prepare. The 10th?"],
      ["Rosa Imari", "The 10th works."],
    ]);
    expect(next?.date).toBe("2028-03-10");
  });

  test("a vest date, a filing deadline and a trip give no day", () => {
    const next = nextOf([
      ["Avery Lund", "Your next tranche vests on April 3rd."],
      ["Avery Lund", "The filing deadline is April 17th."],
      ["Rosa Imari", "And we're on a trip from the 20th to the 24th."],
      ["Avery Lund", "Understood. We'll be in touch."],
    ]);
    expect(next?.date ?? null).toBeNull();
  });

  test("a closing on a day said right after it is the closing's; ours is said apart", () => {
    const next = nextOf([
      ["Avery Lund", "The closing is on the 28th."],
      ["Avery Lund", "Let's meet on the 21st, before the closing, to walk through the settlement statement."],
      ["Rosa Imari", "Sounds good."],
    ]);
    expect(next?.date).toBe("2028-03-21");
    expect(next?.topics).toContain("Settlement statement");
  });
});

describe("no day where none was set", () => {
  test("keeping in touch is no meeting day", () => {
    const next = nextOf([
      ["Avery Lund", "I think that covers it. Let's reconnect sometime in the spring."],
      ["Rosa Imari", "Sounds good, we'll be in touch."],
    ]);
    expect(next?.date ?? null).toBeNull();
  });

  test("the day to be found later: a meeting without a day, with its topics", () => {
    const next = nextOf([
      ["Avery Lund", "Once the return is filed we should sit down again to go over the amended figures."],
      ["Avery Lund", "My assistant will send out a few times."],
    ]);
    expect(next).toEqual({ date: null, topics: ["Amended figures"] });
  });
});

describe("topics from what they said they would cover", () => {
  test("'bring X and we'll look at Y'", () => {
    const next = nextOf([
      ["Avery Lund", "Shall we say Wednesday the 15th at three?"],
      ["Rosa Imari", "Wednesday the 15th works."],
      ["Avery Lund", "Bring the brokerage statements and we'll look at the cost basis."],
    ]);
    expect(next?.date).toBe("2028-03-15");
    expect(next?.topics).toContain("Cost basis");
  });

  test("'next time we'll go over X', short noun phrases, not the whole sentence", () => {
    const next = nextOf([
      ["Avery Lund", "Next time we'll go over the buy-sell terms and the valuation method, if the appraiser is done."],
      ["Avery Lund", "How about the 29th?"],
      ["Rosa Imari", "Yes, the 29th."],
    ]);
    expect(next).toMatchObject({ date: "2028-03-29", topics: ["Buy-sell terms", "Valuation method"] });
  });

  test("'at that meeting we'll finalise W' keeps the act", () => {
    const next = nextOf([
      ["Avery Lund", "Let's meet again on April 4th."],
      ["Avery Lund", "At that meeting we'll finalise the engagement letter."],
    ]);
    expect(next).toMatchObject({ date: "2028-04-04", topics: ["Finalise the engagement letter"] });
  });
});

describe("several days in one sentence", () => {
  test("the event's day is passed over and ours read after it, with its time", () => {
    const next = nextOf([
      ["Avery Lund", "Court is on the 14th at nine, so let's meet on the 10th at two to prepare your testimony."],
      ["Rosa Imari", "Okay, the 10th at two."],
    ]);
    expect(next).toMatchObject({ date: "2028-03-10", time: "14:00" });
  });

  test("a day past is passed over: the day after it is the meeting's", () => {
    const next = nextOf([["Avery Lund", "Following up on what we said yesterday, let's meet again on March 20th."]]);
    expect(next?.date).toBe("2028-03-20");
  });
});

describe("more kinds of arranging", () => {
  test("a meeting said to be booked, with its time", () => {
    const next = nextOf([["Avery Lund", "Lovely, I have you down for Thursday the 9th at 4:15."]]);
    expect(next).toMatchObject({ date: "2028-03-09", time: "16:15" });
  });

  test("a tax payment's day is not the meeting's; the review after it is", () => {
    const next = nextOf([
      ["Avery Lund", "Your first estimated payment goes in on April 17th."],
      ["Avery Lund", "Why don't we meet on the 24th to look at your withholding?"],
      ["Rosa Imari", "The 24th is fine."],
    ]);
    expect(next).toMatchObject({ date: "2028-03-24", topics: ["Withholding"] });
  });

  test("a day turned down and other days promised by e-mail: a meeting without a day", () => {
    const next = nextOf([
      ["Avery Lund", "Could you come in on the 20th?"],
      ["Rosa Imari", "I can't make the 20th, I'm away that week."],
      ["Avery Lund", "No problem, I'll email you other dates."],
    ]);
    expect(next?.date ?? null).toBeNull();
    expect(next).not.toBeNull();
  });

  test("what was said for next time long before the day was found is its topic", () => {
    const next = nextOf([
      ["Avery Lund", "Next time we'll go over the lease renewal."],
      ["Rosa Imari", "Good."],
      ["Avery Lund", "On the condo, the assessment came in lower."],
      ["Rosa Imari", "That's a relief."],
      ["Avery Lund", "It is. The board meets in spring."],
      ["Rosa Imari", "Okay."],
      ["Avery Lund", "Right. Could we say Tuesday the 14th, at ten?"],
      ["Rosa Imari", "Tuesday the 14th works."],
    ]);
    expect(next).toMatchObject({ date: "2028-03-14", time: "10:00", topics: ["Lease renewal"] });
  });
});

describe("topics said around the arrangement, not only after 'we'll'", () => {
  test("the meeting named by its kind, and what will be in by then", () => {
    const next = nextOf([
      [
        "Avery Lund",
        "Let's not set the signing yet. What I'd rather do is a quick check-in call once the bank answers.",
      ],
      ["Avery Lund", "The title report should be in by then. Does Tuesday the 14th at nine work?"],
      ["Rosa Imari", "Nine works."],
    ]);
    expect(next).toMatchObject({ date: "2028-03-14", time: "09:00" });
    expect(next?.topics).toEqual(["Check-in call", "Title report"]);
  });

  test("meeting before someone's event, once a piece of work is done", () => {
    const next = nextOf([
      ["Avery Lund", "I want to see you before the hearing, once the cost comparison is done. How's Friday the 17th?"],
      ["Rosa Imari", "Friday's good. Ten?"],
      ["Avery Lund", "Ten it is."],
    ]);
    expect(next?.date).toBe("2028-03-17");
    // One lead a sentence: the first that gives topics.
    expect(next?.topics).toEqual(["Prepare for the hearing"]);
  });

  test("meeting once something is in: the thing awaited is the topic", () => {
    const next = nextOf([
      ["Avery Lund", "I'd like to get together once the court letters are in. Thursday the 23rd?"],
      ["Rosa Imari", "The 23rd is fine."],
    ]);
    expect(next?.date).toBe("2028-03-23");
    expect(next?.topics).toEqual(["Court letters"]);
  });

  test("the purpose said just before the day offered is a topic; 'do it on Zoom' is none", () => {
    const next = nextOf([
      ["Avery Lund", "So, to go through the draft lease together. Wednesday the 15th at four?"],
      ["Rosa Imari", "Four is fine. We can do it on Zoom again."],
    ]);
    expect(next?.date).toBe("2028-03-15");
    expect(next?.topics).toEqual(["Draft lease"]);
  });
});

describe("a day read from the calendar, and a count of weeks proposed", () => {
  test("'check in again' plans it; the assistant's open slot, taken with its hour, settles it; 'by then' is its topic", () => {
    const next = nextOf([
      [
        "Avery Lund",
        "I'd like to check in again in about a month. By then we'll have the survey back. Nina, what's open?",
      ],
      ["Nina Park", "You've got Wednesday the 5th, ten o'clock, open."],
      ["Rosa Imari", "Ten's fine."],
      ["Avery Lund", "Wednesday at ten, then."],
    ]);
    // The 5th after 6 March that is a Wednesday is in April.
    expect(next).toMatchObject({ date: "2028-04-05", time: "10:00" });
    expect(next?.topics).toEqual(["Survey"]);
  });

  test("'let's say two weeks from today' is a day proposed, not a hedged period; the step before it is the topic", () => {
    const next = nextOf([
      ["Avery Lund", "You'll have the drafts by email within a week. Then we sign. Let's say two weeks from today?"],
      ["Rosa Imari", "Works for me."],
      ["Avery Lund", "Two weeks from today, then."],
    ]);
    expect(next?.date).toBe("2028-03-20");
    expect(next?.topics).toEqual(["Signing"]);
  });

  test("'in, say, two weeks' is still a period", () => {
    const next = nextOf([["Avery Lund", "We should meet again in, say, two weeks, once the survey is back."]]);
    expect(next?.date ?? null).toBeNull();
  });
});
