// Fairness and control of the queue: claims go round-robin across accounts and keep a slot free of a busy account,
// a job whose meeting is deleted stops within about a second, and a step past its time limit fails the job with a
// readable reason instead of hanging it.
import { expect, test } from "bun:test";
import type { Sql } from "@cm/db";
import { claimJob, enqueueJob } from "@cm/db/queries/jobs";
import { t } from "elysia";
import { defineJob, type JobRun } from "../jobs/job-definition";
import { defineJobKind } from "../jobs/job-kind";
import { createMemoryLogger } from "../logger";
import { failWhenAborted, setUpJobQueueDatabase, testJob, untilAborted } from "./job-queue-test-database";
import { startJobRunner } from "./job-runner";

const queue = setUpJobQueueDatabase();

let accounts = 0;
/** An account with one client; answers a function that adds a Processing meeting and returns its id. */
async function createAccount(sql: Sql) {
  const name = `fair-${Date.now()}-${++accounts}`;
  const [user] = await sql<{ id: number }[]>`
    insert into users (username, password) values (${name}, 'x') returning id`;
  const [client] = await sql<{ id: number }[]>`
    insert into clients (user_id, name, type) values (${user!.id}, 'Harbour Trust', 'Trust') returning id`;
  return async () => {
    const [meeting] = await sql<{ id: number }[]>`
      insert into meetings (user_id, client_id, title, date, status)
      values (${user!.id}, ${client!.id}, 'Quarterly review', now(), 'Processing') returning id`;
    return Number(meeting!.id);
  };
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await Bun.sleep(20);
  }
}

test("one account's ten queued jobs do not keep another account's job waiting: it is among the first two claims", async () => {
  const { sql } = queue.db;
  const busyMeeting = await createAccount(sql);
  const otherMeeting = await createAccount(sql);
  for (let i = 0; i < 10; i++) await enqueueJob(sql, testJob({ kind: "long", meetingId: await busyMeeting() }));
  const other = await enqueueJob(sql, testJob({ kind: "short", meetingId: await otherMeeting() }));
  const first = await claimJob(sql, "w1", 60_000);
  const second = await claimJob(sql, "w2", 60_000);
  expect([first?.id, second?.id]).toContain(other);
});

test("the last free slot is kept from an account that already runs a job, and open to another account", async () => {
  const { sql } = queue.db;
  const busyMeeting = await createAccount(sql);
  await enqueueJob(sql, testJob({ kind: "long", meetingId: await busyMeeting() }));
  await enqueueJob(sql, testJob({ kind: "long", meetingId: await busyMeeting() }));
  expect(await claimJob(sql, "w1", 60_000, { allowBusyAccounts: false })).toBeDefined();
  expect(await claimJob(sql, "w1", 60_000, { allowBusyAccounts: false })).toBeUndefined();
  // A sweep belongs to no account: never kept waiting behind one.
  const sweep = await enqueueJob(sql, testJob({ kind: "sweep" }));
  expect((await claimJob(sql, "w1", 60_000, { allowBusyAccounts: false }))?.id).toBe(sweep);
  const other = await enqueueJob(sql, testJob({ kind: "short", meetingId: await (await createAccount(sql))() }));
  expect((await claimJob(sql, "w1", 60_000, { allowBusyAccounts: false }))?.id).toBe(other);
});

test("a worker with two slots runs another account's job while one account has hours of work queued", async () => {
  const { sql } = queue.db;
  const busyMeeting = await createAccount(sql);
  for (let i = 0; i < 3; i++) await enqueueJob(sql, testJob({ kind: "long", meetingId: await busyMeeting() }));
  const started: string[] = [];
  const long = defineJob({
    kind: defineJobKind({ name: "long", payload: t.Object({}) }),
    handle: async (_payload, { signal }) => {
      started.push("long");
      await untilAborted(signal);
    },
  });
  const short = defineJob({
    kind: defineJobKind({ name: "short", payload: t.Object({}) }),
    handle: async () => void started.push("short"),
  });
  queue.runners.push(
    startJobRunner({ sql, logger: createMemoryLogger(), jobs: [long, short], pollMs: 20, concurrency: 2 }),
  );
  await until(() => started.length >= 1);
  await enqueueJob(sql, testJob({ kind: "short", meetingId: await (await createAccount(sql))() }));
  await until(() => started.includes("short"));
  expect(started.filter((kind) => kind === "long")).toHaveLength(1);
});

/** A runner of one kind whose handler is given; answers what each run saw. */
function startRunner(handle: (run: JobRun) => Promise<void>, options: { defaultLimitMs?: number } = {}) {
  const kind = defineJobKind({ name: "work", payload: t.Object({}) });
  const finals: string[] = [];
  const runner = startJobRunner({
    sql: queue.db.sql,
    logger: createMemoryLogger(),
    jobs: [defineJob({ kind, handle: (_payload, run) => handle(run) })],
    pollMs: 20,
    onFinalFailure: async (_job, reason) => void finals.push(reason),
    ...options,
  });
  queue.runners.push(runner);
  return { finals };
}

test("deleting a job's meeting aborts the running job within about a second", async () => {
  const { sql } = queue.db;
  const meetingId = await (await createAccount(sql))();
  await enqueueJob(sql, testJob({ kind: "work", meetingId }));
  let startedAt = 0;
  let abortedAt = 0;
  startRunner(async ({ signal }) => {
    startedAt = Date.now();
    await untilAborted(signal);
    abortedAt = Date.now();
  });
  await until(() => startedAt > 0);
  const deletedAt = Date.now();
  await sql`delete from meetings where id = ${meetingId}`;
  await until(() => abortedAt > 0, 10_000);
  expect(abortedAt - deletedAt).toBeLessThan(3_000);
});

test("a step past its time limit fails the job, for good, with a reason naming the step", async () => {
  const { sql } = queue.db;
  const id = await enqueueJob(sql, testJob({ kind: "work", maxAttempts: 5 }));
  const { finals } = startRunner(async ({ signal, limitStep }) => {
    limitStep("Summary", 300);
    await failWhenAborted(signal);
  });
  await until(async () => {
    const [row] = await sql<{ status: string }[]>`select status from jobs where id = ${id}`;
    return row?.status === "failed";
  });
  const [row] = await sql<{ attempts: number; lastError: string }[]>`
    select attempts, last_error as "lastError" from jobs where id = ${id}`;
  expect(row!.attempts).toBe(1);
  expect(row!.lastError).toBe("Summary took longer than 1 second and was stopped. Retry to try again.");
  await until(() => finals.length === 1);
});

test("a job runs under a time limit even when its handler sets none", async () => {
  const { sql } = queue.db;
  const id = await enqueueJob(sql, testJob({ kind: "work" }));
  startRunner(
    async ({ signal }) => {
      await failWhenAborted(signal);
    },
    { defaultLimitMs: 300 },
  );
  await until(async () => {
    const [row] = await sql<{ status: string; lastError: string | null }[]>`
      select status, last_error as "lastError" from jobs where id = ${id}`;
    return row?.status === "failed" && (row.lastError ?? "").startsWith("Processing took longer than");
  });
});
