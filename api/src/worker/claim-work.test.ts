// What a claim reads must not grow with the queue (issue 37): the fair order once ran subqueries over every queued
// job for each queued job, so many accounts queueing their allowed jobs made every claim cost half a second of the
// database for everyone. The work is counted, not timed: the rows each step of the statement's plan read (EXPLAIN
// ANALYZE, rolled back), with the same accounts waiting and twenty times their jobs.
import { expect, test } from "bun:test";
import type { Sql } from "@cm/db";
import {
  chargeAccountService,
  claimJob,
  claimStatement,
  enqueueJob,
  enqueueJobDebounced,
  lessServedWaitingStatement,
} from "@cm/db/queries/jobs";
import { setUpJobQueueDatabase, testJob } from "./job-queue-test-database";

const queue = setUpJobQueueDatabase();
const ACCOUNTS = 8;

interface PlanNode {
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Join Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  Plans?: PlanNode[];
}

/** Rows every node of the plan produced or read and dropped, over all its loops (the counts are per loop). */
function rowsTouched(node: PlanNode): number {
  const perLoop =
    (node["Actual Rows"] ?? 0) +
    (node["Rows Removed by Filter"] ?? 0) +
    (node["Rows Removed by Join Filter"] ?? 0) +
    (node["Rows Removed by Index Recheck"] ?? 0);
  const own = perLoop * (node["Actual Loops"] ?? 1);
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsTouched(child), 0);
}

const rolledBack = new Error("rolled back");

/** Runs the statement under EXPLAIN ANALYZE in a transaction rolled back after (nothing is claimed). */
type Statement = ReturnType<typeof claimStatement> | ReturnType<typeof lessServedWaitingStatement>;

async function rowsTouchedBy(statement: (tx: Sql) => Statement): Promise<number> {
  const { sql } = queue.db;
  await sql`analyze jobs`;
  let touched = 0;
  await sql
    .begin(async (transaction) => {
      const tx = transaction as unknown as Sql;
      const [row] = await tx<{ "QUERY PLAN": { Plan: PlanNode }[] }[]>`explain (analyze, format json) ${statement(tx)}`;
      touched = rowsTouched(row!["QUERY PLAN"][0]!.Plan);
      throw rolledBack;
    })
    .catch((error) => {
      if (error !== rolledBack) throw error;
    });
  return touched;
}

let accounts = 0;
async function createAccounts(sql: Sql) {
  return Promise.all(
    Array.from({ length: ACCOUNTS }, async () => {
      const name = `claim-work-${Date.now()}-${++accounts}`;
      const [user] = await sql<{ id: number }[]>`
        insert into users (username, password) values (${name}, 'x') returning id`;
      const [client] = await sql<{ id: number }[]>`
        insert into clients (user_id, name, type) values (${user!.id}, 'Harbour Trust', 'Trust') returning id`;
      return { userId: Number(user!.id), clientId: Number(client!.id) };
    }),
  );
}

/**
 * Queues `count` more jobs for each account, each of its own meeting (as note indexing does), due now or, with
 * `dueInMs`, later (a note's indexing waits for typing to settle; a meeting's jobs wait an hour for its delete).
 */
async function queueJobs(sql: Sql, owners: { userId: number; clientId: number }[], count: number, dueInMs = 0) {
  for (const { userId, clientId } of owners) {
    const meetings = await sql<{ id: number }[]>`
      insert into meetings (user_id, client_id, title, date, status)
      select ${userId}, ${clientId}, 'Quarterly review', now(), 'Processed' from generate_series(1, ${count})
      returning id`;
    for (const { id } of meetings) {
      const job = testJob({ kind: "work", meetingId: Number(id) });
      await (dueInMs > 0 ? enqueueJobDebounced(sql, job, dueInMs) : enqueueJob(sql, job));
    }
  }
}

const jobsQueued = async (sql: Sql) =>
  Number((await sql<{ count: number }[]>`select count(*)::int as count from jobs where status = 'queued'`)[0]!.count);

/** Queues twenty times the jobs for the same accounts (due now, and as many again due in an hour). */
async function growQueue(sql: Sql, owners: { userId: number; clientId: number }[]) {
  await queueJobs(sql, owners, 95);
  await queueJobs(sql, owners, 100, 3_600_000);
}

for (const allowBusyAccounts of [true, false]) {
  test(`a claim (busy accounts ${allowBusyAccounts ? "allowed" : "left out"}) reads as many rows with twenty times the jobs queued`, async () => {
    const { sql } = queue.db;
    const owners = await createAccounts(sql);
    await queueJobs(sql, owners, 5);
    // A job running for one account, one left by a dead worker (a suspect to take over), and service to compare.
    await claimJob(sql, "live-worker", 60_000);
    await claimJob(sql, "dead-worker", 60_000);
    await sql`update jobs set locked_until = now() - interval '1 second' where locked_by = 'dead-worker'`;
    for (const [i, { userId }] of owners.entries()) await chargeAccountService(sql, userId, 1_000 * (i + 1));
    const claim = (tx: Sql) => claimStatement(tx, "next-worker", 60_000, { allowBusyAccounts });
    const small = await rowsTouchedBy(claim);

    await growQueue(sql, owners);
    const large = await rowsTouchedBy(claim);
    expect(small).toBeGreaterThan(0);
    // Before, with busy accounts allowed: about 3,400 rows with 40 jobs queued, 1,280,000 with 800.
    expect(large).toBeLessThan(small * 1.5);
    expect(large).toBeLessThan(await jobsQueued(sql));
  });
}

test("a running job's check for a less-served account reads as many rows with twenty times the jobs queued", async () => {
  const { sql } = queue.db;
  const owners = await createAccounts(sql);
  await queueJobs(sql, owners, 5);
  const running = (await claimJob(sql, "live-worker", 60_000))!;
  // Every waiting account served more than the running one: the check looks at each and finds none.
  for (const { userId } of owners) await chargeAccountService(sql, userId, userId === running.accountId ? 1 : 10_000);
  const check = (tx: Sql) => lessServedWaitingStatement(tx, running);
  const small = await rowsTouchedBy(check);

  await growQueue(sql, owners);
  const large = await rowsTouchedBy(check);
  expect(small).toBeGreaterThan(0);
  // Before: about 1,550 rows with 40 jobs queued, 3,000 with 800.
  expect(large).toBeLessThan(small * 1.5);
  expect(large).toBeLessThan(await jobsQueued(sql));
});

test("a job carries its meeting's owner as its account (set by the database), and 0 without a meeting", async () => {
  const { sql } = queue.db;
  const [owner] = await createAccounts(sql);
  await queueJobs(sql, [owner!], 1);
  await enqueueJob(sql, testJob({ kind: "sweep" }));
  const rows = await sql<{ accountId: number; meetingId: number | null }[]>`
    select account_id as "accountId", meeting_id as "meetingId" from jobs order by id`;
  expect(rows.map((row) => [row.meetingId === null, Number(row.accountId)])).toEqual([
    [false, owner!.userId],
    [true, 0],
  ]);
});
