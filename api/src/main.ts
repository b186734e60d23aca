// Process entry: `bun run dev` (watch) and `bun run start` (production) both land here.
import { stopWhenSupervisorGone } from "./cluster/supervisor-watch";
import { loadConfig } from "./config";
import { consoleLogger as logger } from "./logger";
import { assertNotAlreadyRunning, type RunningServer, StartupError, startServer } from "./server";

try {
  const config = loadConfig();
  assertNotAlreadyRunning(config);
  // Development builds the client at start; BUILD_WEB=1 forces it, BUILD_WEB=0 serves the existing build.
  const shouldBuild = process.env.BUILD_WEB === "1" || (config.env !== "production" && process.env.BUILD_WEB !== "0");
  if (shouldBuild) {
    const { buildWeb } = await import("@cm/web/build");
    const { ms } = await buildWeb({ production: config.env === "production" });
    logger.info("web build done", { ms: Math.round(ms) });
  }
  // Listening before start-up has finished (the worker thread starts after the port is taken): a signal that
  // arrives meanwhile waits for start-up, then stops the server.
  let starting: Promise<RunningServer | undefined> = Promise.resolve(undefined);
  const shutdown = async (signal: string) => {
    logger.info("shutting down", { signal });
    // The force bounds the stop alone: a start-up still finishing (the worker thread, on a loaded machine many seconds
    // after the port answers) is waited for first, else a slow start turned a clean stop into exit 1.
    const running = await starting.catch(() => undefined);
    const force = setTimeout(() => process.exit(1), 15_000);
    await running?.stop();
    clearTimeout(force);
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
  stopWhenSupervisorGone();
  starting = startServer(config, logger);
  await starting;
} catch (error) {
  const message = error instanceof StartupError ? error.message : `Start-up failed: ${(error as Error).message}`;
  logger.error(message);
  process.exit(1);
}
