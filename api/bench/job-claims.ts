// What a claim costs (claimJob, db/src/queries/jobs.ts: fairness by account, the crash limit, suspects kept apart),
// on a queue of JOB_CLAIMS_ACCOUNTS accounts (default 10) × JOB_CLAIMS_PER_ACCOUNT jobs (default 20) queued, with
// JOB_CLAIMS_SUSPECTS of them (default 10) left running by a dead worker. One worker claims and completes JOB_CLAIMS
// jobs (default 100); prints the claim's median and 99th percentile. On the embedded database, or native with
// TEST_DB_TARGET=native and TEST_DATABASE_URL (a database cloned for the run, dropped after). Bounded by JOB_CLAIMS.
import type { Sql } from "@cm/db";
import { claimJob, completeJob, enqueueJob } from "@cm/db/queries/jobs";
import { createTestDatabase, testTarget } from "@cm/db/testing";
import { INDEX_NOTE } from "../src/jobs/intelligence-job-kinds";
import { checkedJob } from "../src/jobs/job-kind";

const ACCOUNTS = Number(process.env.JOB_CLAIMS_ACCOUNTS || 10);
const PER_ACCOUNT = Number(process.env.JOB_CLAIMS_PER_ACCOUNT || 20);
const SUSPECTS = Number(process.env.JOB_CLAIMS_SUSPECTS || 10);
const CLAIMS = Number(process.env.JOB_CLAIMS || 100);

async function fillQueue(sql: Sql) {
  for (let a = 0; a < ACCOUNTS; a++) {
    const [user] = await sql<{ id: number }[]>`
      insert into users (username, password) values (${`bench-claims-${a}`}, 'x') returning id`;
    const [client] = await sql<{ id: number }[]>`
      insert into clients (user_id, name, type) values (${user!.id}, 'Harbour Trust', 'Trust') returning id`;
    const meetings = await sql<{ id: number }[]>`
      insert into meetings (user_id, client_id, title, date, status)
      select ${user!.id}, ${client!.id}, 'Quarterly review', now(), 'Processed' from generate_series(1, ${PER_ACCOUNT})
      returning id`;
    for (const { id } of meetings) await enqueueJob(sql, checkedJob(INDEX_NOTE, { meetingId: Number(id) }));
  }
  // Left running by a worker that died: suspects, taken over one a worker at a time.
  await sql`update jobs set status = 'running', locked_by = 'dead-worker', locked_until = now()
    where id in (select id from jobs order by id desc limit ${SUSPECTS})`;
}

const db = await createTestDatabase();
try {
  await fillQueue(db.sql);
  await Bun.sleep(10); // the suspects' leases are past
  const times: number[] = [];
  for (let i = 0; i < CLAIMS; i++) {
    const started = performance.now();
    const job = await claimJob(db.sql, "bench-worker", 60_000);
    times.push(performance.now() - started);
    if (!job) break;
    await completeJob(db.sql, job.id, "bench-worker");
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))]!.toFixed(1);
  console.log(
    `${testTarget()}: ${ACCOUNTS} accounts × ${PER_ACCOUNT} jobs, ${SUSPECTS} suspects; ${times.length} claims: ` +
      `median ${at(0.5)} ms, p99 ${at(0.99)} ms`,
  );
} finally {
  await db.close();
}
