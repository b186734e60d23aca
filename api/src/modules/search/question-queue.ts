// Meeting Intelligence's share of the process's embedding capacity: every question's embeddings go through one
// fair queue (round-robin by account). How many of an account's questions may wait is counted across processes
// (question-places.ts).
import type { Embedder } from "@cm/ai";
import { createFairQueue, type FairQueue } from "./fair-queue";

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
  /** The embedder as this account's questions use it: each call waits for the account's turn. */
  embedderFor(account: number, embedder: Embedder): Embedder;
}

export function createQuestionQueue(options: { serviceEmbeddings: boolean }): QuestionQueue {
  const queue: FairQueue = createFairQueue({
    concurrency: options.serviceEmbeddings ? SERVICE_CONCURRENCY : LOCAL_CONCURRENCY,
  });
  return {
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
