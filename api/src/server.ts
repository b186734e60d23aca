import { join } from "node:path";
import {
  assertDataDirFree,
  type Database,
  DatabaseStartError,
  DataDirLockedError,
  migrate,
  openDatabase,
} from "@cm/db";
import { enqueueMeetingJobOnce, requeueOrphanedJobs } from "@cm/db/src/queries/jobs";
import { createApp } from "./app";
import type { AppConfig } from "./config";
import type { AppContext } from "./context";
import { createContext } from "./create-context";
import type { Logger } from "./logger";
import { sweepExpiredSessions } from "./modules/auth/session-service";
import { REINDEX_MEETING_JOB } from "./search/reembed";
import { DEMO_PASSWORD, DEMO_USER_ID, DEMO_USERNAME, ensureDemoAccount } from "./seed/demo-account";
import { seedDemoData } from "./seed/seed-demo-data";
import { startWorker } from "./worker/start-worker";

export const ASSETS_DIR = join(import.meta.dir, "..", "..", "web", "dist", "assets");

/** Largest request body Bun accepts at all; the upload route streams and enforces 500 MB itself. */
export const MAX_REQUEST_BODY_BYTES = 600 * 1024 * 1024;

export class StartupError extends Error {}

const portInUseMessage = (port: number) =>
  `Port ${port} is already in use: is another instance running? Stop it or set PORT to a free port.`;

/**
 * Checks, before anything is built or opened, that no other instance holds the port or the embedded database's data
 * folder: a second `bun run dev` must not rebuild the first one's assets under it before failing.
 */
export function assertNotAlreadyRunning(config: AppConfig): void {
  if (!config.databaseUrl) {
    try {
      assertDataDirFree(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) throw new StartupError(error.message);
      throw error;
    }
  }
  if (config.port === 0) return;
  let probe: { stop(closeActiveConnections?: boolean): void } | undefined;
  try {
    probe = Bun.listen({ hostname: config.hostname, port: config.port, socket: { data() {} } });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE" || /in use/i.test(String(error))) {
      throw new StartupError(portInUseMessage(config.port));
    }
    throw error;
  } finally {
    probe?.stop(true);
  }
}

export interface RunningServer {
  url: string;
  ctx: AppContext;
  stop(): Promise<void>;
}

async function openAndMigrate(config: AppConfig): Promise<Database> {
  try {
    const db = await openDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      max: config.databasePoolSize,
      embeddedSharedBuffers: config.embeddedSharedBuffers,
    });
    await migrate(db.sql).catch(async (error) => {
      await db.close();
      throw error;
    });
    return db;
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof DatabaseStartError) {
      throw new StartupError(error.message);
    }
    throw error;
  }
}

/** Opens the database, applies migrations and starts listening. */
export async function startServer(config: AppConfig, logger: Logger): Promise<RunningServer> {
  const db = await openAndMigrate(config);
  const ctx = createContext(config, db, logger, ASSETS_DIR);
  if (db.mode === "embedded" && (await ensureDemoAccount(db.sql))) {
    // Sample clients and processed meetings, indexed for Meeting Intelligence by the worker's durable jobs.
    await seedDemoData(db.sql, DEMO_USER_ID);
    const meetings = await db.sql<{ id: number }[]>`select id from meetings where user_id = ${DEMO_USER_ID}`;
    for (const { id } of meetings) await enqueueMeetingJobOnce(db.sql, REINDEX_MEETING_JOB, Number(id));
    logger.info("demo account created", {
      username: DEMO_USERNAME,
      password: DEMO_PASSWORD,
      userId: DEMO_USER_ID,
      meetings: meetings.length,
    });
  }
  if (db.mode === "embedded") {
    // This process holds the data folder's lock: a job still marked running was cut short by a crash.
    const requeued = await requeueOrphanedJobs(db.sql);
    if (requeued > 0) logger.info("interrupted jobs requeued", { jobs: requeued });
  }
  const app = createApp(ctx);
  let server: ReturnType<typeof Bun.serve>;
  try {
    server = Bun.serve({
      port: config.port,
      hostname: config.hostname,
      maxRequestBodySize: MAX_REQUEST_BODY_BYTES,
      fetch: (request) => app.handle(request),
    });
  } catch (error) {
    await db.close();
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE" || /in use/i.test(String(error))) {
      throw new StartupError(portInUseMessage(config.port));
    }
    throw error;
  }
  // Background work starts once the port is ours: a failed start leaves nothing running on a closed database.
  const worker = config.embeddedWorker ? startWorker(ctx) : undefined;
  ctx.jobs = worker;
  const sweeper = setInterval(
    () => {
      sweepExpiredSessions(db.sql).catch((error) => logger.warn("session sweep failed", { error: String(error) }));
    },
    10 * 60 * 1000,
  );
  logger.info("server started", {
    url: server.url.toString(),
    database: db.mode === "embedded" ? `embedded PGlite at ${db.location}` : `PostgreSQL at ${db.location}`,
    aiEngine: ctx.ai.name,
    mail: ctx.mailer.transport === "resend" ? "resend" : `dev outbox at ${join(config.dataDir, "outbox")}`,
    payments: config.stripe ? "stripe" : "disabled (free plan only)",
    worker: worker ? `in-process (${worker.workerId})` : "off (run bun run worker)",
  });
  let stopping: Promise<void> | undefined;
  return {
    url: server.url.toString().replace(/\/$/, ""),
    ctx,
    stop() {
      // Stop accepting, let in-flight requests finish, then close the database.
      stopping ??= (async () => {
        clearInterval(sweeper);
        await server.stop(false);
        await worker?.stop();
        await db.close();
      })();
      return stopping;
    },
  };
}
