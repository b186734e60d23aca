// Fair by work (issue 27): jobs run in steps, and between two steps a job makes way when a less-served account waits.
// Any number of accounts with long work hold another account's short job for at most the steps already running.
// These tests count steps, not milliseconds: the mechanism, whatever the machine's load.
import { expect, test } from "bun:test";
import type { Sql } from "@cm/db";
import { chargeAccountService, claimJob, enqueueJob, lessServedAccountWaiting } from "@cm/db/queries/jobs";
import { t } from "elysia";
import { defineJob } from "../jobs/job-definition";
import { defineJobKind } from "../jobs/job-kind";
import { createMemoryLogger } from "../logger";
import { setUpJobQueueDatabase, testJob } from "./job-queue-test-database";
import { startJobRunner } from "./job-runner";

const queue = setUpJobQueueDatabase();

let accounts = 0;
async function createAccount(sql: Sql) {
  const name = `steps-${Date.now()}-${++accounts}`;
  const [user] = await sql<{ id: number }[]>`insert into users (username, password) values (${name}, 'x') returning id`;
  const [client] = await sql<{ id: number }[]>`
    insert into clients (user_id, name, type) values (${user!.id}, 'Harbour Trust', 'Trust') returning id`;
  const userId = Number(user!.id);
  return {
    userId,
    async meeting() {
      const [meeting] = await sql<{ id: number }[]>`
        insert into meetings (user_id, client_id, title, date, status)
        values (${userId}, ${client!.id}, 'Quarterly review', now(), 'Processing') returning id`;
      return Number(meeting!.id);
    },
  };
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await Bun.sleep(10);
  }
}

test("an account served less goes first, whatever the order the jobs came in", async () => {
  const { sql } = queue.db;
  const heavy = await createAccount(sql);
  const light = await createAccount(sql);
  await chargeAccountService(sql, heavy.userId, 60_000);
  await chargeAccountService(sql, light.userId, 1_000);
  await enqueueJob(sql, testJob({ kind: "work", meetingId: await heavy.meeting() }));
  const lightJob = await enqueueJob(sql, testJob({ kind: "work", meetingId: await light.meeting() }));
  expect((await claimJob(sql, "w1", 60_000))?.id).toBe(lightJob);
});

test("a running job of a busy account learns that a less-served account waits, and not otherwise", async () => {
  const { sql } = queue.db;
  const heavy = await createAccount(sql);
  const light = await createAccount(sql);
  await enqueueJob(sql, testJob({ kind: "work", meetingId: await heavy.meeting() }));
  const running = (await claimJob(sql, "w1", 60_000))!;
  expect(running.accountId).toBe(heavy.userId);
  await chargeAccountService(sql, heavy.userId, 5_000);
  expect(await lessServedAccountWaiting(sql, running)).toBe(false);
  await enqueueJob(sql, testJob({ kind: "work", meetingId: await light.meeting() }));
  expect(await lessServedAccountWaiting(sql, running)).toBe(true);
  // Served more than the running account: it waits its turn instead.
  await chargeAccountService(sql, light.userId, 50_000);
  expect(await lessServedAccountWaiting(sql, running)).toBe(false);
});

for (const heavyAccounts of [1, 2, 4, 8]) {
  test(`${heavyAccounts} accounts with long work hold a short job for a few steps, not until their work is done`, async () => {
    const { sql } = queue.db;
    const stepsDone: string[] = [];
    const kind = defineJobKind({
      name: "stepped",
      payload: t.Object({ meetingId: t.Integer(), steps: t.Integer(), tag: t.String() }),
      meetingIdOf: (payload) => payload.meetingId,
    });
    const job = defineJob({
      kind,
      async handle({ steps, tag }, run) {
        const done = typeof run.job.progress.done === "number" ? run.job.progress.done : 0;
        for (let step = done; step < steps; step++) {
          await Bun.sleep(5); // one bounded step of work
          stepsDone.push(tag);
          await run.checkpoint({ done: step + 1 });
        }
      },
    });
    for (let i = 0; i < heavyAccounts; i++) {
      const meetingId = await (await createAccount(sql)).meeting();
      await enqueueJob(
        sql,
        testJob({ kind: "stepped", payload: { meetingId, steps: 400, tag: `heavy${i}` }, meetingId }),
      );
    }
    const runner = startJobRunner({ sql, logger: createMemoryLogger(), jobs: [job], concurrency: 2, pollMs: 20 });
    queue.runners.push(runner);
    // The heavy accounts are under way and have been served.
    await until(() => stepsDone.length >= 20 * heavyAccounts);
    const short = await createAccount(sql);
    const shortMeeting = await short.meeting();
    const shortJob = { meetingId: shortMeeting, steps: 3, tag: "short" };
    await enqueueJob(sql, testJob({ kind: "stepped", payload: shortJob, meetingId: shortMeeting }));
    runner.wake();
    const heavyStepsBefore = stepsDone.length;
    await until(() => stepsDone.filter((tag) => tag === "short").length === 3);
    // Heavy steps finished between the short job's arrival and its first step: the wait, counted in steps. The slot
    // that did not make way goes on stepping beside it meanwhile, so the bound is loose; without making way the short
    // job waits for a whole heavy job (400 steps).
    const firstShortStep = stepsDone.indexOf("short");
    expect(firstShortStep - heavyStepsBefore).toBeLessThan(100);
    // The short job is done while every heavy job still has work left: it was not queued behind any of them.
    const [left] = await sql<{ unfinished: number }[]>`
      select count(*)::int as unfinished from jobs where payload->>'tag' like 'heavy%' and status <> 'done'`;
    expect(left!.unfinished).toBe(heavyAccounts);
    const [row] = await sql<{ yields: number; attempts: number }[]>`
      select max(yields)::int as yields, max(attempts)::int as attempts from jobs where payload->>'tag' like 'heavy%'`;
    // With two or more heavy accounts both slots were taken, so one of them made way (with one, a slot was free).
    if (heavyAccounts >= 2) expect(row!.yields).toBeGreaterThan(0);
    // Making way is no attempt: a heavy job handed back many times has at most its first attempt (none while it
    // waits in the queue after making way, one while it runs).
    expect(row!.attempts).toBeLessThanOrEqual(1);
    await runner.stop();
  }, 60_000);
}
