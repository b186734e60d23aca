import type { JobRow } from "@cm/db/queries/jobs";
import type { Static, TSchema } from "elysia";
import type { JobKind } from "./job-kind";

/** Thrown by a handler when retrying cannot help (bad input, missing file). */
export class PermanentJobError extends Error {}

/** A step ran past its time limit: retrying would only take as long again. The message is the meeting's reason. */
export class StepTimeLimitError extends PermanentJobError {}

/** The job was taken away while it ran (its meeting deleted): nothing to report, nothing to retry. */
export class JobCancelledError extends Error {}

/**
 * Thrown by JobRun.checkpoint between two steps when a less-served account waits: the job goes back to the queue and
 * resumes from its saved progress. Not a failure, not an attempt.
 */
export class JobSteppedAside extends Error {
  constructor() {
    super("The job made way for another account's work and will resume.");
  }
}

/**
 * The job met a service that is down (the recording storage): it goes back to the queue to run again a little later
 * (six backoff bases, at most a minute), resuming from its saved progress. Not an attempt: an outage of any length
 * never fails the job for good.
 */
export class JobPostponed extends Error {}

/** What a running job can do besides its work: notice a stop or a cancel, extend its lease, time its steps. */
export interface JobRun {
  job: JobRow;
  /** Aborted when the worker stops, the job is cancelled, or the current step passes its time limit. */
  signal: AbortSignal;
  /** Extends the lease now; also done every second on a timer of its own while the handler runs. */
  heartbeat(): Promise<void>;
  /**
   * The step starting now may run `ms`; past that the job fails with "<label> took longer than ... and was stopped"
   * (its signal aborted, and a worker thread stuck in synchronous code terminated and restarted).
   */
  limitStep(label: string, ms: number): void;
  /**
   * Call between two bounded steps (a piece of audio, a slice of indexing): charges the step's time to the job's
   * account and keeps `progress` (read back as `job.progress` by the run that resumes the job). Throws
   * JobSteppedAside when the job must make way for a less-served account; the handler lets it pass.
   */
  checkpoint(progress?: Record<string, unknown>): Promise<void>;
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
