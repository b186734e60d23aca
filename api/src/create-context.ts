import { createOpenAiAnswerComposer } from "@cm/ai/src/openai/openai-answer-composer";
import { localAnswerComposer } from "@cm/ai/src/search/compose-local-answer";
import type { AiEngine } from "@cm/ai/src/types";
import type { Database } from "@cm/db";
import { createAiEngine } from "./ai-engine";
import { createResponseCache } from "./cache/response-cache";
import type { AppConfig } from "./config";
import type { AppContext } from "./context";
import type { Logger } from "./logger";
import { createMailer } from "./mail/mailer";
import { ffprobeMediaCheck } from "./modules/meetings/media-check";
import { createMeetingIndexer } from "./search/meeting-indexer";
import { createLocalStorage } from "./storage/file-storage";

/** Builds the per-process context from configuration: the engines and services in use. */
export function createContext(
  config: AppConfig,
  db: Database,
  logger: Logger,
  assetsDir: string,
  ai: AiEngine = createAiEngine(config),
): AppContext {
  const ctx: AppContext = {
    config,
    db,
    logger,
    ai,
    composer: config.openai
      ? createOpenAiAnswerComposer({ apiKey: config.openai.apiKey, baseURL: config.openai.baseURL })
      : localAnswerComposer,
    mailer: createMailer({
      resendApiKey: config.resend?.apiKey,
      from: config.resend?.from,
      dataDir: config.dataDir,
      log: logger,
    }),
    payments: undefined,
    storage: createLocalStorage(config.dataDir),
    media: ffprobeMediaCheck,
    indexer: { indexMeeting: async () => {}, noteSaved: async () => {} },
    jobs: undefined,
    assetsDir,
    responseCache: createResponseCache(),
    hasDashboard: true,
  };
  ctx.indexer = createMeetingIndexer(ctx);
  return ctx;
}
