import type { AnswerComposer } from "@cm/ai/src/search/answer-types";
import type { AiEngine } from "@cm/ai/src/types";
import type { Database } from "@cm/db";
import type { ResponseCache } from "./cache/response-cache";
import type { AppConfig } from "./config";
import type { Logger } from "./logger";
import type { Mailer } from "./mail/mailer";
import type { MediaCheck } from "./modules/meetings/media-check";
import type { PaymentsGateway } from "./modules/payments/payments-gateway";
import type { FileStorage } from "./storage/file-storage";

/** Hands meeting content to search; a no-op until Meeting Intelligence is built. */
export interface SearchIndexer {
  indexMeeting(meetingId: number): Promise<void>;
  noteSaved(userId: number, meetingId: number): Promise<void>;
}

/** Everything a feature plugin needs, built once at start (or per test). */
export interface AppContext {
  config: AppConfig;
  db: Database;
  logger: Logger;
  ai: AiEngine;
  /** Writes Meeting Intelligence answers (local composer or a chat model). */
  composer: AnswerComposer;
  mailer: Mailer;
  /** Undefined when Stripe is not configured: sign-up runs on the free plan, checkout answers 503. */
  payments: PaymentsGateway | undefined;
  storage: FileStorage;
  media: MediaCheck;
  indexer: SearchIndexer;
  /** The in-process job worker, when this process runs one. */
  jobs: { wake(): void } | undefined;
  /** Folder of the built client assets (hashed files and manifest.json). */
  assetsDir: string;
  /** Answers of the list routes, keyed by the user's data version (api/src/cache/response-cache.ts). */
  responseCache: ResponseCache;
  /** "/" sends signed-in users to /dashboard once that page exists. */
  hasDashboard: boolean;
}
