import type { Sql } from "../client";

export interface JobRow {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  meetingId: number | null;
  status: string;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
}

const columns = (sql: Sql) => sql`id, kind, payload, meeting_id as "meetingId", status, attempts,
  max_attempts as "maxAttempts", last_error as "lastError"`;

/** A job to write. Payloads are checked against their kind's schema by the caller (api/src/jobs/queue-job.ts). */
export interface NewJob {
  kind: string;
  payload?: Record<string, unknown>;
  meetingId?: number;
  maxAttempts?: number;
}

export async function enqueueJob(sql: Sql, job: NewJob): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    insert into jobs (kind, payload, meeting_id, max_attempts)
    values (${job.kind}, ${sql.json((job.payload ?? {}) as never)}, ${job.meetingId ?? null}, ${job.maxAttempts ?? 5})
    returning id`;
  return row!.id;
}

/** Enqueues a job unless one of the same kind (and meeting) is already waiting or running; true when added. */
export async function enqueueJobOnce(sql: Sql, job: NewJob): Promise<boolean> {
  const meetingId = job.meetingId ?? null;
  const rows = await sql`
    insert into jobs (kind, payload, meeting_id, max_attempts)
    select ${job.kind}, ${sql.json((job.payload ?? {}) as never)}, ${meetingId}, ${job.maxAttempts ?? 5}
    where not exists (
      select 1 from jobs where kind = ${job.kind} and meeting_id is not distinct from ${meetingId}
        and status in ('queued', 'running'))
    returning id`;
  return rows.length === 1;
}

/**
 * Enqueues a job to run `delayMs` from now, or, when one of the same kind (and meeting) is queued and not yet
 * running, moves that one to `delayMs` from now instead (a debounce: autosaved notes are indexed once typing
 * settles). A job already running does not count: it may have read the content before this change. True when added.
 */
export async function enqueueJobDebounced(sql: Sql, job: NewJob, delayMs: number): Promise<boolean> {
  const meetingId = job.meetingId ?? null;
  const rows = await sql<{ added: boolean }[]>`
    with postponed as (
      update jobs set run_at = greatest(run_at, now() + ${delayMs} * interval '1 millisecond'), updated_at = now()
      where kind = ${job.kind} and meeting_id is not distinct from ${meetingId} and status = 'queued'
      returning id
    ), added as (
      insert into jobs (kind, payload, meeting_id, max_attempts, run_at)
      select ${job.kind}, ${sql.json((job.payload ?? {}) as never)}, ${meetingId}, ${job.maxAttempts ?? 5},
        now() + ${delayMs} * interval '1 millisecond'
      where not exists (select 1 from postponed)
      returning id
    )
    select exists (select 1 from added) as added`;
  return rows[0]?.added === true;
}

/** The account a job works for: its meeting's owner, or 0 for work of no account (the scheduled sweeps). */
const accountOf = (sql: Sql, job: string) =>
  sql`coalesce((select m.user_id from meetings m where m.id = ${sql.unsafe(job)}.meeting_id), 0)`;

/** Jobs of the candidate's account that a live worker runs now (an expired lease does not count). */
const runningOfAccount = (sql: Sql) => sql`(
  select count(*) from jobs live
  where live.status = 'running' and live.locked_until >= now() and live.id <> candidate.id
    and ${accountOf(sql, "live")} = ${accountOf(sql, "candidate")})`;

export interface ClaimOptions {
  /**
   * False when the worker is about to fill its last free slot: only a job of an account with nothing running (or of
   * no account) may take it, so one account's hours of audio never hold every slot while another account waits.
   */
  allowBusyAccounts?: boolean;
}

/**
 * Claims the next runnable job: queued and due, or running with an expired lease (its worker
 * died). SKIP LOCKED lets several workers claim concurrently without taking the same job. Fair across accounts,
 * in SQL so it holds across processes: the account with the fewest running jobs goes first (round-robin), oldest
 * job first within that; see ClaimOptions for the last slot.
 */
export async function claimJob(
  sql: Sql,
  workerId: string,
  leaseMs: number,
  { allowBusyAccounts = true }: ClaimOptions = {},
): Promise<JobRow | undefined> {
  const [row] = await sql<JobRow[]>`
    update jobs set status = 'running', attempts = attempts + 1, locked_by = ${workerId},
      locked_until = now() + ${leaseMs} * interval '1 millisecond', updated_at = now()
    where id = (
      select id from jobs candidate
      where ((status = 'queued' and run_at <= now()) or (status = 'running' and locked_until < now()))
        -- One job per meeting at a time: processing and re-indexing of a meeting never overlap.
        and (meeting_id is null or not exists (
          select 1 from jobs live
          where live.meeting_id = candidate.meeting_id and live.id <> candidate.id
            and live.status = 'running' and live.locked_until >= now()))
        and (${allowBusyAccounts} or candidate.meeting_id is null or ${runningOfAccount(sql)} = 0)
      order by ${runningOfAccount(sql)}, run_at, id
      for update skip locked
      limit 1
    )
    returning ${columns(sql)}`;
  return row;
}

/** Extends the lease of a job this worker still holds; false when it lost the job. */
export async function heartbeatJob(
  sql: Sql,
  { id, workerId, leaseMs }: { id: number; workerId: string; leaseMs: number },
): Promise<boolean> {
  const rows =
    await sql`update jobs set locked_until = now() + ${leaseMs} * interval '1 millisecond', updated_at = now()
    where id = ${id} and locked_by = ${workerId} and status = 'running' returning id`;
  return rows.length === 1;
}

export async function completeJob(sql: Sql, id: number, workerId: string): Promise<void> {
  await sql`update jobs set status = 'done', locked_until = null, updated_at = now()
    where id = ${id} and locked_by = ${workerId}`;
}

/** Schedules a retry after `delayMs`, or marks the job failed when `final`. */
export async function failJob(
  sql: Sql,
  {
    id,
    workerId,
    error,
    final,
    delayMs,
  }: { id: number; workerId: string; error: string; final: boolean; delayMs: number },
): Promise<void> {
  await sql`update jobs set
      status = ${final ? "failed" : "queued"},
      run_at = now() + ${delayMs} * interval '1 millisecond',
      last_error = ${error}, locked_until = null, locked_by = null, updated_at = now()
    where id = ${id} and locked_by = ${workerId}`;
}

/**
 * Puts jobs left "running" by a process that no longer exists back in the queue at once, instead of
 * waiting for their lease to run out. Only safe when no other worker can hold them: the embedded
 * database, whose data folder is locked by this process.
 */
export async function requeueOrphanedJobs(sql: Sql): Promise<number> {
  const rows = await sql`update jobs set status = 'queued', locked_by = null, locked_until = null, run_at = now(),
      updated_at = now()
    where status = 'running' returning id`;
  return rows.length;
}

/**
 * Extends the leases of the jobs a worker runs, in one statement; answers the ids it still holds. A job missing from
 * the answer was deleted (its meeting was) or taken from the worker: it must stop at once.
 */
export async function renewLeases(
  sql: Sql,
  { ids, workerId, leaseMs }: { ids: readonly number[]; workerId: string; leaseMs: number },
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await sql<{ id: number }[]>`
    update jobs set locked_until = now() + ${leaseMs} * interval '1 millisecond', updated_at = now()
    where id = any(${sql.array(ids as number[])}::bigint[]) and locked_by = ${workerId} and status = 'running'
    returning id`;
  return new Set(rows.map((row) => Number(row.id)));
}

/** A job stopped from outside its thread (past its time limit): its meeting, if still Processing, shows why. */
export async function failJobAndMeeting(
  sql: Sql,
  { id, workerId, reason }: { id: number; workerId: string; reason: string },
): Promise<void> {
  await sql.begin(async (tx) => {
    const [job] = await tx<{ meetingId: number | null }[]>`
      update jobs set status = 'failed', last_error = ${reason}, locked_until = null, locked_by = null,
        updated_at = now()
      where id = ${id} and locked_by = ${workerId} returning meeting_id as "meetingId"`;
    if (job?.meetingId == null) return;
    await tx`update meetings set status = 'Failed', failure_reason = ${reason}, updated_at = now()
      where id = ${job.meetingId} and status = 'Processing'`;
  });
}
