import type { Sql } from "@cm/db";
import { enqueueJob, enqueueJobDebounced, enqueueJobOnce } from "@cm/db/queries/jobs";
import type { Static, TSchema } from "elysia";
import { checkedJob, type JobKind } from "./job-kind";

/** Enqueues a job after checking its payload against its kind's schema; returns the job's id. */
export async function queueJob<S extends TSchema>(sql: Sql, kind: JobKind<S>, payload: Static<S>): Promise<number> {
  return enqueueJob(sql, checkedJob(kind, payload));
}

/** As queueJob, unless a job of this kind (for this meeting) is already waiting or running; true when added. */
export async function queueJobOnce<S extends TSchema>(
  sql: Sql,
  kind: JobKind<S>,
  payload: Static<S>,
): Promise<boolean> {
  return enqueueJobOnce(sql, checkedJob(kind, payload));
}

/**
 * As queueJob, to run `delayMs` from now; when a job of this kind (for this meeting) is queued and not yet running,
 * it is moved to `delayMs` from now instead (a debounce). True when added.
 */
export async function queueJobDebounced<S extends TSchema>(
  sql: Sql,
  kind: JobKind<S>,
  payload: Static<S>,
  delayMs: number,
): Promise<boolean> {
  return enqueueJobDebounced(sql, checkedJob(kind, payload), delayMs);
}
