import type { PendingQuery, Row, TransactionSql } from "postgres";
import type { Sql } from "../client";
import { inTransaction } from "./in-transaction";

export interface JobRow {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  meetingId: number | null;
  /** The account the job works for (its meeting's owner), or 0 for work of no account (the scheduled sweeps). */
  accountId: number;
  status: string;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  /** What the job's last finished step left for the next run (migration 026); {} before the first. */
  progress: Record<string, unknown>;
  /** Runs since its last saved step that ended with their worker dead (migration 034); see MAX_WORKER_CRASHES. */
  crashes: number;
}

const columns = (sql: Sql) => sql`id, kind, payload, meeting_id as "meetingId", status, attempts,
  max_attempts as "maxAttempts", last_error as "lastError", progress, crashes,
  coalesce((select m.user_id from meetings m where m.id = jobs.meeting_id), 0)::int as "accountId"`;

declare const checkedByItsKind: unique symbol;

/**
 * A job to write, its payload checked against its kind's schema. Only api/src/jobs/job-kind.ts makes one
 * (`checkedJob`): every insert into the jobs table in this package takes a CheckedJob and goes through insertJob below,
 * so no job reaches the queue with a payload its handler would refuse (api/test/one-way-into-jobs.test.ts).
 */
export interface CheckedJob {
  readonly kind: string;
  readonly payload: Record<string, unknown>;
  readonly meetingId?: number;
  readonly maxAttempts?: number;
  readonly [checkedByItsKind]: true;
}

/** A meeting's job made once the meeting's id is known (inside the transaction that inserts the meeting). */
export type CheckedJobFor = (meetingId: number) => CheckedJob;

/** A piece of a statement (postgres.js builds it into the statement it is placed in). */
type Fragment = PendingQuery<Row[]>;

/** The one insert into the jobs table; `runAt` delays it. */
export async function insertJob(db: Sql | TransactionSql, job: CheckedJob, delayMs = 0): Promise<number> {
  const sql = db as Sql;
  const [row] = await sql<{ id: number }[]>`
    insert into jobs (kind, payload, meeting_id, max_attempts, run_at)
    values (${job.kind}, ${sql.json(job.payload as never)}, ${job.meetingId ?? null}, ${job.maxAttempts ?? 5},
      now() + ${delayMs} * interval '1 millisecond')
    returning id`;
  return row!.id;
}

export async function enqueueJob(sql: Sql, job: CheckedJob): Promise<number> {
  return insertJob(sql, job);
}

/**
 * Enqueues a job unless one of the same kind (and meeting) is already waiting or running; true when added. A
 * transaction-level advisory lock on the kind and meeting keeps two callers from both finding none and both adding.
 */
export async function enqueueJobOnce(sql: Sql, job: CheckedJob): Promise<boolean> {
  return inTransaction(sql, async (tx) => {
    await lockKindAndMeeting(tx, job);
    if (await hasLiveJob(tx, job, ["queued", "running"])) return false;
    await insertJob(tx, job);
    return true;
  });
}

const lockKindAndMeeting = (tx: Sql, job: CheckedJob) =>
  tx`select pg_advisory_xact_lock(hashtext(${`${job.kind}:${job.meetingId ?? 0}`}))`;

async function hasLiveJob(tx: Sql, job: CheckedJob, statuses: string[]): Promise<boolean> {
  const rows = await tx`select 1 from jobs where kind = ${job.kind}
    and meeting_id is not distinct from ${job.meetingId ?? null} and status in ${tx(statuses)} limit 1`;
  return rows.length > 0;
}

/**
 * Enqueues a job to run `delayMs` from now, or, when one of the same kind (and meeting) is queued and not yet
 * running, moves that one to `delayMs` from now instead (a debounce: autosaved notes are indexed once typing
 * settles). A job already running does not count: it may have read the content before this change. True when added.
 */
export async function enqueueJobDebounced(sql: Sql, job: CheckedJob, delayMs: number): Promise<boolean> {
  return inTransaction(sql, async (tx) => {
    await lockKindAndMeeting(tx, job);
    const postponed = await tx`
      update jobs set run_at = greatest(run_at, now() + ${delayMs} * interval '1 millisecond'), updated_at = now()
      where kind = ${job.kind} and meeting_id is not distinct from ${job.meetingId ?? null} and status = 'queued'
      returning id`;
    if (postponed.length > 0) return false;
    await insertJob(tx, job, delayMs);
    return true;
  });
}

/**
 * Accounts with waiting work, one index step each (a loose scan of jobs_queued_by_account_idx, migration 036): a
 * claim reads each account once, however many jobs it queued. Each row's `account_id` is its meeting's owner, or 0
 * for work of no account (the scheduled sweeps).
 */
const waitingAccounts = (sql: Sql) => sql`waiting(account_id) as (
    (select account_id from jobs where status = 'queued' order by account_id limit 1)
    union all
    select (select next.account_id from jobs next
      where next.status = 'queued' and next.account_id > waiting.account_id order by next.account_id limit 1)
    from waiting where waiting.account_id is not null)`;

/** Jobs each account runs now on a live worker (an expired lease does not count): a few per worker, read once. */
const busyAccounts = (sql: Sql) => sql`busy(account_id, running) as (
    select account_id, count(*) from jobs
    where status = 'running' and locked_until >= now() group by account_id)`;

/** Jobs of the candidate's account that a live worker runs now. */
const runningOfAccount = (sql: Sql) =>
  sql`coalesce((select busy.running from busy where busy.account_id = candidate.account_id), 0)`;

/**
 * How long an account's worker time counts: it fades by half every SERVICE_HALF_LIFE_S seconds. Long enough that an
 * account running hours of work stays behind one that had a few steps; short enough that yesterday's big upload does
 * not hold back today's short meeting.
 */
export const SERVICE_HALF_LIFE_S = 600;

/** An account's worker time in milliseconds, faded to now (0 for an account never served, and for no account). */
const servedOf = (sql: Sql, account: Fragment) => sql`coalesce((
  select s.served_ms * power(0.5, extract(epoch from (now() - s.updated_at)) / ${SERVICE_HALF_LIFE_S})
  from account_service s where s.user_id = ${account}), 0)`;

/**
 * How many runs of a job may end with their worker dead (the process killed for memory, a native crash, its thread
 * crashed) before the job fails for good: a job whose own step kills every worker it lands on is not taken over
 * without end. A run that saves a step sets the count back to 0.
 */
export const MAX_WORKER_CRASHES = 3;

/**
 * A running job's crashes once its expired lease is taken over: one more for the worker that died with it, unless the
 * lease ran out before the database last started. Then the database was down longer than a lease (a restart, an
 * outage) and kept the worker from renewing: no death of the job's making, and its worker may well be alive.
 */
const crashesAtTakeover = (sql: Sql, job: string) => sql`(${sql.unsafe(job)}.crashes
  + case when ${sql.unsafe(job)}.locked_until > pg_postmaster_start_time() then 1 else 0 end)`;

/** One job per meeting at a time: processing and re-indexing of a meeting never overlap. */
const meetingFree = (sql: Sql) => sql`(candidate.meeting_id is null or not exists (
    select 1 from jobs live
    where live.meeting_id = candidate.meeting_id and live.id <> candidate.id
      and live.status = 'running' and live.locked_until >= now()))`;

/**
 * A job any worker may claim now: due, or left running by a dead worker, under its crash limit (a takeover counts
 * one), and its meeting not busy with another.
 */
const claimable = (sql: Sql) => sql`
  ((candidate.status = 'queued' and candidate.run_at <= now() and candidate.crashes < ${MAX_WORKER_CRASHES})
    or (candidate.status = 'running' and candidate.locked_until < now()
      and ${crashesAtTakeover(sql, "candidate")} < ${MAX_WORKER_CRASHES}))
  and ${meetingFree(sql)}`;

/**
 * An account's first `limit` due jobs that also pass `alsoNeeds`, in the claim's order within an account (fewest
 * crashes, then oldest): one index range of jobs_queued_by_account_idx per crash count under the limit, each ending at
 * now, so jobs due later (a note's indexing waiting for typing to settle, a meeting's jobs held for its delete) are
 * never read. `alsoNeeds` stays simple: a filter the planner cannot estimate makes it read the whole range and sort.
 */
const firstDueOfAccount = (sql: Sql, account: Fragment, alsoNeeds: Fragment, limit: number) => {
  const byCrashes = Array.from(
    { length: MAX_WORKER_CRASHES },
    (_, crashes) => sql`(
    select candidate.id, candidate.crashes, candidate.run_at from jobs candidate
    where candidate.account_id = ${account} and candidate.status = 'queued' and candidate.crashes = ${crashes}
      and candidate.run_at <= now() and ${alsoNeeds}
    order by candidate.run_at, candidate.id limit ${limit})`,
  );
  const all = byCrashes.reduce((union, next) => sql`${union} union all ${next}`);
  return sql`select due.id from (${all}) due order by due.crashes, due.run_at, due.id limit ${limit}`;
};

/**
 * A suspect: a job that was running when a worker died (taken over now, or before). When a worker dies, every job it
 * ran is a suspect, the one whose step killed it and its bystanders alike. Suspects never share a worker, so should
 * one kill its worker again, the crash it is counted is its own, and a bystander is not counted a second one with it.
 */
const isSuspect = (sql: Sql) =>
  sql`(case when candidate.status = 'running' then ${crashesAtTakeover(sql, "candidate")} else candidate.crashes end) > 0`;

const holdsSuspect = (sql: Sql, workerId: string) => sql`exists (
  select 1 from jobs mine where mine.locked_by = ${workerId} and mine.status = 'running' and mine.crashes > 0)`;

/**
 * How many of each waiting account's first jobs a claim considers: more than one, so that claims racing for the same
 * job (SKIP LOCKED passes over it) still find the next one in the fair order, as when the whole queue was read.
 */
const CANDIDATES_PER_ACCOUNT = 4;

export interface ClaimOptions {
  /**
   * False when the worker is about to fill its last free slot: only a job of an account with nothing running (or of
   * no account) may take it, so one account's hours of audio never hold every slot while another account waits.
   */
  allowBusyAccounts?: boolean;
}

/**
 * Claims the next runnable job. SKIP LOCKED lets several workers claim concurrently without taking the same job.
 * Fair by work, in SQL so it holds across processes: first the account with the fewest running jobs, then the one
 * served least lately (account_service: worker time, fading), oldest job first within that. A job runs in bounded
 * steps and makes way at a step's end when a less-served account waits (jobSteppedAside), so no number of accounts
 * with long work holds a short meeting for more than a step.
 */
export async function claimJob(
  sql: Sql,
  workerId: string,
  leaseMs: number,
  options: ClaimOptions = {},
): Promise<JobRow | undefined> {
  const [row] = await claimStatement(sql, workerId, leaseMs, options);
  return row;
}

/** claimJob's statement, for a test to read its plan (what a claim reads, EXPLAIN ANALYZE in a rolled-back test). */
export function claimStatement(
  sql: Sql,
  workerId: string,
  leaseMs: number,
  { allowBusyAccounts = true }: ClaimOptions = {},
) {
  const mayClaim = sql`${claimable(sql)}
    and (${allowBusyAccounts} or candidate.meeting_id is null or ${runningOfAccount(sql)} = 0)
    and (not ${isSuspect(sql)} or not ${holdsSuspect(sql, workerId)})`;
  // The same for a queued job of an account not left out (a queued job is a suspect when it has crashes).
  const queuedMayClaim = sql`${meetingFree(sql)} and (candidate.crashes = 0 or not ${holdsSuspect(sql, workerId)})`;
  // A job taken over from a worker that died (its lease ran out) goes on with the attempt it had: a hand-back is no
  // failure. But its run ended with its worker dead: that counts as a crash. A fresh claim is an attempt, never more
  // than the job's maximum.
  // The fair order is taken among each waiting account's first jobs (its own order is the last three keys) and the
  // leases to take over, never the whole queue: what a claim reads grows with the accounts waiting, not their jobs.
  return sql<JobRow[]>`
    with recursive ${waitingAccounts(sql)}, ${busyAccounts(sql)},
    candidates(id) as (
      select first.id from waiting
        cross join lateral (${firstDueOfAccount(sql, sql`waiting.account_id`, queuedMayClaim, CANDIDATES_PER_ACCOUNT)}) first
      -- An account left out whole (its jobs would all be refused) is not read job by job.
      where ${allowBusyAccounts} or waiting.account_id = 0
        or not exists (select 1 from busy where busy.account_id = waiting.account_id)
      union all
      select candidate.id from jobs candidate where candidate.status = 'running' and ${mayClaim})
    update jobs set status = 'running', locked_by = ${workerId},
      attempts = case when status = 'running' then attempts else least(attempts + 1, max_attempts) end,
      crashes = case when status = 'running' then ${crashesAtTakeover(sql, "jobs")} else crashes end,
      locked_until = now() + ${leaseMs} * interval '1 millisecond', updated_at = now()
    where id = (
      select id from jobs candidate
      where candidate.id = any(array(select id from candidates)) and ${mayClaim}
      -- Among equally served accounts, a job that ended workers before goes after one that did not.
      order by ${runningOfAccount(sql)}, ${servedOf(sql, sql`candidate.account_id`)}, crashes, run_at, id
      for update skip locked
      limit 1
    )
    returning ${columns(sql)}`;
}

/**
 * Adds a step's worker time to its account's service (fading what was there to now). Work of no account (0) is not
 * counted.
 */
export async function chargeAccountService(sql: Sql, accountId: number, ms: number): Promise<void> {
  if (accountId <= 0 || !(ms > 0)) return;
  await sql`
    insert into account_service (user_id, served_ms, updated_at)
    select ${accountId}, ${ms}, now() where exists (select 1 from users where id = ${accountId})
    on conflict (user_id) do update set
      served_ms = account_service.served_ms
        * power(0.5, extract(epoch from (now() - account_service.updated_at)) / ${SERVICE_HALF_LIFE_S})
        + excluded.served_ms,
      updated_at = now()`;
}

/**
 * True when another account, with nothing running and served less than this job's account, has a job waiting that
 * could run: the running job should make way at the end of its step.
 */
export async function lessServedAccountWaiting(sql: Sql, job: Pick<JobRow, "id" | "accountId">): Promise<boolean> {
  const rows = await lessServedWaitingStatement(sql, job);
  return rows.length > 0;
}

/** lessServedAccountWaiting's statement, for a test to read its plan. */
export function lessServedWaitingStatement(sql: Sql, job: Pick<JobRow, "id" | "accountId">) {
  const mayClaim = sql`${claimable(sql)} and candidate.meeting_id is not null`;
  return sql<{ "?column?": number }[]>`
    with recursive ${waitingAccounts(sql)}, ${busyAccounts(sql)},
    accounts(account_id) as (
      select account_id from waiting where account_id is not null
      union select account_id from jobs where status = 'running' and locked_until < now())
    select 1 from accounts
    where accounts.account_id not in (0, ${job.accountId})
      and not exists (select 1 from busy where busy.account_id = accounts.account_id)
      and ${servedOf(sql, sql`accounts.account_id`)} < ${servedOf(sql, sql`${job.accountId}::bigint`)}
      and (exists (${firstDueOfAccount(sql, sql`accounts.account_id`, meetingFree(sql), 1)})
        or exists (select 1 from jobs candidate
          where candidate.account_id = accounts.account_id and candidate.status = 'running' and ${mayClaim}))
    limit 1`;
}

/**
 * Keeps what the job's finished steps made, for the run that resumes it; false when the worker lost the job. Its crash
 * count starts again: the job got past where a worker died.
 */
export async function saveJobProgress(
  sql: Sql,
  { id, workerId, progress }: { id: number; workerId: string; progress: Record<string, unknown> },
): Promise<boolean> {
  const rows = await sql`update jobs set progress = ${sql.json(progress as never)}, crashes = 0, updated_at = now()
    where id = ${id} and locked_by = ${workerId} and status = 'running' returning id`;
  return rows.length === 1;
}

/**
 * Hands a running job back to the queue between two steps, to be resumed from its progress: due at once, its claim
 * not counted as an attempt (making way is no failure).
 */
export async function stepAside(sql: Sql, id: number, workerId: string): Promise<void> {
  await sql`update jobs set status = 'queued', attempts = greatest(attempts - 1, 0), yields = yields + 1,
      run_at = now(), locked_until = null, locked_by = null, updated_at = now()
    where id = ${id} and locked_by = ${workerId} and status = 'running'`;
}

/**
 * Hands a running job back to the queue, due at once, with its attempt refunded: the job did not fail, its run was
 * ended from outside (the worker stopping, its thread ended for another job's sake). Attempts count failures only.
 */
export async function handBackJob(sql: Sql, { id, workerId }: { id: number; workerId: string }): Promise<void> {
  await sql`update jobs set status = 'queued', attempts = greatest(attempts - 1, 0), run_at = now(),
      locked_until = null, locked_by = null, updated_at = now()
    where id = ${id} and locked_by = ${workerId} and status = 'running'`;
}

/**
 * The first statement of a meeting's delete: its jobs leave their workers (a running one is aborted at its worker's
 * next lease renewal, within about a second, and stops at its next batch boundary) and wait an hour, so none writes
 * rows while the delete removes them; the delete's cascade then removes the jobs. Should the delete fail half-way,
 * the meeting's processing resumes after that hour, its attempt kept (a cancel is no failure).
 */
export async function holdMeetingJobsForDelete(sql: Sql, userId: number, meetingId: number): Promise<void> {
  await sql`update jobs set status = 'queued', run_at = now() + interval '1 hour',
      attempts = case when status = 'running' then greatest(attempts - 1, 0) else attempts end,
      locked_by = null, locked_until = null, updated_at = now()
    where meeting_id = ${meetingId} and status in ('queued', 'running')
      and exists (select 1 from meetings m where m.id = ${meetingId} and m.user_id = ${userId})`;
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

/** Runs the job again after `delayMs` without counting this run as an attempt (a service it needs is down). */
export async function postponeJob(
  sql: Sql,
  { id, workerId, error, delayMs }: { id: number; workerId: string; error: string; delayMs: number },
): Promise<void> {
  await sql`update jobs set status = 'queued', attempts = greatest(attempts - 1, 0),
      run_at = now() + ${delayMs} * interval '1 millisecond', last_error = ${error},
      locked_until = null, locked_by = null, updated_at = now()
    where id = ${id} and locked_by = ${workerId} and status = 'running'`;
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
  // Handed back, not failed: the attempt the dead process made is refunded. The process died with the job running:
  // a crash, as a takeover of its expired lease would count it (failJobsPastCrashLimit ends it at the limit).
  const rows = await sql`update jobs set status = 'queued', attempts = greatest(attempts - 1, 0), locked_by = null,
      crashes = crashes + 1, locked_until = null, run_at = now(), updated_at = now()
    where status = 'running' returning id`;
  return rows.length;
}

/**
 * Fails for good the jobs no worker may claim any more for their crashes: left running by a dead worker once more than
 * MAX_WORKER_CRASHES allows (that death counted), or put back at a restart at the limit. A meeting still Processing
 * shows `reason` as Failed, with Retry, its recording kept. Answers the jobs, for their kinds' final-failure hooks.
 */
export async function failJobsPastCrashLimit(sql: Sql, reason: string): Promise<JobRow[]> {
  return sql.begin(async (transaction) => {
    const tx = transaction as unknown as Sql;
    const ended = await tx<JobRow[]>`
      update jobs set status = 'failed', last_error = ${reason}, locked_until = null, locked_by = null,
        crashes = case when status = 'running' then ${crashesAtTakeover(tx, "jobs")} else crashes end, updated_at = now()
      where (status = 'running' and locked_until < now() and ${crashesAtTakeover(tx, "jobs")} >= ${MAX_WORKER_CRASHES})
        or (status = 'queued' and crashes >= ${MAX_WORKER_CRASHES})
      returning ${columns(tx)}`;
    const meetings = ended.flatMap((job) => (job.meetingId === null ? [] : [job.meetingId]));
    if (meetings.length > 0) {
      // A meeting whose processing job still waits (the job that crashed was, say, its note's indexing) stays.
      await tx`update meetings set status = 'Failed', failure_reason = ${reason}, updated_at = now()
        where id in ${tx(meetings)} and status = 'Processing' and not exists (
          select 1 from jobs live where live.meeting_id = meetings.id and live.status in ('queued', 'running'))`;
    }
    return ended;
  });
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
