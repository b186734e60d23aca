import { createMeetingIndexer } from "@cm/ai/intelligence";
import type { Database } from "@cm/db";
import { createIndexStore } from "@cm/db/stores/index-store";
import { createAiEngine } from "./ai-engine";
import type { AppConfig } from "./config";
import type { WorkerContext } from "./context";
import { createJobSignal } from "./jobs/job-signal";
import type { Logger } from "./logger";
import { createStorage } from "./storage/create-storage";

/**
 * The job worker's context, from configuration alone: the AI engine from OPENAI_*, storage under DATA_DIR or in the S3_BUCKET. The
 * worker thread and `bun run worker` build it here; the web context builds on it.
 */
export function createWorkerContext(config: AppConfig, db: Database, logger: Logger): WorkerContext {
  const ai = createAiEngine(config);
  return {
    config,
    db,
    logger,
    ai,
    storage: createStorage(config.storage, config.dataDir),
    indexer: createMeetingIndexer({ store: createIndexStore(db.sql), embedder: ai.embedder, logger }),
    jobs: createJobSignal(),
  };
}
