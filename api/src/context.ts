import type { MeetingIndexer } from "@cm/ai/intelligence";
import type { FollowUpWriter } from "@cm/ai/openai";
import type { AnswerComposer, AnswerStore, ConfidenceModel } from "@cm/ai/search";
import type { Database } from "@cm/db";
import type { AppAiEngine } from "./ai-engine";
import type { ResponseCache } from "./cache/response-cache";
import type { AppConfig } from "./config";
import type { JobSignal } from "./jobs/job-signal";
import type { Logger } from "./logger";
import type { Mailer } from "./mail/mailer";
import type { SessionLookup } from "./modules/auth/session-lookup";
import type { MediaCheck } from "./modules/meetings/media-check";
import type { PaymentsGateway } from "./modules/payments/payments-gateway";
import type { FileStorage } from "./storage/file-storage";

/**
 * What the job worker needs, built from configuration alone by `createWorkerContext`: the worker thread, `bun run
 * worker` and the web process all start from it. Read-only: a test that wants another service configures it, it
 * never swaps one in afterwards.
 */
export interface WorkerContext {
  readonly config: AppConfig;
  readonly db: Database;
  readonly logger: Logger;
  readonly ai: AppAiEngine;
  readonly storage: FileStorage;
  /** Meeting Intelligence indexing (@cm/ai/intelligence), bound to this context's database and embedder. */
  readonly indexer: MeetingIndexer;
  /** Tells this process's job worker, if it runs one, that new work is queued. */
  readonly jobs: JobSignal;
}

/** The web process: the worker's services plus what answering requests needs (`createContext`). */
export interface AppContext extends WorkerContext {
  /** Writes Meeting Intelligence answers (local composer or a chat model). */
  readonly composer: AnswerComposer;
  /** The fitted model that decides whether an answer may lead with a fact (ai/fitted/answer-confidence.json). */
  readonly answerConfidence: ConfidenceModel;
  /** Writes the follow-up e-mail's prose with the chat model (CHAT_*); null: the local sentence forms alone. */
  readonly followUpWriter: FollowUpWriter | null;
  /** The answer path's reads (db/src/stores/answer-store.ts), bound to this context's database. */
  readonly answerStore: AnswerStore;
  readonly mailer: Mailer;
  /** Undefined when Stripe is not configured: sign-up runs on the free plan, checkout answers 503. */
  readonly payments: PaymentsGateway | undefined;
  readonly media: MediaCheck;
  /** Folder of the built client assets (hashed files and manifest.json). */
  readonly assetsDir: string;
  /** Answers of the list routes, keyed by the user's data version (api/src/cache/response-cache.ts). */
  readonly responseCache: ResponseCache;
  /** Reads the sessions of requests that arrive together in one query (api/src/modules/auth/session-lookup.ts). */
  readonly sessions: SessionLookup;
}
