// "I" in a question is the advisor asking: "what did I promise Imogen?" lists the advisor's items, not Imogen's.
import { describe, expect, test } from "bun:test";
import type { MeetingFact } from "@cm/db/queries/intelligence";
import type { AnswerContext } from "./answer-types";
import { asksOwnCommitments, isAdvisorsItem } from "./understand/advisor-items";
import { understandQuestion } from "./understand/understand-question";
import { composeLocalAnswer } from "./write/compose-local-answer";

describe("the advisor's own commitments", () => {
  test("'I promised', 'I owe', 'am I supposed to' and 'my to-dos' ask for the advisor's items", () => {
    expect(asksOwnCommitments("What did I promise Imogen?")).toBe(true);
    expect(asksOwnCommitments("What do I owe the Varga family?")).toBe(true);
    expect(asksOwnCommitments("What am I supposed to send Imogen?")).toBe(true);
    expect(asksOwnCommitments("Show me my follow-ups from Tuesday")).toBe(true);
    // "We" is the firm, and another person's promises are theirs.
    expect(asksOwnCommitments("What did we promise the Vargas?")).toBe(false);
    expect(asksOwnCommitments("What did Imogen promise to bring?")).toBe(false);
  });

  test("an item is the advisor's when its assignee is the advisor's full or first name", () => {
    expect(isAdvisorsItem("Noor Castellane", "Noor Castellane")).toBe(true);
    expect(isAdvisorsItem("Noor", "Noor Castellane")).toBe(true);
    expect(isAdvisorsItem("Imogen Varga", "Noor Castellane")).toBe(false);
    expect(isAdvisorsItem(null, "Noor Castellane")).toBe(false);
  });

  test("'What did I commit to last week?' asks for action items", () => {
    const u = understandQuestion("What did I commit to last week?", [], [], new Date(2026, 3, 20));
    expect(u.intent).toBe("action_items");
  });
});

const meeting = (items: { task: string; assignee: string }[]): MeetingFact =>
  ({
    id: 31,
    title: "Spring check-in",
    date: new Date(2026, 3, 14),
    type: "review",
    clientName: "Imogen Varga",
    clientId: 5,
    summary: { executiveSummary: "", keyPoints: [], actionItems: items, nextMeeting: null },
  }) as unknown as MeetingFact;

const askedBy = (question: string, fact: MeetingFact, advisorName?: string): AnswerContext => ({
  question,
  understood: {
    intent: "action_items",
    period: undefined,
    clients: [],
    topic: undefined,
    offset: 0,
    searchText: question,
    kinds: [],
    names: [],
    ownItems: asksOwnCommitments(question),
  },
  facts: [fact],
  passages: [],
  found: true,
  history: [],
  ...(advisorName ? { advisorName } : {}),
});

describe("the local answer to 'what did I promise…'", () => {
  const fact = meeting([
    { task: "Mail the beneficiary forms", assignee: "Noor Castellane" },
    { task: "Find the old pension letter", assignee: "Imogen Varga" },
  ]);

  test("lists the advisor's items, not those of the client named", () => {
    const answer = composeLocalAnswer(askedBy("What did I promise Imogen?", fact, "Noor Castellane"));
    const lead = answer.split("\n")[0]!;
    expect(lead).toContain("Mail the beneficiary forms");
    expect(answer).not.toContain("Find the old pension letter");
  });

  test("says plainly when none is the advisor's", () => {
    const theirs = meeting([{ task: "Find the old pension letter", assignee: "Imogen Varga" }]);
    const answer = composeLocalAnswer(askedBy("What did I promise Imogen?", theirs, "Noor Castellane"));
    expect(answer.split("\n")[0]).toContain("None of the action items");
    expect(answer).not.toContain("Find the old pension letter");
  });

  test("without the advisor's name, the client named picks the client's items as before", () => {
    const answer = composeLocalAnswer(askedBy("What did I promise Imogen?", fact));
    expect(answer.split("\n")[0]).toContain("Find the old pension letter");
  });
});

describe("an advisor the meetings never name", () => {
  test("'what did I promise' lists the practice's items, not the client's", () => {
    const fact = meeting([
      { task: "Order the appraisal", assignee: "Unassigned" },
      { task: "Book the notary", assignee: "Tobias" },
      { task: "Find the old pension letter", assignee: "Imogen" },
    ]);
    const answer = composeLocalAnswer(askedBy("What did I promise clients this week?", fact, "Noor Castellane"));
    const lead = answer.split("\n")[0]!;
    expect(lead).toContain("Order the appraisal");
    expect(lead).toContain("Book the notary");
    expect(answer).not.toContain("Find the old pension letter");
  });

  test("'my last meeting with Imogen' names the person met, not whose items to list", () => {
    const fact = meeting([
      { task: "Order the appraisal", assignee: "Noor" },
      { task: "Find the old pension letter", assignee: "Imogen" },
    ]);
    const answer = composeLocalAnswer(askedBy("What are the action items from my last meeting with Imogen?", fact));
    expect(answer.split("\n")[0]).toContain("Order the appraisal");
  });

  test("'what did I agree to do' asks for the advisor's action items", () => {
    expect(asksOwnCommitments("What did I agree to do for the Vargas?")).toBe(true);
    const u = understandQuestion("What did I agree to do for them at our last meeting?", [], [], new Date(2026, 3, 20));
    expect(u.intent).toBe("action_items");
  });
});
