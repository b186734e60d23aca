import { loadWordKinds } from "../local/record/word-kinds";
import type { Embedder } from "../types";
import type { AnswerStore } from "./answer-store";
import type { AnswerComposer, AnswerConfidence, AnswerContext, AnswerCut, Source } from "./answer-types";
import { gatherContext } from "./gather-context";
import { answerConfidence, type ConfidenceModel } from "./rank/answer-confidence";
import { clipHistory } from "./understand/clip-history";
import type { HistoryMessage } from "./understand/understand-question";
import { closestPassagesAnswer, NOTHING_FOUND_ANSWER } from "./write/compose-local-answer";

/**
 * The meetings an answer rests on, each once: for an open question the meetings of the selected sentences, finding
 * first; otherwise the meetings resolved from the database, then those of the sentences. Nothing when nothing was
 * found.
 */
export function collectSources(ctx: AnswerContext): Source[] {
  if (ctx.found === false) return [];
  const sources = new Map<number, Source>();
  const add = (meetingId: number, title: string, date: Date, client: string, snippet = "") => {
    if (!sources.has(meetingId))
      sources.set(meetingId, { meetingId, title, date: date.toISOString(), client, snippet });
  };
  const evidence = ctx.evidence ?? [];
  const open = evidence.length > 0 && (ctx.understood.intent === "general" || !ctx.facts.some((f) => f.summary));
  if (!open) {
    for (const p of ctx.planned ?? []) add(p.id, p.title, p.date, p.clientName);
    for (const c of ctx.clientsMet ?? []) add(c.lastMeetingId, c.lastTitle, c.lastDate, c.clientName);
    for (const f of ctx.facts) {
      add(f.id, f.title, f.date, f.clientName, (f.summary?.executiveSummary ?? "").slice(0, 200));
    }
  }
  for (const e of evidence) add(e.meetingId, e.title, e.date, e.clientName, e.text);
  // Passages are cited only when no sentence was selected from them (a caller that selects none).
  for (const p of ctx.evidence ? [] : ctx.passages)
    add(p.meetingId, p.title, p.date, p.clientName, p.content.slice(0, 200));
  return [...sources.values()];
}

/** Ends an answer that stopped before the model finished, in its own paragraph, so nobody takes it for complete. */
export const CUT_ANSWER_NOTES: Record<AnswerCut["cut"], string> = {
  length:
    "*This answer was cut off at its length limit and is incomplete. Ask about one meeting or one topic for the rest.*",
  interrupted: "*This answer was interrupted before it was complete. Ask again for the whole answer.*",
};

export interface AnswerStream {
  sources: Source[];
  /** False when nothing in the meetings answers the question (no sources; the page shows "Search Issue"). */
  found: boolean;
  chunks: AsyncIterable<string>;
  /** Read once `chunks` has ended: why the answer is incomplete (its last chunk says so), or undefined when whole. */
  readonly cut: AnswerCut["cut"] | undefined;
  /** Why the question could not be embedded (retrieval fell back to full text), for the log. */
  embeddingFailure?: string;
  /** Whether the answer leads with a fact, shows the closest passages only (not sure), or found nothing. */
  confidence: AnswerConfidence;
  /** What the confidence was read from (for fitting it: api/bench/fit-answer-confidence.ts); never sent. */
  features: Record<string, number>;
}

/** The composer's text, with a cut marked by its note; `onCut` hears why. */
async function* markCut(
  items: AsyncIterable<string | AnswerCut>,
  onCut: (cut: AnswerCut["cut"]) => void,
): AsyncIterable<string> {
  for await (const item of items) {
    if (typeof item === "string") {
      yield item;
      continue;
    }
    onCut(item.cut);
    yield `\n\n${CUT_ANSWER_NOTES[item.cut]}`;
  }
}

async function* written(text: string): AsyncIterable<string> {
  yield text;
}

export async function answerQuestionStream(
  /** `confidence`: the fitted model that decides whether the answer may lead with a fact (ai/fitted/). */
  deps: { store: AnswerStore; embedder: Embedder; composer: AnswerComposer; confidence: ConfidenceModel },
  userId: number,
  question: string,
  history: HistoryMessage[],
  options: { now?: Date; signal?: AbortSignal; meetingIds?: number[]; advisorName?: string } = {},
): Promise<AnswerStream> {
  // Clipped before anything reads it: the follow-up's search text, its embedding and the prompt are all bounded.
  const gathered = await gatherContext(
    deps.store,
    deps.embedder,
    userId,
    question,
    clipHistory(history),
    options.now,
    options.signal,
    options.meetingIds,
  );
  // A next meeting is said as the notes say it ("to cover the draft"), which reads the lexicon: loaded on first use.
  if (gathered.understood.intent === "next_meeting" || gathered.understood.intent === "last_meeting")
    await loadWordKinds();
  // Who "I" is in the question: the advisor's own items answer "what did I promise…".
  const advisorName = options.advisorName?.trim();
  const asked = advisorName ? { ...gathered, advisorName } : gathered;
  const embeddingFailure = asked.embeddingFailure;
  const { confidence, features } = answerConfidence(asked, deps.confidence);
  const ctx = { ...asked, confidence };
  const answer = { embeddingFailure, confidence, features, cut: undefined };
  // Nothing relevant: both engines answer alike, and no chat model is asked to write around nothing.
  if (confidence === "nothing") return { ...answer, sources: [], found: false, chunks: written(NOTHING_FOUND_ANSWER) };
  // Not sure: the closest passages as they were said by the local engine; a chat model is given them and says itself
  // when they do not answer (AnswerComposer.readsPassages).
  const sources = collectSources(ctx);
  if (confidence === "passages" && !deps.composer.readsPassages)
    return { ...answer, sources, found: true, chunks: written(closestPassagesAnswer(ctx)) };
  let cut: AnswerCut["cut"] | undefined;
  const chunks = markCut(deps.composer.compose(ctx, options.signal), (reason) => {
    cut = reason;
  });
  return {
    ...answer,
    sources,
    found: true,
    chunks,
    get cut() {
      return cut;
    },
  };
}

/** A streamed answer read to its end, as one string. */
export async function collectAnswer(stream: AnswerStream): Promise<{
  result: string;
  sources: Source[];
  found: boolean;
  confidence: AnswerConfidence;
  cut?: true;
  embeddingFailure?: string;
}> {
  let result = "";
  for await (const chunk of stream.chunks) result += chunk;
  return {
    result,
    sources: stream.sources,
    found: stream.found,
    confidence: stream.confidence,
    ...(stream.cut ? { cut: true as const } : {}),
    ...(stream.embeddingFailure ? { embeddingFailure: stream.embeddingFailure } : {}),
  };
}

/** The same answer as one string: the stream read to its end. */
export async function answerQuestion(...args: Parameters<typeof answerQuestionStream>) {
  return collectAnswer(await answerQuestionStream(...args));
}
