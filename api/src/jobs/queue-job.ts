import type { Sql } from "@cm/db";
import { enqueueJob, enqueueJobDebounced, enqueueJobOnce } from "@cm/db/queries/jobs";
import type { Static, TSchema } from "elysia";
import { checkJobPayload, type JobKind } from "./job-kind";

function jobRow<S extends TSchema>(kind: JobKind<S>, payload: Static<S>) {
  const checked = checkJobPayload(kind, payload);
  return {
    kind: kind.name,
    payload: checked as Record<string, unknown>,
    ...(kind.meetingIdOf ? { meetingId: kind.meetingIdOf(checked) } : {}),
    ...(kind.maxAttempts === undefined ? {} : { maxAttempts: kind.maxAttempts }),
  };
}

/** Enqueues a job after checking its payload against its kind's schema; returns the job's id. */
export async function queueJob<S extends TSchema>(sql: Sql, kind: JobKind<S>, payload: Static<S>): Promise<number> {
  return enqueueJob(sql, jobRow(kind, payload));
}

/** As queueJob, unless a job of this kind (for this meeting) is already waiting or running; true when added. */
export async function queueJobOnce<S extends TSchema>(
  sql: Sql,
  kind: JobKind<S>,
  payload: Static<S>,
): Promise<boolean> {
  return enqueueJobOnce(sql, jobRow(kind, payload));
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
  return enqueueJobDebounced(sql, jobRow(kind, payload), delayMs);
}
