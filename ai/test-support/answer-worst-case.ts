// The largest answer context a question can bring today: 20 earlier turns of 20,000 characters (the search route's
// limits), 20 meetings of a period with full summaries, and 8 retrieved passages. Used by the prompt budget's tests
// and by the cost figures in the README (ai/bench/answer-prompt-size.ts).

import type { MeetingFact } from "@cm/db/queries/intelligence";
import type { AnswerContext } from "../src/search/answer-types";

const sentence = (i: number, words: string) => `Sentence ${i} of the record: ${words}.`;
const paragraph = (n: number, words: string) => Array.from({ length: n }, (_, i) => sentence(i + 1, words)).join(" ");

export function worstCaseFacts(count = 20): MeetingFact[] {
  return Array.from({ length: count }, (_, i) => ({
    id: 100 + i,
    title: `Quarterly portfolio review ${i + 1}`,
    type: "Portfolio review",
    date: new Date(2025, 3, 28 - i, 10),
    clientId: 1 + (i % 5),
    clientName: `Client ${1 + (i % 5)} Family Trust`,
    summary: {
      executiveSummary: paragraph(
        12,
        "the client and the advisor reviewed the allocation, fees, taxes and the pension plan",
      ),
      keyPoints: Array.from({ length: 12 }, (_, k) => ({
        text: sentence(k + 1, "a decision about the equity share, the bond ladder and the cash reserve was recorded"),
      })),
      decisions: [],
      actionItems: Array.from({ length: 10 }, (_, k) => ({
        task: sentence(k + 1, "send the updated allocation proposal with the fee schedule"),
        assignee: "Alex Advisor",
        dueDate: "2025-05-02",
      })),
      nextMeeting: { date: "2025-07-01", topics: ["Tax planning", "Estate", "Rebalancing", "Insurance"] },
    },
  }));
}

export function worstCaseContext(options: { historyTurns?: number; turnChars?: number } = {}): AnswerContext {
  const turns = options.historyTurns ?? 20;
  const turnChars = options.turnChars ?? 20_000;
  const facts = worstCaseFacts();
  return {
    question: "What happened in April?",
    understood: {
      intent: "general",
      period: { from: new Date(2025, 3, 1), to: new Date(2025, 3, 30, 23, 59), label: "in April" },
      clients: [],
      topic: undefined,
      offset: 0,
      searchText: "What happened in April?",
      kinds: [],
      names: [],
      ownItems: false,
    },
    facts,
    passages: Array.from({ length: 8 }, (_, i) => ({
      meetingId: 100 + i,
      title: facts[i]!.title,
      date: facts[i]!.date,
      clientName: facts[i]!.clientName,
      source: "transcript",
      content:
        `Alex Advisor: ${paragraph(20, `passage ${i + 1} about rebalancing the portfolio before the rate decision`)}`.slice(
          0,
          1_500,
        ),
    })),
    history: Array.from({ length: turns }, (_, i) => ({
      role: i % 2 ? ("assistant" as const) : ("user" as const),
      content:
        `Turn ${i + 1}. ${"The advisor asked about the pension allocation and the answer followed. ".repeat(400)}`.slice(
          0,
          turnChars,
        ),
    })),
  };
}
