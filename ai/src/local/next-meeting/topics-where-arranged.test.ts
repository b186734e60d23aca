// What the next meeting is for, said where it was arranged even when the day is said again at the goodbye, said as
// what the clients will sign there, or as what the time until then is for.
import { expect, test } from "bun:test";
import { splitSegmentsIntoSentences } from "../../language/sentences";
import { findNextMeeting } from "../find-next-meeting";

const monday = new Date(2028, 2, 6, 11); // Monday 6 March 2028

function nextOf(lines: [string, string][]) {
  const segments = lines.map(([speaker, text], i) => ({ start: i * 10, end: i * 10 + 9, speaker, text }));
  return findNextMeeting(splitSegmentsIntoSentences(segments), monday);
}

test("the day said again at the goodbye keeps what was said where it was first arranged", () => {
  const next = nextOf([
    ["Nina Holt", "Okay. So, the signing. Pavel, what do we have?"],
    ["Pavel Rusk", "I have Thursday the 16th at two, here at the office. Does that work?"],
    ["Omar Vance", "That works for me."],
    ["Pavel Rusk", "Great. I'll book a notary."],
    ["Nina Holt", "You'll each sign your trust, your wills and the deed."],
    ["Omar Vance", "Can we bring the baby?"],
    ["Nina Holt", "Of course."],
    ["Omar Vance", "It's been a long year."],
    ["Nina Holt", "It has. A good one, though."],
    ["Omar Vance", "Thanks again for everything today."],
    ["Nina Holt", "See you on the 16th."],
  ]);
  expect(next).toMatchObject({ date: "2028-03-16", time: "14:00" });
  expect(next?.topics).toContain("Sign the trust, the wills and the deed");
});

test("what the time until the meeting is for is a topic", () => {
  const next = nextOf([
    ["Nina Holt", "Shall we meet again in two weeks, same time? That gives Omar time to get the pension estimate."],
    ["Omar Vance", "Two weeks is fine."],
  ]);
  expect(next?.topics.join(" | ").toLowerCase()).toContain("pension estimate");
});

test("what someone is going to do before it ('I'm going to draft the deed') is no topic of the meeting", () => {
  const next = nextOf([
    [
      "Nina Holt",
      "I'm going to draft the deed and the trust this week, Omar, you and I will find a time to look at it.",
    ],
    ["Omar Vance", "Got it."],
    ["Nina Holt", "So, signing. Pavel, what do we have?"],
    ["Pavel Rusk", "I have Thursday the 16th at two, here at the office. Does that work?"],
    ["Omar Vance", "That works."],
  ]);
  expect(next).toMatchObject({ date: "2028-03-16", time: "14:00" });
  expect(next?.topics).not.toContain("Draft the deed");
});

test("a day of the month said back without its month is the day just offered, in whatever year it falls", () => {
  const next = nextOf([
    ["Nina Holt", "Let's give it a season. How about Monday, January 15 at two?"],
    ["Omar Vance", "Monday the 15th at two works."],
  ]);
  expect(next).toMatchObject({ date: "2029-01-15", time: "14:00" });
});
