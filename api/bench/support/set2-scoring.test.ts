import { describe, expect, test } from "bun:test";
import type { Set2Meeting } from "./advisor-set-2";
import type { Summary } from "./notes-scoring";
import { looksLikeQuote } from "./quote-like";
import { linkedMeetingIds, scoreSet2Answer, stripMarkdown } from "./set2-answer-scoring";
import { matchesItem, maximumMatching, nextMeetingDayRight, scoreSet2Meeting } from "./set2-notes-scoring";

// A Wednesday meeting of an invented client, Ada Lund, with her adviser Rosa.
const MEETING_DAY = new Date("2026-03-04T00:00:00");
const truth: Set2Meeting = {
  key: "L",
  file: "lund.txt",
  client: "Ada Lund",
  clientType: "Retirement Planning",
  title: "Pension review",
  daysAgo: 10,
  speakers: ["Rosa Vega", "Ada Lund"],
  actionItems: [
    { task: "pension|annuity quote", assignee: "Rosa" },
    { task: "payslip|pay stub", assignee: "Ada|Unassigned" },
  ],
  optionalItems: [{ task: "calendar invite", assignee: ".*" }],
  notActionItems: [{ task: "sailboat", why: "a joke" }],
  nextMeeting: { offsetDays: 3, topics: ["pension"] },
  summaryFacts: [
    { fact: "the pension pays 1,200 a month", re: "\\b1,200\\b" },
    { fact: "she retires at 62", re: "\\b62\\b" },
  ],
};
const summary = (parts: Partial<Summary>): Summary => ({
  executiveSummary: "",
  keyPoints: [],
  decisions: [],
  actionItems: [],
  nextMeeting: null,
  ...parts,
});

describe("action items of the second set", () => {
  test("match when the task and the assignee regexes both match, case-insensitive", () => {
    expect(matchesItem(truth.actionItems[0]!, { task: "Ask for the Pension figures", assignee: "Rosa Vega" })).toBe(
      true,
    );
    expect(matchesItem(truth.actionItems[0]!, { task: "Ask for the pension figures", assignee: "Ada Lund" })).toBe(
      false,
    );
    expect(matchesItem(truth.actionItems[1]!, { task: "Send the last pay stub", assignee: "Unassigned" })).toBe(true);
  });

  test("pair one-to-one: one product item does not recall two truth items", () => {
    expect(maximumMatching([[true], [true]])).toBe(1);
    expect(
      maximumMatching([
        [true, true],
        [true, false],
      ]),
    ).toBe(2);
  });

  test("count optional items as right, false friends apart, and the rest as wrong", () => {
    const score = scoreSet2Meeting(
      truth,
      MEETING_DAY,
      summary({
        actionItems: [
          { task: "Get the pension annuity quote", assignee: "Rosa" },
          { task: "Send a calendar invite", assignee: "Rosa" },
          { task: "Buy a sailboat", assignee: "Ada" },
        ],
      }),
    );
    expect(score.items).toEqual({ truth: 2, predicted: 3, matched: 1, right: 2, falseFriends: 1 });
    expect(score.wrongItems).toEqual(["Ada: Buy a sailboat"]);
    expect(score.missed).toEqual(["Ada|Unassigned: payslip|pay stub"]);
  });
});

describe("the next meeting of the second set", () => {
  test("is right on the agreed day, moved to the Monday on a weekend", () => {
    // Three days after a Wednesday is a Saturday: the Monday after.
    expect(nextMeetingDayRight(truth.nextMeeting, MEETING_DAY, { date: "2026-03-09" })).toBe(true);
    expect(nextMeetingDayRight(truth.nextMeeting, MEETING_DAY, { date: "2026-03-07" })).toBe(false);
    expect(nextMeetingDayRight(truth.nextMeeting, MEETING_DAY, null)).toBe(false);
  });

  test("where none was set, accepts no meeting, no date, or a date matching acceptDate", () => {
    const none = { offsetDays: null, acceptDate: "-12-", topics: [] };
    expect(nextMeetingDayRight(none, MEETING_DAY, null)).toBe(true);
    expect(nextMeetingDayRight(none, MEETING_DAY, { date: null })).toBe(true);
    expect(nextMeetingDayRight(none, MEETING_DAY, { date: "2026-12-02" })).toBe(true);
    expect(nextMeetingDayRight(none, MEETING_DAY, { date: "2026-04-02" })).toBe(false);
  });

  test("has its topics when one topic regex matches one of the product's topics", () => {
    const next = (topics: string[]) =>
      scoreSet2Meeting(truth, MEETING_DAY, summary({ nextMeeting: { date: "2026-03-09", topics } })).nextMeeting;
    expect(next(["Go over the pension options"])).toMatchObject({ day: true, topics: true });
    expect(next([])).toMatchObject({ day: true, topics: false });
  });
});

describe("facts of the second set", () => {
  test("are found in the executive summary, a key point or a decision, one at a time", () => {
    const score = scoreSet2Meeting(
      truth,
      MEETING_DAY,
      summary({ executiveSummary: "Ada's pension pays 1,200 a month.", keyPoints: [{ text: "Retiring at 62." }] }),
    );
    expect(score.facts).toMatchObject({ total: 2, found: 2, inSummaryAlone: 1 });
  });
});

describe("answers of the second set", () => {
  const keys = new Map([
    [7, "L"],
    [8, "M"],
  ]);
  const question = {
    id: "Q1",
    type: "cross-meeting",
    question: "Which clients have pensions?",
    expect: ["Lund"],
    notExpect: ["Moreau"],
    cite: [["L"]],
  };

  test("read the lead without markdown and the links' meetings", () => {
    expect(stripMarkdown("**Ada Lund** — see [Pension review](/meetings/7?t=30)")).toBe(
      "Ada Lund — see Pension review",
    );
    expect(linkedMeetingIds("[a](/meetings/7) and [b](/meetings/8?t=5)")).toEqual([7, 8]);
  });

  test("are right with the fact in the lead and the cited meeting linked", () => {
    const answer = { result: "**Ada Lund** has one ([Pension review](/meetings/7)).", sources: [] };
    expect(scoreSet2Answer(question, answer, keys)).toMatchObject({ lead: true, cited: true, right: true });
  });

  test("are wrong when a client that should not be named is in the lead, or the meeting is not linked", () => {
    const both = { result: "Ada Lund and Bo Moreau ([x](/meetings/7)).", sources: [] };
    expect(scoreSet2Answer(question, both, keys).right).toBe(false);
    const unlinked = { result: "Ada Lund.", sources: [{ meetingId: 7 }] };
    expect(scoreSet2Answer(question, unlinked, keys)).toMatchObject({ lead: true, cited: false });
  });

  test("off-topic is right only with nothing found, no link and no source", () => {
    const offTopic = { ...question, type: "off-topic", expect: [], notExpect: [], cite: [] };
    expect(scoreSet2Answer(offTopic, { result: "Nothing found.", sources: [], found: false }, keys).right).toBe(true);
    const withSource = { result: "Nothing found.", sources: [{ meetingId: 8 }], found: false };
    expect(scoreSet2Answer(offTopic, withSource, keys).right).toBe(false);
  });
});

describe("speaker-labelled quotes in the notes", () => {
  const speakers = ["Rosa Vega", "Ada Lund"];

  test("are a speaker's name, or a device label, before a colon, or a whole quotation", () => {
    expect(looksLikeQuote('Ada: "I would rather wait."', speakers)).toBe(true);
    expect(looksLikeQuote("**Rosa Vega:** we can look at it", speakers)).toBe(true);
    expect(looksLikeQuote("- Speaker 2: yes", speakers)).toBe(true);
    expect(looksLikeQuote("“I would rather wait until the spring.”", speakers)).toBe(true);
  });

  test("are not a topic label or a sentence that only mentions a name", () => {
    expect(looksLikeQuote("Social Security: Ada claims at 67.", speakers)).toBe(false);
    expect(looksLikeQuote("Ada will claim at 67; Rosa runs the numbers.", speakers)).toBe(false);
    expect(looksLikeQuote('Ada called it "a good plan".', speakers)).toBe(false);
  });
});
