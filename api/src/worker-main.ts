// `bun run worker`: the job worker alone, for deployments that run it apart from the web server.
import { DatabaseStartError, migrate, openDatabase } from "@cm/db";
import { loadConfig } from "./config";
import { createContext } from "./create-context";
import { consoleLogger as logger } from "./logger";
import { ASSETS_DIR } from "./server";
import { startWorker } from "./worker/start-worker";

try {
  const config = loadConfig();
  const db = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    max: config.databasePoolSize,
    embeddedSharedBuffers: config.embeddedSharedBuffers,
  });
  await migrate(db.sql);
  const ctx = createContext(config, db, logger, ASSETS_DIR);
  const worker = startWorker(ctx);
  logger.info("worker started", { workerId: worker.workerId, database: db.mode, aiEngine: ctx.ai.name });
  const shutdown = async () => {
    await worker.stop();
    await db.close();
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown());
  process.once("SIGINT", () => void shutdown());
} catch (error) {
  logger.error(
    error instanceof DatabaseStartError ? error.message : `Worker start-up failed: ${(error as Error).message}`,
  );
  process.exit(1);
}
