// Meeting Intelligence's share of the process's embedding capacity: every question's embeddings go through one
// fair queue (round-robin by account), and an account may have only so many questions waiting for it at once.
import type { Embedder } from "@cm/ai";
import { createFairQueue, type FairQueue } from "./fair-queue";

/** Questions one account may have waiting for or using the embedder at once by default (SEARCH_QUESTIONS_AT_ONCE). */
export const MAX_QUESTIONS_PER_ACCOUNT = 4;
/** The sentence encoder is one thread: one embedding at a time, in fair order. */
const LOCAL_CONCURRENCY = 1;
/** An embedding service answers several at once; more than this share its capacity (and rate limit) fairly. */
const SERVICE_CONCURRENCY = 8;

/** "You already have N questions being answered…": the refusal when an account's questions are all in the queue. */
export const questionsWaitingMessage = (atOnce: number) =>
  `You already have ${atOnce} questions being answered. Please wait for an answer and try again.`;
/** Seconds suggested before asking again when the account's questions are all waiting. */
export const QUESTIONS_WAITING_RETRY_SECONDS = 5;

export interface QuestionQueue {
  /** A place for one of the account's questions, to be released when its embeddings are done; undefined when full. */
  admit(account: number): (() => void) | undefined;
  /** The embedder as this account's questions use it: each call waits for the account's turn. */
  embedderFor(account: number, embedder: Embedder): Embedder;
}

export function createQuestionQueue(options: {
  serviceEmbeddings: boolean;
  /** More than this many of one account's questions at once are refused (429). */
  atOnce?: number;
}): QuestionQueue {
  const atOnce = options.atOnce ?? MAX_QUESTIONS_PER_ACCOUNT;
  const queue: FairQueue = createFairQueue({
    concurrency: options.serviceEmbeddings ? SERVICE_CONCURRENCY : LOCAL_CONCURRENCY,
  });
  const inFlight = new Map<number, number>();
  return {
    admit(account) {
      const count = inFlight.get(account) ?? 0;
      if (count >= atOnce) return undefined;
      inFlight.set(account, count + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (inFlight.get(account) ?? 1) - 1;
        if (left > 0) inFlight.set(account, left);
        else inFlight.delete(account);
      };
    },
    embedderFor(account, embedder) {
      return {
        get model() {
          return embedder.model;
        },
        dimensions: embedder.dimensions,
        embed: (texts, signal, embedOptions) =>
          queue.run(account, () => embedder.embed(texts, signal, embedOptions), signal),
      };
    },
  };
}
