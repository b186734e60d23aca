import type { CheckedJob, CheckedJobFor } from "@cm/db/queries/jobs";
import type { Static, TSchema } from "elysia";
import { type TypeCheck, TypeCompiler } from "elysia/type-system";

/**
 * A kind of job and the payload it carries, declared once: what enqueues it and what runs it check the same schema
 * (Elysia's TypeBox). A scheduled kind also says how often it runs, once per interval across every process sharing
 * the database.
 */
export interface JobKind<S extends TSchema = TSchema> {
  readonly name: string;
  readonly payload: S;
  readonly check: TypeCheck<S>;
  /** The meeting the job works on: one job per meeting runs at a time, and deleting the meeting deletes the job. */
  meetingIdOf?(payload: Static<S>): number;
  readonly maxAttempts?: number;
  /** Set for periodic work: enqueued once per this many milliseconds by whichever worker sees it due first. */
  readonly everyMs?: number;
}

export function defineJobKind<S extends TSchema>(kind: {
  name: string;
  payload: S;
  meetingIdOf?: (payload: Static<S>) => number;
  maxAttempts?: number;
  everyMs?: number;
}): JobKind<S> {
  return { ...kind, check: TypeCompiler.Compile(kind.payload) };
}

/** A payload its kind's schema refuses: a bug where it was enqueued, or a row written by hand. Never retried. */
export class InvalidJobPayloadError extends Error {}

/** The payload checked against its kind's schema; throws InvalidJobPayloadError naming what is wrong. */
export function checkJobPayload<S extends TSchema>(kind: JobKind<S>, payload: unknown): Static<S> {
  if (kind.check.Check(payload)) return payload;
  // The first complaint about each place in the payload, for at most three places.
  const problems = new Map<string, string>();
  for (const error of kind.check.Errors(payload)) {
    const path = error.path || "payload";
    if (!problems.has(path)) problems.set(path, `${path}: ${error.message}`);
    if (problems.size === 3) break;
  }
  throw new InvalidJobPayloadError(`Invalid payload for a ${kind.name} job (${[...problems.values()].join("; ")}).`);
}

/**
 * The only way to make a row for the jobs table: the payload checked against its kind's schema (throws
 * InvalidJobPayloadError), the meeting it works on named by the kind. Every insert into the jobs table takes one.
 */
export function checkedJob<S extends TSchema>(kind: JobKind<S>, payload: Static<S>): CheckedJob {
  const checked = checkJobPayload(kind, payload);
  return {
    kind: kind.name,
    payload: checked as Record<string, unknown>,
    ...(kind.meetingIdOf ? { meetingId: kind.meetingIdOf(checked) } : {}),
    ...(kind.maxAttempts === undefined ? {} : { maxAttempts: kind.maxAttempts }),
  } as unknown as CheckedJob;
}

/** A meeting's job whose payload is its meeting's id, for a meeting inserted in the same transaction. */
export function checkedJobFor(kind: JobKind<TSchema>, payloadOf: (meetingId: number) => unknown): CheckedJobFor {
  return (meetingId) => checkedJob(kind, payloadOf(meetingId));
}
