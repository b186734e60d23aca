import type { JobRow } from "@cm/db/queries/jobs";
import type { Static, TSchema } from "elysia";
import type { JobKind } from "./job-kind";

/** Thrown by a handler when retrying cannot help (bad input, missing file). */
export class PermanentJobError extends Error {}

/** What a running job can do besides its work: notice a stop, and extend its lease. */
export interface JobRun {
  job: JobRow;
  signal: AbortSignal;
  /** Extends the lease now; also done on a timer while the handler runs. */
  heartbeat(): Promise<void>;
}

/** A job kind with its handler: what the worker's registry holds. */
export interface JobDefinition<S extends TSchema = TSchema> {
  kind: JobKind<S>;
  /** Runs with the payload already checked against the kind's schema. */
  handle(payload: Static<S>, run: JobRun): Promise<void>;
  /** Retries are over (or the error was permanent, or the payload invalid). */
  onFinalFailure?(job: JobRow, reason: string): Promise<void>;
}

export function defineJob<S extends TSchema>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}
