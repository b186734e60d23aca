import { describe, expect, test } from "bun:test";
import { worstCaseContext, worstCaseFacts } from "../../test-support/answer-worst-case";
import type { AnswerContext } from "../search/answer-types";
import { answerBudget, contextTokensFromError, FULL_ANSWER_BUDGET } from "./answer-budget";
import { ANSWER_SYSTEM_PROMPT, buildAnswerUserMessage } from "./answer-prompt";
import { chatContextTokens } from "./chat-model-context";

const budget = answerBudget({ model: "gpt-4o-mini" });
/** The FACTS block of a user message. */
const factsOf = (message: string) => message.slice(message.indexOf("FACTS"), message.indexOf("PASSAGES"));
const full = FULL_ANSWER_BUDGET.historyChars + FULL_ANSWER_BUDGET.factsChars + FULL_ANSWER_BUDGET.passagesChars;

describe("the answer prompt's budget", () => {
  test("the worst case (20 turns of 20,000 characters, 20 full summaries) fits the budget", () => {
    const ctx = worstCaseContext();
    const message = buildAnswerUserMessage(ctx, budget);
    // Was 283,707 characters with this history (83,707 without): now the budget plus the headings.
    expect(message.length).toBeLessThan(full + 2_000);
    expect(ANSWER_SYSTEM_PROMPT.length + message.length).toBeLessThan(40_000);
    // Newest turns kept, oldest dropped; each turn clipped.
    expect(message).toContain("Assistant: Turn 20.");
    expect(message).not.toContain("Turn 1.");
    expect(message).not.toContain("Turn 14.");
    // Every meeting of the period is still listed (newest in full, the rest shorter).
    for (const fact of ctx.facts) expect(message).toContain(`(/meetings/${fact.id})`);
    expect(message).toContain("Key points:");
  });

  test("a question about one meeting gets that meeting, not the period's twenty", () => {
    const ctx = worstCaseContext({ historyTurns: 0 });
    const last: AnswerContext = { ...ctx, understood: { ...ctx.understood, intent: "last_meeting" } };
    const lastFacts = factsOf(buildAnswerUserMessage(last, budget));
    expect(lastFacts).toContain("(/meetings/100)");
    expect(lastFacts).not.toContain("(/meetings/101)");
    const topic: AnswerContext = { ...ctx, understood: { ...ctx.understood, topic: "portfolio review" } };
    const topicMessage = buildAnswerUserMessage(topic, budget);
    expect(topicMessage).toContain("Meeting 3:");
    expect(topicMessage).not.toContain("Meeting 4:");
    expect(topicMessage).toContain("(17 more matching meetings are not listed here.)");
  });

  test("the intent picks the summary's parts: action items without key points", () => {
    const ctx = worstCaseContext({ historyTurns: 0 });
    const actions: AnswerContext = { ...ctx, understood: { ...ctx.understood, intent: "action_items" } };
    const message = buildAnswerUserMessage(actions, budget);
    expect(message).toContain("Action items:");
    expect(message).toContain("(assignee: Alex Advisor; due 2025-05-02)");
    expect(message).not.toContain("Key points:");
    // A key-points question over a period: every meeting listed, and past the ones in full, brief ones still carry
    // their first key points (the full ones have 12 each).
    const points: AnswerContext = { ...ctx, understood: { ...ctx.understood, intent: "key_points" } };
    const pointsMessage = buildAnswerUserMessage(points, budget);
    expect(pointsMessage.match(/^Meeting \d+:/gm)).toHaveLength(20);
    const shown = pointsMessage.match(/^Key points:/gm)?.length ?? 0;
    const full = (pointsMessage.match(/^- Sentence 12 of the record: a decision/gm) ?? []).length;
    expect(shown).toBeGreaterThan(full);
  });

  test("duplicates are sent once: repeated points, a summary passage of a listed meeting, the same passage twice", () => {
    const [fact] = worstCaseFacts(1);
    const point = "The client wants to lower the equity share.";
    fact!.summary!.keyPoints = [point, "the client wants to lower the equity share", "Another point."].map((text) => ({
      text,
    }));
    fact!.summary!.actionItems = [
      { task: "Send the proposal", assignee: "Alex" },
      { task: "Send the proposal.", assignee: "Alex" },
    ];
    const passage = {
      meetingId: 100,
      title: fact!.title,
      date: fact!.date,
      clientName: fact!.clientName,
      source: "transcript",
      content: "Alex Advisor: We will rebalance in June.",
    };
    const ctx: AnswerContext = {
      ...worstCaseContext({ historyTurns: 0 }),
      facts: [fact!],
      passages: [passage, { ...passage }, { ...passage, source: "summary", content: "Summary text again" }],
    };
    const message = buildAnswerUserMessage(ctx, budget);
    expect(message.match(/lower the equity share/gi)).toHaveLength(1);
    expect(message.match(/Send the proposal/g)).toHaveLength(1);
    expect(message.match(/We will rebalance in June/g)).toHaveLength(1);
    expect(message).not.toContain("Summary text again");
  });

  test("a small context window and each shrink level give less", () => {
    const ctx = worstCaseContext();
    const sizes = [0, 1, 2].map((level) => buildAnswerUserMessage(ctx, answerBudget({ model: "x", level })).length);
    // An unknown model is planned at 8,192 tokens: the prompt and the output cap fit it.
    const small = answerBudget({ model: "some-local-model" });
    expect(small.outputTokens).toBe(2_000);
    expect(sizes[0]! / 3 + small.outputTokens + ANSWER_SYSTEM_PROMPT.length / 3).toBeLessThan(8_192);
    expect(sizes[1]!).toBeLessThan(sizes[0]!);
    expect(sizes[2]!).toBeLessThan(sizes[1]!);
  });

  test("known models, the configured window, and the window a context-length error names", () => {
    expect(chatContextTokens("gpt-4o-mini")).toBe(128_000);
    expect(chatContextTokens("gpt-4.1-nano")).toBe(1_047_576);
    expect(chatContextTokens("gpt-4")).toBe(8_192);
    expect(chatContextTokens("llama3.1:8b")).toBe(8_192);
    expect(chatContextTokens("llama3.1:8b", 32_768)).toBe(32_768);
    expect(answerBudget({ model: "gpt-5-mini" }).outputTokens).toBe(8_000);
    expect(
      contextTokensFromError("This model's maximum context length is 4096 tokens. However, you requested 5000 tokens"),
    ).toBe(4_096);
    expect(contextTokensFromError("Simulated error 400")).toBeUndefined();
  });
});

test("the clients a person spoke in the meetings of reach the chat model under that person's name", () => {
  const ctx = worstCaseContext({ historyTurns: 0 });
  const visit = {
    clientName: "Ferris Holdings",
    meetings: 1,
    lastDate: new Date(2026, 3, 2),
    lastMeetingId: 9,
    lastTitle: "Terms",
  };
  const asked: AnswerContext = {
    ...ctx,
    understood: { ...ctx.understood, period: undefined, person: { name: "Wren Castellanos", meetingIds: [9] } },
    clientsMet: [visit],
  };
  const message = buildAnswerUserMessage(asked, budget);
  expect(message).toContain("CLIENTS WHOSE MEETINGS Wren Castellanos SPOKE IN, so far:");
  expect(message).toContain("- Ferris Holdings: 1 meeting, most recently");
  expect(message).not.toContain("CLIENTS MET");
});
