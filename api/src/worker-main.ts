// `bun run worker`: the job worker alone, for deployments that run it apart from the web server.
import { stopWhenSupervisorGone } from "./cluster/supervisor-watch";
import { loadConfig } from "./config";
import { createWorkerContext } from "./create-worker-context";
import { createJobSignal } from "./jobs/job-signal";
import { consoleLogger as logger } from "./logger";
import { openAndMigrate, StartupError } from "./open-database";
import { startWorkerThread } from "./worker/start-worker-thread";

try {
  const config = loadConfig();
  const db = await openAndMigrate(config);
  const ctx = createWorkerContext(config, db, logger);
  // The jobs run on a thread of their own; this thread keeps their leases and stops a thread stuck past a time limit.
  const worker = await startWorkerThread(config, db, logger, createJobSignal());
  logger.info("worker started", { workerId: worker.workerId, database: db.mode, aiEngine: ctx.ai.name });
  const shutdown = async () => {
    await worker.stop();
    await db.close();
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown());
  process.once("SIGINT", () => void shutdown());
  stopWhenSupervisorGone();
} catch (error) {
  logger.error(error instanceof StartupError ? error.message : `Worker start-up failed: ${(error as Error).message}`);
  process.exit(1);
}
