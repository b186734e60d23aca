import type { Sql } from "@cm/db";
import type { Embedder } from "../types";
import type { AnswerComposer, AnswerContext, Source } from "./answer-types";
import { gatherContext } from "./gather-context";
import type { HistoryMessage } from "./understand-question";

/** The meetings an answer rests on: facts first, then passages, each once. */
export function collectSources(ctx: AnswerContext): Source[] {
  const sources = new Map<number, Source>();
  const add = (s: Source) => {
    if (!sources.has(s.meetingId)) sources.set(s.meetingId, s);
  };
  for (const c of ctx.clientsMet ?? []) {
    add({
      meetingId: c.lastMeetingId,
      title: c.lastTitle,
      date: c.lastDate.toISOString(),
      client: c.clientName,
      snippet: "",
    });
  }
  for (const f of ctx.facts) {
    add({
      meetingId: f.id,
      title: f.title,
      date: f.date.toISOString(),
      client: f.clientName,
      snippet: (f.summary?.executiveSummary ?? "").slice(0, 200),
    });
  }
  for (const p of ctx.passages) {
    add({
      meetingId: p.meetingId,
      title: p.title,
      date: p.date.toISOString(),
      client: p.clientName,
      snippet: p.content.slice(0, 200),
    });
  }
  return [...sources.values()];
}

export interface AnswerStream {
  sources: Source[];
  chunks: AsyncIterable<string>;
}

export async function answerQuestionStream(
  deps: { sql: Sql; embedder: Embedder; composer: AnswerComposer },
  userId: number,
  question: string,
  history: HistoryMessage[],
  options: { now?: Date; signal?: AbortSignal } = {},
): Promise<AnswerStream> {
  const ctx = await gatherContext(deps.sql, deps.embedder, userId, question, history, options.now);
  return { sources: collectSources(ctx), chunks: deps.composer.compose(ctx, options.signal) };
}

export async function answerQuestion(
  deps: { sql: Sql; embedder: Embedder; composer: AnswerComposer },
  userId: number,
  question: string,
  history: HistoryMessage[],
  options: { now?: Date; signal?: AbortSignal } = {},
): Promise<{ result: string; sources: Source[] }> {
  const stream = await answerQuestionStream(deps, userId, question, history, options);
  let result = "";
  for await (const chunk of stream.chunks) result += chunk;
  return { result, sources: stream.sources };
}
