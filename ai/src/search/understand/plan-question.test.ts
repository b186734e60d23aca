// Understanding without a database: a question and its conversation give the same plan every time, one answer kind
// per kind of question. The clients and questions are made up for these tests.
import { describe, expect, test } from "bun:test";
import type { NamedClient } from "./match-client";
import { type AnswerPlan, listsAcrossClients, type MeetingScope, planQuestion } from "./plan-question";
import { shapeOfQuestion } from "./question-shape";
import { type HistoryMessage, understandQuestion } from "./understand-question";

const clients: NamedClient[] = [
  { id: 1, name: "Tamsin and Olu Achterberg", aliases: ["Tamsin", "Olu"] },
  { id: 2, name: "Ferris Holdings" },
  { id: 3, name: "Hendricks Family Trust" },
];
const now = new Date("2026-05-20T12:00:00Z");

function plan(question: string, history: HistoryMessage[] = [], extra: Partial<AnswerPlan> = {}): AnswerPlan {
  const understood = understandQuestion(question, history, clients, now);
  const shape = shapeOfQuestion(question, understood.clients.length > 0);
  return planQuestion({ question, understood, shape, history, now, lastAnswerMeetings: [], ...extra });
}

describe("one answer kind per kind of question", () => {
  const cases: [string, AnswerPlan["kind"], MeetingScope["by"]][] = [
    ["What premium did the Achterbergs agree to for the umbrella policy?", "fact", "filtered"],
    ["Which clients are thinking about selling a rental property?", "client-list", "clients-met"],
    ["Which clients did I meet last week?", "client-list", "clients-met"],
    ["What has changed for the Achterbergs since our first meeting?", "what-changed", "picked"],
    ["When is my next meeting with Ferris Holdings?", "who-when", "upcoming"],
    ["When was the signing with the Achterbergs scheduled?", "who-when", "scheduled-event"],
    ["What were the action items from my last meeting with Ferris Holdings?", "meeting-items", "picked"],
    ["What did we decide at our first meeting with the Achterbergs?", "meeting-items", "picked"],
    ["Who won the World Series last year?", "fact", "filtered"],
    ["What did we talk about in our last meeting?", "meeting-items", "last-held"],
    ["Who won the World Series?", "fact", "searched"],
    ["What did I agree to do for the Achterbergs at our last meeting?", "meeting-items", "picked"],
    [
      "What budget did we originally agree on for the Achterbergs' kitchen, and what is it now?",
      "what-changed",
      "filtered",
    ],
  ];
  for (const [question, kind, scope] of cases) {
    test(`${kind}: ${question}`, () => {
      const p = plan(question);
      expect(p.kind).toBe(kind);
      expect(p.scopes[0]?.by).toBe(scope);
    });
  }

  test("a client list searches every meeting for the subject, or lists the clients met", () => {
    expect(listsAcrossClients(plan("Which clients are thinking about selling a rental property?"))).toBe(true);
    expect(listsAcrossClients(plan("Which clients did I meet last week?"))).toBe(false);
  });

  test("questions about given meetings read those meetings only", () => {
    const p = plan("What was decided?", [], { meetingIds: [7] });
    expect(p.scopes).toEqual([{ by: "given", meetingIds: [7] }]);
  });
});

test("'now' asks for today's state of things, not for meetings held today", () => {
  expect(plan("What did we originally budget for the Achterbergs' roof, and what is it now?").period).toBeUndefined();
});

test("what a meeting went over, asked of one meeting, is that meeting's notes: no subject to search for", () => {
  for (const question of [
    "What did we cover in my last meeting with the Achterbergs?",
    "What came out of my last meeting with Olu?",
    "What did we go over at our most recent meeting with Tamsin?",
  ]) {
    const p = plan(question);
    expect([question, p.subject, p.asksSomething]).toEqual([question, "", false]);
    expect(p.kind).toBe("meeting-items");
  }
  expect(plan("What did we cover about the umbrella policy in my last meeting with Tamsin?").asksSomething).toBe(true);
});

test("a client's whole name leaves the subject, its common words too; a common word said with part of it stays", () => {
  expect(plan("What did we cover in my last meeting with Ferris Holdings?").subject).toBe("");
  expect(plan("What came out of my last meeting with the Hendricks Family Trust's trustees?").subject).toBe("trustees");
  expect(plan("What did we decide about the Hendricks trust?").subject).toContain("trust");
});

test("a meeting's items asked by its place: the items of that meeting, not a search for the words", () => {
  const p = plan("What are the action items from my last meeting with the Achterbergs?");
  expect(p.asksSomething).toBe(false);
  expect(p.understood.intent).toBe("action_items");
});

describe("a follow-up is planned from the conversation", () => {
  const history: HistoryMessage[] = [
    { role: "user", content: "When is my next meeting with Ferris Holdings?" },
    { role: "assistant", content: "**June 3.** — [Quarterly review](/meetings/12)" },
  ];

  test("it inherits the client and the kind of the question that set the subject", () => {
    const p = plan("And the one before that?", history);
    expect(p.understood.followUp).toBe(true);
    expect(p.clientIds).toEqual([2]);
  });

  test("the same question gives the same plan", () => {
    const { now: _a, ...first } = plan("What did they decide about it?", history);
    const { now: _b, ...second } = plan("What did they decide about it?", history);
    expect(second).toEqual(first);
  });
});
