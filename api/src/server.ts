import type { ConfidenceModel } from "@cm/ai/search";
import type { Database } from "@cm/db";
import { requeueOrphanedJobs } from "@cm/db/queries/jobs";
import { releaseAllUploadChecks, releaseUploadChecksOf } from "@cm/db/queries/resumable-uploads";
import { createApp } from "./app";
import type { AppConfig } from "./config";
import type { AppContext } from "./context";
import { createContext } from "./create-context";
import { recordPeerAddress } from "./http/client-address";
import { isAddressInUse, portInUseMessage } from "./http/port-probe";
import { applySecurityHeaders } from "./http/security-headers";
import { queueJobOnce } from "./jobs/queue-job";
import { REINDEX_MEETING } from "./jobs/reindex-meeting-job";
import { closeLiveStreams } from "./live/live-routes";
import type { Logger } from "./logger";
import { uploadCheckOwner } from "./modules/uploads/check-owner";
import { openAndMigrate, StartupError } from "./open-database";
import { DEMO_USER_ID, DEMO_USERNAME, ensureDemoAccount } from "./seed/demo-account";
import { seedDemoData } from "./seed/seed-demo-data";
import { sweepOrphanUploadsSafely } from "./storage/sweep-orphan-uploads";
import { startWorkerThread, type WorkerThread } from "./worker/start-worker-thread";

/** Largest request body Bun accepts at all; the upload route streams and enforces 500 MB itself. */
export const MAX_REQUEST_BODY_BYTES = 600 * 1024 * 1024;

export { assertNotAlreadyRunning } from "./assert-not-running";
export { StartupError };

export interface RunningServer {
  url: string;
  ctx: AppContext;
  /** Stops accepting and lets requests in flight finish; `closeConnections` cuts them (tests, a forced stop). */
  stop(options?: { closeConnections?: boolean }): Promise<void>;
}

export interface StartServerOptions {
  /** An open, migrated database to use instead of the one configuration names (tests: a fresh copy per file). */
  database?: Database;
  /** The answer's confidence model instead of the fitted one (tests that are not about confidence: every answer leads). */
  answerConfidence?: ConfidenceModel;
}

/** The demo account has a published password: only for trying the product locally, or when asked for. */
export function wantsDemoAccount(config: AppConfig, db: Database): boolean {
  if (config.demoAccount !== "auto") return config.demoAccount === "on";
  return config.env === "development" && db.mode === "embedded";
}

async function seedDemoAccount(db: Database, logger: Logger) {
  if (!(await ensureDemoAccount(db.sql))) return;
  // Sample clients and processed meetings, indexed for Meeting Intelligence by the worker's durable jobs.
  await seedDemoData(db.sql, DEMO_USER_ID);
  const meetings = await db.sql<{ id: number }[]>`select id from meetings where user_id = ${DEMO_USER_ID}`;
  for (const { id } of meetings) await queueJobOnce(db.sql, REINDEX_MEETING, { meetingId: id });
  // The password is in the README, never in a log.
  logger.info("demo account created", { username: DEMO_USERNAME, userId: DEMO_USER_ID, meetings: meetings.length });
}

/**
 * Opens the database (or takes the one given), builds the context from configuration, and starts listening: the one
 * wiring path of `bun run dev`, `bun run start` and every test server.
 */
export async function startServer(
  config: AppConfig,
  logger: Logger,
  options: StartServerOptions = {},
): Promise<RunningServer> {
  const db = options.database ?? (await openAndMigrate(config));
  const ctx = createContext(config, db, logger, options.answerConfidence);
  try {
    if (wantsDemoAccount(config, db)) await seedDemoAccount(db, logger);
    // With the embedded database this process holds the data folder's lock: nothing else is mid-upload or mid-job.
    const single = db.mode === "embedded";
    if (single) {
      const requeued = await requeueOrphanedJobs(db.sql);
      if (requeued > 0) logger.info("interrupted jobs requeued", { jobs: requeued });
      // A check of a complete resumable upload cut off by the stop: the browser's next try runs it again at once.
      const released = await releaseAllUploadChecks(db.sql);
      if (released > 0) logger.info("interrupted upload checks released", { uploads: released });
      // Nobody else is writing: every file no meeting names is left from a crash. With a server database the job
      // worker sweeps hourly instead (sweep-orphan-uploads-job), once for all processes, not at each process's start.
      await sweepOrphanUploadsSafely({ sql: db.sql, storage: ctx.storage, logger }, { alone: true });
    } else if (config.processName !== undefined) {
      // A process of a supervised group, started again under its name: the checks its previous life was running
      // when it died are over, and their uploads can be finished at once rather than when their claims run out.
      const released = await releaseUploadChecksOf(db.sql, uploadCheckOwner(config));
      if (released > 0) logger.info("interrupted upload checks released", { uploads: released });
    }
  } catch (error) {
    await db.close();
    throw error;
  }
  const app = createApp(ctx);
  let server: ReturnType<typeof Bun.serve>;
  try {
    server = Bun.serve({
      port: config.port,
      hostname: config.hostname,
      maxRequestBodySize: MAX_REQUEST_BODY_BYTES,
      // The app processes of a supervised group listen on one port; Linux spreads new connections among them.
      reusePort: config.processName !== undefined,
      // A streamed answer can pause longer than Bun's 10 s default while the model thinks.
      idleTimeout: 120,
      fetch(request, bunServer) {
        // Rate limits count by the peer's address; Elysia's app.handle has no server to ask.
        recordPeerAddress(request, bunServer.requestIP(request)?.address);
        return app.handle(request).then((response) => applySecurityHeaders(response, config));
      },
    });
  } catch (error) {
    await db.close();
    if (isAddressInUse(error)) {
      throw new StartupError(portInUseMessage(config.port));
    }
    throw error;
  }
  // Background work starts once the port is ours: a failed start leaves nothing running on a closed database.
  let worker: WorkerThread | undefined;
  try {
    worker = config.embeddedWorker ? await startWorkerThread(config, db, logger, ctx.jobs) : undefined;
  } catch (error) {
    await server.stop(true);
    await db.close();
    throw error;
  }
  // Periodic work (session, rate-limit and file sweeps) runs as scheduled jobs in the job worker (api/src/jobs).
  logger.info("server started", {
    url: server.url.toString(),
    environment: config.env,
    database: db.mode === "embedded" ? `embedded PGlite at ${db.location}` : `PostgreSQL at ${db.location}`,
    aiEngine: ctx.ai.name,
    mail: ctx.mailer.transport === "resend" ? "resend" : "dev outbox (DATA_DIR/outbox)",
    payments: ctx.payments ? "stripe" : "disabled (free plan only)",
    worker: worker ? `own thread (${worker.workerId})` : "off (run bun run worker)",
  });
  let stopping: Promise<void> | undefined;
  return {
    url: server.url.toString().replace(/\/$/, ""),
    ctx,
    stop(options = {}) {
      // Stop accepting, let in-flight requests finish, then close the database.
      stopping ??= (async () => {
        closeLiveStreams(ctx);
        await server.stop(options.closeConnections ?? false);
        await worker?.stop();
        await db.close();
      })();
      return stopping;
    },
  };
}
