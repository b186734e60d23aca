// `bun run start` with a server database: this process checks the configuration, the port and the database once,
// applies the migrations, then supervises WEB_CONCURRENCY app processes sharing the port (SO_REUSEPORT) and
// WORKER_PROCESSES job workers. Each is a whole process of its own sharing nothing but PostgreSQL and the storage.
// It loads none of the app: its memory stays that of a bare Bun process.
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Sql } from "@cm/db";
import { type AppConfig, loadConfig } from "../config";
import { assertPortFree } from "../http/port-probe";
import { consoleLogger as logger } from "../logger";
import { openAndMigrate, StartupError } from "../open-database";
import { connectionBudget, type ProcessPlan, readProcessPlan } from "./process-plan";
import { type ProcessSpec, startSupervisor } from "./supervisor";

type Env = Record<string, string | undefined>;

const SOURCE_DIR = join(import.meta.dir, "..");

/** The group's processes: app processes first, then workers, each told its name and who supervises it. */
export function groupProcesses(plan: ProcessPlan, env: Env, supervisorPid: number): ProcessSpec[] {
  // The client was built once before this process started; no app process builds it again.
  const shared = { ...env, BUILD_WEB: "0", CLUSTER_SUPERVISOR_PID: String(supervisorPid) };
  const web = Array.from({ length: plan.web }, (_, i) => ({
    name: `web-${i + 1}`,
    command: [process.execPath, join(SOURCE_DIR, "main.ts")],
    // The job worker runs in processes of its own, not on a thread of each app process.
    env: { ...shared, CLUSTER_PROCESS: `web-${i + 1}`, WORKER: "off", DATABASE_POOL_SIZE: String(plan.webPoolSize) },
  }));
  const workers = Array.from({ length: plan.workers }, (_, i) => ({
    name: `worker-${i + 1}`,
    command: [process.execPath, join(SOURCE_DIR, "worker-main.ts")],
    env: { ...shared, CLUSTER_PROCESS: `worker-${i + 1}`, DATABASE_POOL_SIZE: String(plan.workerPoolSize) },
  }));
  return [...web, ...workers];
}

interface ConnectionRoom {
  maxConnections: number;
  reserved: number;
  /** Client connections open now, this one included. */
  open: number;
}

async function readConnectionRoom(sql: Sql): Promise<ConnectionRoom> {
  const [row] = await sql<ConnectionRoom[]>`select
    current_setting('max_connections')::int as "maxConnections",
    current_setting('superuser_reserved_connections')::int as reserved,
    (select count(*)::int from pg_stat_activity where backend_type = 'client backend') as open`;
  return row ?? { maxConnections: 100, reserved: 3, open: 1 };
}

/** Migrates once for the whole group (each process finds nothing left to do) and reads the server's room. */
async function prepareDatabase(config: AppConfig): Promise<ConnectionRoom> {
  const db = await openAndMigrate({ ...config, databasePoolSize: 1 });
  try {
    return await readConnectionRoom(db.sql);
  } finally {
    await db.close();
  }
}

export async function runProcessGroup(env: Env = process.env): Promise<void> {
  let plan: ProcessPlan;
  let room: ConnectionRoom;
  try {
    // Checks every variable once (an app process would die on the same error, again and again), and writes the
    // session secret into DATA_DIR before any process reads it.
    const config = loadConfig(env);
    plan = readProcessPlan(env);
    // The app processes never build the client (BUILD_WEB=0): `bun run start` built it just before.
    if (!existsSync(join(config.assetsDir, "..", "manifest.json"))) {
      throw new StartupError(`The web client is not built (${config.assetsDir}): run bun run build, or bun run start.`);
    }
    // Without SO_REUSEPORT: a second group, or anything else on the port, is refused here.
    assertPortFree(config.hostname, config.port);
    room = await prepareDatabase(config);
  } catch (error) {
    const message = error instanceof StartupError ? error.message : `Start-up failed: ${(error as Error).message}`;
    logger.error(message);
    process.exit(1);
  }
  const budget = connectionBudget(plan);
  const free = room.maxConnections - room.reserved - (room.open - 1);
  if (budget > free) {
    logger.warn(
      `These processes may open ${budget} database connections, but the server has room for ${free} more ` +
        `(max_connections ${room.maxConnections}): lower WEB_CONCURRENCY, WORKER_PROCESSES or DATABASE_POOL_SIZE, ` +
        "or raise max_connections (see docs/operating.md, Running at scale).",
    );
  }
  const supervisor = startSupervisor({ processes: groupProcesses(plan, env, process.pid), logger });
  logger.info("processes running", {
    processes: supervisor.running().map(({ name, pid }) => `${name} (pid ${pid})`),
    databaseConnections: budget,
  });
  const stop = async (signal: "SIGTERM" | "SIGINT") => {
    logger.info("stopping the processes", { signal });
    await supervisor.stop(signal);
    logger.info("all processes stopped");
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
}
