import type { AiEngine } from "@cm/ai";
import type { AnswerComposer } from "@cm/ai/search";
import type { Database } from "@cm/db";
import type { ResponseCache } from "./cache/response-cache";
import type { AppConfig } from "./config";
import type { JobSignal } from "./jobs/job-signal";
import type { Logger } from "./logger";
import type { Mailer } from "./mail/mailer";
import type { MediaCheck } from "./modules/meetings/media-check";
import type { PaymentsGateway } from "./modules/payments/payments-gateway";
import type { FileStorage } from "./storage/file-storage";

/** Hands meeting content to search. */
export interface SearchIndexer {
  indexMeeting(meetingId: number): Promise<void>;
  noteSaved(userId: number, meetingId: number): Promise<void>;
}

/**
 * Everything a feature plugin needs, built once from configuration by `createContext` (production and tests
 * alike). Read-only: a test that wants another service configures it, it never swaps one in afterwards.
 */
export interface AppContext {
  readonly config: AppConfig;
  readonly db: Database;
  readonly logger: Logger;
  readonly ai: AiEngine;
  /** Writes Meeting Intelligence answers (local composer or a chat model). */
  readonly composer: AnswerComposer;
  readonly mailer: Mailer;
  /** Undefined when Stripe is not configured: sign-up runs on the free plan, checkout answers 503. */
  readonly payments: PaymentsGateway | undefined;
  readonly storage: FileStorage;
  readonly media: MediaCheck;
  readonly indexer: SearchIndexer;
  /** Tells this process's job worker, if it runs one, that new work is queued. */
  readonly jobs: JobSignal;
  /** Folder of the built client assets (hashed files and manifest.json). */
  readonly assetsDir: string;
  /** Answers of the list routes, keyed by the user's data version (api/src/cache/response-cache.ts). */
  readonly responseCache: ResponseCache;
}
