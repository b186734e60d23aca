import fittedAnswerConfidence from "@cm/ai/fitted/answer-confidence";
import type { ConfidenceModel } from "@cm/ai/search";
import { localAnswerComposer } from "@cm/ai/search";
import type { Database } from "@cm/db";
import { createAnswerStore } from "@cm/db/stores/answer-store";
import { createResponseCache } from "./cache/response-cache";
import type { AppConfig } from "./config";
import type { AppContext } from "./context";
import { createWorkerContext } from "./create-worker-context";
import type { Logger } from "./logger";
import { createMailer } from "./mail/mailer";
import { createSessionLookup } from "./modules/auth/session-lookup";
import { ffprobeMediaCheck } from "./modules/meetings/media-check";
import { createStripeGateway } from "./modules/payments/stripe-gateway";
import { openAiAnswerComposerOnFirstUse, openAiFollowUpWriterOnFirstUse } from "./openai-on-first-use";

/**
 * The web process's context, from configuration alone: Stripe from STRIPE_*, mail from RESEND_*, the answer composer
 * and the follow-up writer from CHAT_* (or OPENAI_*). The production server and every test server build it here (through startServer), so what the tests
 * exercise is what production runs.
 */
export function createContext(
  config: AppConfig,
  db: Database,
  logger: Logger,
  answerConfidence: ConfidenceModel = fittedAnswerConfidence,
): AppContext {
  const retry = config.aiRetryBaseDelayMs === undefined ? undefined : { baseDelayMs: config.aiRetryBaseDelayMs };
  return {
    ...createWorkerContext(config, db, logger),
    composer: config.chat
      ? openAiAnswerComposerOnFirstUse({
          apiKey: config.chat.apiKey,
          baseURL: config.chat.baseURL,
          model: config.chat.model,
          contextTokens: config.chatContextTokens,
          retry,
        })
      : localAnswerComposer,
    followUpWriter: config.chat
      ? openAiFollowUpWriterOnFirstUse({
          apiKey: config.chat.apiKey,
          baseURL: config.chat.baseURL,
          model: config.chat.model,
          retry,
        })
      : null,
    answerStore: createAnswerStore(db.sql),
    answerConfidence,
    mailer: createMailer({
      resendApiKey: config.resend?.apiKey,
      from: config.resend?.from,
      resendBaseUrl: config.resend?.baseUrl,
      dataDir: config.dataDir,
      log: logger,
    }),
    payments: config.stripe ? createStripeGateway(config.stripe) : undefined,
    media: ffprobeMediaCheck,
    assetsDir: config.assetsDir,
    responseCache: createResponseCache(),
    sessions: createSessionLookup(db.sql),
  };
}
