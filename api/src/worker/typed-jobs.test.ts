// Each job kind declares its payload: checked when the job is enqueued and again when it runs, where a payload the
// schema refuses ends the job at once with a readable reason. Periodic kinds run once per interval across workers.
import { expect, test } from "bun:test";
import { enqueueJob } from "@cm/db/queries/jobs";
import { enqueueDueSchedules, registerSchedules } from "@cm/db/queries/scheduled-jobs";
import { testTarget } from "@cm/db/testing";
import { t } from "elysia";
import { defineJob } from "../jobs/job-definition";
import { defineJobKind, InvalidJobPayloadError } from "../jobs/job-kind";
import { queueJob, queueJobOnce } from "../jobs/queue-job";
import { createMemoryLogger } from "../logger";
import { setUpJobQueueDatabase, testJob } from "./job-queue-test-database";
import { startJobRunner } from "./job-runner";

const queue = setUpJobQueueDatabase();
const runners = queue.runners;

async function until(check: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await Bun.sleep(25);
  }
}

const GREET = defineJobKind({
  name: "greet",
  payload: t.Object({ name: t.String({ minLength: 1 }), times: t.Integer() }),
});

test("a payload its kind refuses is not enqueued", async () => {
  await expect(queueJob(queue.db.sql, GREET, { name: "Ann", times: 1.5 })).rejects.toBeInstanceOf(
    InvalidJobPayloadError,
  );
  const refused = (await queueJob(queue.db.sql, GREET, { name: "" } as never).catch((e: Error) => e)) as Error;
  expect(refused.message).toStartWith("Invalid payload for a greet job (");
  expect(refused.message).toContain("/name: Expected string length greater or equal to 1");
  expect(refused.message).toContain("/times: Expected required property");
  expect(await queue.db.sql`select 1 from jobs`).toHaveLength(0);
  const id = await queueJob(queue.db.sql, GREET, { name: "Ann", times: 2 });
  const [row] = await queue.db.sql<{ payload: unknown }[]>`select payload from jobs where id = ${id}`;
  expect(row!.payload).toEqual({ name: "Ann", times: 2 });
});

test("a meeting kind's job names its meeting, and is queued once while one waits", async () => {
  const [user] = await queue.db.sql<
    { id: number }[]
  >`insert into users (username, password) values ('typed', 'x') returning id`;
  const [client] = await queue.db.sql<{ id: number }[]>`
    insert into clients (user_id, name, type) values (${user!.id}, 'Acme', 'Legal') returning id`;
  const [meeting] = await queue.db.sql<{ id: number }[]>`
    insert into meetings (user_id, client_id, title, date, status)
    values (${user!.id}, ${client!.id}, 'Kickoff', now(), 'Processed') returning id`;
  const REINDEX = defineJobKind({
    name: "reindex-test",
    payload: t.Object({ meetingId: t.Integer({ minimum: 1 }) }),
    meetingIdOf: (payload) => payload.meetingId,
  });
  expect(await queueJobOnce(queue.db.sql, REINDEX, { meetingId: meeting!.id })).toBe(true);
  expect(await queueJobOnce(queue.db.sql, REINDEX, { meetingId: meeting!.id })).toBe(false);
  const rows = await queue.db.sql<{ meetingId: number }[]>`select meeting_id as "meetingId" from jobs`;
  expect([...rows]).toEqual([{ meetingId: meeting!.id }]);
});

test("a job whose stored payload its kind refuses fails at once with the reason, without running", async () => {
  // Written around the typed queue, as an old process or a hand-made row would.
  const bad = await enqueueJob(queue.db.sql, testJob({ kind: "greet", payload: { name: 7 }, maxAttempts: 5 }));
  const good = await enqueueJob(queue.db.sql, testJob({ kind: "greet", payload: { name: "Bo", times: 1 } }));
  const ran: unknown[] = [];
  const finals: [number, string][] = [];
  runners.push(
    startJobRunner({
      sql: queue.db.sql,
      logger: createMemoryLogger(),
      pollMs: 20,
      jobs: [defineJob({ kind: GREET, handle: async (payload) => void ran.push(payload) })],
      onFinalFailure: async (job, reason) => void finals.push([job.id, reason]),
    }),
  );
  await until(async () => (await queue.db.sql`select 1 from jobs where status in ('queued', 'running')`).length === 0);
  const rows = await queue.db.sql<{ id: number; status: string; attempts: number; lastError: string | null }[]>`
    select id, status, attempts, last_error as "lastError" from jobs order by id`;
  expect(rows[0]).toMatchObject({ id: bad, status: "failed", attempts: 1 });
  expect(rows[0]!.lastError).toStartWith("Invalid payload for a greet job (");
  expect(rows[0]!.lastError).toContain("/name: Expected string");
  expect(rows[0]!.lastError).toContain("/times: Expected required property");
  expect(rows[1]).toMatchObject({ id: good, status: "done" });
  expect(ran).toEqual([{ name: "Bo", times: 1 }]);
  expect(finals).toEqual([[bad, rows[0]!.lastError!]]);
});

test("two workers on one database run a scheduled job once per interval", async () => {
  const everyMs = 400;
  const TICK = defineJobKind({ name: "tick", payload: t.Object({}), everyMs });
  const runs: string[] = [];
  for (let i = 0; i < 2; i++) {
    const name = `worker-${i}`;
    runners.push(
      startJobRunner({
        sql: queue.db.sql,
        logger: createMemoryLogger(),
        pollMs: 20,
        jobs: [defineJob({ kind: TICK, handle: async () => void runs.push(name) })],
      }),
    );
  }
  const started = Date.now();
  // Waits for runs rather than for a fixed time: a loaded machine may run fewer in 2 s, and that is no fault.
  await until(async () => runs.length >= 4, 60_000);
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  const elapsed = Date.now() - started;
  // Due at once, then every 400 ms. Each worker polls every 20 ms, so running the sweep in each would have made
  // about twice as many runs as intervals began.
  expect(runs.length).toBeLessThanOrEqual(Math.floor(elapsed / everyMs) + 1);
  const rows = await queue.db.sql<{ createdAt: Date; status: string }[]>`
    select created_at as "createdAt", status from jobs where kind = 'tick' order by created_at`;
  // One interval may have begun between the last run and the stop: its job waits for the next start.
  expect(rows.filter((row) => row.status === "done")).toHaveLength(runs.length);
  expect(rows.length - runs.length).toBeLessThanOrEqual(1);
  for (let i = 1; i < rows.length; i++) {
    expect(rows[i]!.createdAt.getTime() - rows[i - 1]!.createdAt.getTime()).toBeGreaterThanOrEqual(everyMs - 1);
  }
});

test("workers looking at a due schedule at the same moment enqueue it once", async () => {
  await registerSchedules(queue.db.sql, [{ kind: "sweep-now", everyMs: 60_000 }]);
  const results = await Promise.all(
    Array.from({ length: 8 }, () =>
      enqueueDueSchedules(queue.db.sql, [testJob({ kind: "sweep-now", maxAttempts: 3 })]),
    ),
  );
  expect(results.flat()).toEqual(["sweep-now"]);
  expect(await enqueueDueSchedules(queue.db.sql, [testJob({ kind: "sweep-now", maxAttempts: 3 })])).toEqual([]);
  // Registering again (another process starting) does not make it due again.
  await registerSchedules(queue.db.sql, [{ kind: "sweep-now", everyMs: 60_000 }]);
  expect(await enqueueDueSchedules(queue.db.sql, [testJob({ kind: "sweep-now", maxAttempts: 3 })])).toEqual([]);
  const [row] = await queue.db.sql<{ n: number }[]>`select count(*)::int as n from jobs where kind = 'sweep-now'`;
  expect(row!.n).toBe(1);
});

// Two connections at once: the embedded database has one, so this runs on PostgreSQL (the CI's native pass).
test.skipIf(testTarget() !== "native")(
  "a process registering its schedules while another enqueues the kind leaves the next run one interval on",
  async () => {
    const everyMs = 60_000;
    await registerSchedules(queue.db.sql, [{ kind: "sweep-race", everyMs }]);
    const job = testJob({ kind: "sweep-race", maxAttempts: 3 });
    // The registering process's clock reading is taken before the other enqueues (a statement that waited on the row's
    // lock under load); a transaction begun earlier holds that reading here without timing luck.
    await queue.db.sql.begin(async (late) => {
      await late`select now()`;
      await Bun.sleep(30);
      expect(await enqueueDueSchedules(queue.db.sql, [job])).toEqual(["sweep-race"]);
      await registerSchedules(late as never, [{ kind: "sweep-race", everyMs }]);
    });
    const [row] = await queue.db.sql<{ gapMs: number }[]>`
    select extract(epoch from (s.next_run_at - j.created_at)) * 1000 as "gapMs"
    from scheduled_jobs s join jobs j on j.kind = s.kind where s.kind = 'sweep-race'`;
    expect(Number(row!.gapMs)).toBeCloseTo(everyMs, 0);
  },
);

test("a shortened interval takes effect at once; a longer one from the next run", async () => {
  const job = testJob({ kind: "sweep-every", maxAttempts: 3 });
  const secondsToNextRun = async () => {
    const [row] = await queue.db.sql<{ s: number }[]>`
      select extract(epoch from (next_run_at - now()))::float8 as s from scheduled_jobs where kind = 'sweep-every'`;
    return row!.s;
  };
  await registerSchedules(queue.db.sql, [{ kind: "sweep-every", everyMs: 3_600_000 }]);
  expect(await enqueueDueSchedules(queue.db.sql, [job])).toEqual(["sweep-every"]);
  expect(await secondsToNextRun()).toBeGreaterThan(3_500);
  await registerSchedules(queue.db.sql, [{ kind: "sweep-every", everyMs: 60_000 }]);
  expect(await secondsToNextRun()).toBeLessThanOrEqual(60);
  await registerSchedules(queue.db.sql, [{ kind: "sweep-every", everyMs: 7_200_000 }]);
  expect(await secondsToNextRun()).toBeLessThanOrEqual(60);
});
