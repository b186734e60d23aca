// How many processes `bun run start` runs with a server database, and how many database connections each may open.
import { availableParallelism } from "node:os";

type Env = Record<string, string | undefined>;

export interface ProcessPlan {
  /** App processes sharing the port (WEB_CONCURRENCY; default one a core). */
  web: number;
  /** Job worker processes (WORKER_PROCESSES; default one for every four cores, at least one; WORKER=off: none). */
  workers: number;
  /** DATABASE_POOL_SIZE of each app process and of each worker process's main thread. */
  webPoolSize: number;
  workerPoolSize: number;
  /** Whether the operator set DATABASE_POOL_SIZE (then it is passed on as it is). */
  poolSizeSet: boolean;
}

/** A worker thread opens this many connections of its own (api/src/worker/worker-thread.ts). */
export const WORKER_THREAD_CONNECTIONS = 2;

/**
 * The group's shape from the environment. Every app process is a whole app on one core, so the "two connections a
 * core" of a lone process is shared among them (at least two each); a worker process's main thread only renews
 * leases, two connections are plenty.
 */
export function readProcessPlan(env: Env, cores = availableParallelism()): ProcessPlan {
  const web = readCount("WEB_CONCURRENCY", env.WEB_CONCURRENCY, 1, 256) ?? Math.max(1, cores);
  const workersAsked = readCount("WORKER_PROCESSES", env.WORKER_PROCESSES, 0, 64);
  const workers = env.WORKER === "off" ? 0 : (workersAsked ?? Math.max(1, Math.ceil(cores / 4)));
  const poolSizeSet = Boolean(env.DATABASE_POOL_SIZE);
  // config.ts checks DATABASE_POOL_SIZE's value; here it is only passed on.
  const setSize = poolSizeSet ? Number(env.DATABASE_POOL_SIZE) : undefined;
  return {
    web,
    workers,
    webPoolSize: setSize ?? Math.max(2, Math.ceil((2 * cores) / web)),
    workerPoolSize: setSize ?? 2,
    poolSizeSet,
  };
}

/** The most connections the group opens to PostgreSQL at once (pools open connections only as they need them). */
export function connectionBudget(plan: ProcessPlan): number {
  return plan.web * plan.webPoolSize + plan.workers * (plan.workerPoolSize + WORKER_THREAD_CONNECTIONS);
}

function readCount(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (!value) return undefined;
  const count = Number(value);
  if (!Number.isInteger(count) || count < min || count > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${value}"`);
  }
  return count;
}
