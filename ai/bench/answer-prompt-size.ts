// The prompt one Meeting Intelligence question sends to the chat model in the worst case the API allows (20 earlier
// turns of 20,000 characters, a period of 20 meetings with full summaries, 8 passages: ai/test-support/
// answer-worst-case.ts), per model and shrink level: characters, and tokens estimated at 4 characters each.
//
//   bun ai/bench/answer-prompt-size.ts
//
// Before issue 13 (commit 93c4dde) the same context sent 99,074 characters (22,598 o200k tokens) without history and
// 299,074 (55,998 tokens) with it, and no output cap.

import { answerBudget } from "../src/openai/answer-budget";
import { ANSWER_SYSTEM_PROMPT, buildAnswerUserMessage } from "../src/openai/answer-prompt";
import { worstCaseContext } from "../test-support/answer-worst-case";

const rows: Record<string, string | number>[] = [];
for (const [label, ctx] of [
  ["no history", worstCaseContext({ historyTurns: 0 })],
  ["20 turns of 20,000 chars", worstCaseContext()],
] as const) {
  for (const [model, level] of [
    ["gpt-4o-mini", 0],
    ["gpt-4o-mini", 1],
    ["gpt-4o-mini", 2],
    ["an unknown model (8,192 tokens)", 0],
  ] as const) {
    const budget = answerBudget({ model, level });
    const chars = ANSWER_SYSTEM_PROMPT.length + buildAnswerUserMessage(ctx, budget).length;
    rows.push({
      history: label,
      model,
      "shrink level": level,
      "prompt chars": chars,
      "≈ tokens": Math.round(chars / 4),
      "output cap": budget.outputTokens,
    });
  }
}
console.table(rows);
