import { createOpenAiAnswerComposer } from "@cm/ai/openai";
import { localAnswerComposer } from "@cm/ai/search";
import type { Database } from "@cm/db";
import { createAiEngine } from "./ai-engine";
import { createResponseCache } from "./cache/response-cache";
import type { AppConfig } from "./config";
import type { AppContext } from "./context";
import { createJobSignal } from "./jobs/job-signal";
import type { Logger } from "./logger";
import { createMailer } from "./mail/mailer";
import { ffprobeMediaCheck } from "./modules/meetings/media-check";
import { createStripeGateway } from "./modules/payments/stripe-gateway";
import { createMeetingIndexer } from "./search/meeting-indexer";
import { createLocalStorage } from "./storage/file-storage";

/**
 * Builds the per-process context from configuration alone: every engine and service in use follows from the
 * environment (Stripe from STRIPE_*, the AI engine from OPENAI_*, mail from RESEND_*). The production server, the
 * worker and every test build it here, so what the tests exercise is what production runs.
 */
export function createContext(config: AppConfig, db: Database, logger: Logger): AppContext {
  const ai = createAiEngine(config);
  const retry = config.aiRetryBaseDelayMs === undefined ? undefined : { baseDelayMs: config.aiRetryBaseDelayMs };
  return {
    config,
    db,
    logger,
    ai,
    composer: config.openai
      ? createOpenAiAnswerComposer({ apiKey: config.openai.apiKey, baseURL: config.openai.baseURL, retry })
      : localAnswerComposer,
    mailer: createMailer({
      resendApiKey: config.resend?.apiKey,
      from: config.resend?.from,
      resendBaseUrl: config.resend?.baseUrl,
      dataDir: config.dataDir,
      log: logger,
    }),
    payments: config.stripe ? createStripeGateway(config.stripe) : undefined,
    storage: createLocalStorage(config.dataDir),
    media: ffprobeMediaCheck,
    indexer: createMeetingIndexer({ db, ai, logger }),
    jobs: createJobSignal(),
    assetsDir: config.assetsDir,
    responseCache: createResponseCache(),
  };
}
