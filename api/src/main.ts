// Process entry: `bun run dev` (watch) and `bun run start` (production) both land here.
// Only light modules are imported statically: the embedded database opens (and its migrations are checked) while the
// app's modules load, and the server starts listening once both are done (api/src/startup-order.ts).

import { assertNotAlreadyRunning } from "./assert-not-running";
import { stopWhenSupervisorGone } from "./cluster/supervisor-watch";
import { loadConfig } from "./config";
import { consoleLogger as logger } from "./logger";
import { openAndMigrate, StartupError } from "./open-database";
import { startInOrder } from "./startup-order";

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
  type Running = Awaited<ReturnType<typeof import("./server").startServer>>;
  // Listening before start-up has finished (the worker thread starts after the port is taken): a signal that
  // arrives meanwhile waits for start-up, then stops the server.
  let starting: Promise<Running | undefined> = Promise.resolve(undefined);
  const shutdown = async (signal: string) => {
    logger.info("shutting down", { signal });
    // The force bounds the stop alone: a start-up still finishing (the worker thread, on a loaded machine many seconds
    // after the port answers) is waited for first, else a slow start turned a clean stop into exit 1.
    const running = await starting.catch(() => undefined);
    const force = setTimeout(() => process.exit(1), config.shutdownGraceMs);
    await running?.stop();
    clearTimeout(force);
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
  stopWhenSupervisorGone();
  starting = startInOrder({
    openDatabase: () => openAndMigrate(config),
    loadServer: () => import("./server"),
    start: (server, database) => server.startServer(config, logger, { database }),
  }).then(({ running, phases }) => {
    // Read by api/bench/startup.ts: where the start-up time goes (performance.now() counts from the process's start).
    logger.info("start-up phases", { ...phases, sinceProcessStartMs: Math.round(performance.now()) });
    return running;
  });
  await starting;
  // The question reader's tagger, the largest module search loads, is read in once the port answers: the first
  // question across clients then does not wait for it, and start-up does not either.
  void import("@cm/ai/search").then((search) => search.loadQuestionTagger()).catch(() => {});
} catch (error) {
  const message = error instanceof StartupError ? error.message : `Start-up failed: ${(error as Error).message}`;
  logger.error(message);
  process.exit(1);
}
