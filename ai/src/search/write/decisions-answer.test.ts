// A question asking what was decided at one meeting leads with that meeting's recorded decisions (those about the
// question's subject when it names one), then the sentences said, each cited.
import { expect, test } from "bun:test";
import type { MeetingFact } from "@cm/db/queries/intelligence";
import type { AnswerContext, Evidence } from "../answer-types";
import { shapeOfQuestion } from "../understand/question-shape";
import { closestPassagesAnswer, composeLocalAnswer, NOT_SURE_ANSWER } from "./compose-local-answer";
import { decisionsAsked } from "./decisions-answer";

const meeting: MeetingFact = {
  id: 9,
  title: "Cabin and college review",
  type: "Meeting",
  date: new Date(2026, 5, 4),
  clientId: 2,
  clientName: "Brandt household",
  summary: {
    executiveSummary: "Reviewed the cabin and the college fund.",
    keyPoints: [],
    decisions: [
      { text: "Keep the cabin in the family trust for now." },
      { text: "Raise the college fund contribution to $600 a month." },
    ],
    actionItems: [],
    nextMeeting: null,
  },
};

const said: Evidence = {
  meetingId: 9,
  title: meeting.title,
  date: meeting.date,
  clientName: meeting.clientName,
  source: "transcript",
  speaker: "Lena Brandt",
  text: "Okay, we keep it for now.",
  seconds: 40,
  score: 1,
  similarity: 0.4,
  coverage: 0.5,
};

const asked = (question: string, subject: string, kinds: AnswerContext["understood"]["kinds"]): AnswerContext => ({
  question,
  understood: {
    intent: "general",
    period: undefined,
    clients: [],
    topic: undefined,
    offset: 0,
    searchText: question,
    kinds,
    names: [],
    ownItems: false,
  },
  shape: { across: false, changes: false, pick: "latest", notesFirst: false, current: false, subject },
  facts: [meeting],
  passages: [],
  evidence: [said],
  found: true,
  history: [],
});

test("what was decided at one meeting: its decisions lead, cited, and the sentences said support them", () => {
  const answer = composeLocalAnswer(asked("What did we decide at our last meeting?", "", ["decision"]));
  const first = answer.split("\n")[0]!;
  expect(first).toContain("Keep the cabin in the family trust for now.");
  expect(first).toContain("Raise the college fund contribution to $600 a month.");
  expect(first).toContain("](/meetings/9)");
  expect(answer).toContain("> Okay, we keep it for now.");
});

test("a client's whole name is no subject: its decisions lead, its common words ('Trust') asked of nothing", () => {
  const ctx = asked("What did we decide with Fairweather Trust?", "fairweather trust", ["decision"]);
  const named = { ...ctx, understood: { ...ctx.understood, clients: [{ id: 2, name: "Fairweather Trust" }] } };
  expect(decisionsAsked(named)?.line).toContain("Keep the cabin in the family trust for now.");
  expect(decisionsAsked(named)?.line).toContain("Raise the college fund contribution");
});

test("one meeting's decisions are shown to the sixth: a choice recorded after several refusals is not cut", () => {
  const refusals = ["the bond ladder", "the annuity", "the rollover", "the loan"].map((t) => ({
    text: `Not to do ${t}.`,
  }));
  const many: MeetingFact = {
    ...meeting,
    summary: {
      ...meeting.summary!,
      decisions: [...refusals, { text: "The hybrid policy for both." }, { text: "Sixth." }, { text: "Seventh." }],
    },
  };
  const line = decisionsAsked({ ...asked("What did we decide at our last meeting?", "", ["decision"]), facts: [many] });
  expect(line?.line).toContain("The hybrid policy for both.");
  expect(line?.line).toContain("Sixth.");
  expect(line?.line).not.toContain("Seventh.");
});

test("not sure of the sentences, the answer still shows what the meeting's notes recorded as decided, first", () => {
  const answer = closestPassagesAnswer(asked("What did we decide at our last meeting?", "", ["decision"]));
  const [notSure, notes] = answer.split("\n\n");
  expect(notSure).toBe(NOT_SURE_ANSWER);
  // The meeting cited first, then its decisions as sentences: no citation after a full stop.
  expect(notes).toStartWith(
    "From the meeting notes: **Decided** at [Cabin and college review (June 4, 2026)](/meetings/9): Keep the cabin in the family trust for now.",
  );
  expect(notes).not.toContain(". ([");
  expect(answer).toContain("> Okay, we keep it for now.");
  // Nothing recorded about the subject asked: only the passages.
  expect(closestPassagesAnswer(asked("What did we decide about the boat?", "boat", ["decision"]))).not.toContain(
    "Decided",
  );
});

test("a subject keeps the decisions about it; none about it, or no decision asked, gives no lead", () => {
  const cabin = decisionsAsked(asked("What did we decide about the cabin?", "decide cabin", ["decision"]));
  expect(cabin?.line).toContain("Keep the cabin");
  expect(cabin?.line).not.toContain("$600");
  expect(decisionsAsked(asked("What did we decide about the boat?", "decide boat", ["decision"]))).toBeUndefined();
  expect(decisionsAsked(asked("What is the cabin worth?", "cabin worth", ["amount"]))).toBeUndefined();
});

test("a subject whose words match no decision keeps those about the client's person it names", () => {
  const household: MeetingFact = {
    ...meeting,
    summary: {
      ...meeting.summary!,
      decisions: [
        { text: "Lena buys her brother's half of the cabin with a family loan." },
        { text: "Raise the college fund contribution to $600 a month." },
      ],
    },
  };
  const context = asked("What did we decide about how Lena would run the cabin?", "decide lena run", ["decision"]);
  const withPeople: AnswerContext = {
    ...context,
    facts: [household],
    understood: { ...context.understood, clients: [{ id: 2, name: "Brandt household", aliases: ["lena"] }] },
  };
  const lead = decisionsAsked(withPeople);
  expect(lead?.line).toContain("Lena buys her brother's half");
  expect(lead?.line).not.toContain("$600");
  // A subject naming none of the client's people, and matching no decision, still gives no lead.
  expect(
    decisionsAsked({ ...withPeople, shape: { ...withPeople.shape!, subject: "decide run boat" } }),
  ).toBeUndefined();
});

test("a month that sets the period is no subject: all of that meeting's decisions lead", () => {
  const question = "What did we decide in October?";
  const lead = decisionsAsked(asked(question, shapeOfQuestion(question, true).subject, ["decision"]));
  expect(lead?.line).toContain("Keep the cabin");
  expect(lead?.line).toContain("$600");
});

test("asked of a client's meetings, the decisions about the subject lead, each at its moment; a choice first", () => {
  const spring: MeetingFact = {
    ...meeting,
    id: 4,
    title: "Spring review",
    date: new Date(2026, 2, 10),
    summary: {
      ...meeting.summary!,
      decisions: [
        {
          text: "We're going with the index annuity from Harbor Life for the rollover.",
          source: { segment: 12, start: 754.6 },
        },
        { text: "Keep the house insurance with the current carrier." },
      ],
    },
  };
  const summer: MeetingFact = {
    ...meeting,
    id: 7,
    title: "Summer review",
    date: new Date(2026, 6, 2),
    summary: {
      ...meeting.summary!,
      decisions: [
        { text: "Accept the rollover annuity as issued, at the standard rate.", source: { segment: 3, start: 95 } },
        { text: "Review the annuity's health care rider next year." },
      ],
    },
  };
  const question = "Which rollover annuity option did the Brandts choose?";
  const context: AnswerContext = {
    ...asked(question, "rollover annuity option choose", ["decision"]),
    facts: [summer, spring],
  };
  const line = decisionsAsked(context)?.line ?? "";
  // The choice leads though the later meeting's decision is newer; each is cited at its own moment.
  expect(line.indexOf("going with the index annuity")).toBeLessThan(line.indexOf("Accept the rollover annuity"));
  expect(line).toContain("(/meetings/4?t=754)");
  expect(line).toContain("(/meetings/7?t=95)");
  // Half the subject's words at least: "annuity" alone is not "rollover annuity option"; a decision about nothing
  // asked is left out.
  expect(line).not.toContain("health care rider");
  expect(line).not.toContain("house insurance");

  // Not a choice: newest first.
  const decided = decisionsAsked({
    ...context,
    shape: { ...context.shape!, subject: "decide rollover annuity option" },
  });
  expect(decided?.line.indexOf("Accept the rollover")).toBeLessThan(decided?.line.indexOf("going with") ?? 0);
  expect(decided?.meetingId).toBe(7);
});

test("across meetings, a decision question names a subject: without one, or with none decided about it, no lead", () => {
  const second: MeetingFact = { ...meeting, id: 10, date: new Date(2026, 7, 1) };
  const across = (subject: string) => ({
    ...asked("What did we decide with the Brandts?", subject, ["decision"]),
    facts: [second, meeting],
  });
  expect(decisionsAsked(across("decide"))).toBeUndefined();
  expect(decisionsAsked(across("decide boat"))).toBeUndefined();
  expect(decisionsAsked(across("decide cabin"))?.line).toContain("Keep the cabin");
});
