// The job tests' shared set-up: one test database per file, its queue emptied before each test, and every runner a
// test started stopped before the next.
import { afterAll, beforeAll, beforeEach } from "bun:test";
import type { Database } from "@cm/db";
import type { CheckedJob } from "@cm/db/queries/jobs";
import { createTestDatabase } from "@cm/db/testing";
import type { JobRunner } from "./job-runner";

export function setUpJobQueueDatabase(): { readonly db: Database; runners: JobRunner[] } {
  let db: Database | undefined;
  const runners: JobRunner[] = [];
  const stopRunners = () => Promise.all(runners.splice(0).map((r) => r.stop()));
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  beforeEach(async () => {
    await stopRunners();
    await db!.sql`delete from jobs`;
    await db!.sql`delete from scheduled_jobs`;
  });
  afterAll(async () => {
    await stopRunners();
    await db?.close();
  });
  return {
    get db() {
      if (!db) throw new Error("the job test database is not open yet");
      return db;
    },
    runners,
  };
}

/**
 * A job row for the queue's own tests, whose kinds are made up there (and one payload is wrong on purpose, to show the
 * runner refuses it): production code makes rows only with checkedJob (../jobs/job-kind.ts).
 */
export function testJob(job: {
  kind: string;
  payload?: Record<string, unknown>;
  meetingId?: number;
  maxAttempts?: number;
}): CheckedJob {
  return { payload: {}, ...job } as unknown as CheckedJob;
}

/**
 * Waits for the job's signal, resolving at once when it was aborted before the handler listened (a claim answered
 * after stop() began starts its job already stopped; a listener added then never fires, and stop() would wait for
 * ever on the job).
 */
export function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener("abort", () => resolve(), { once: true });
  });
}

/** As untilAborted, then failing with "aborted", as a step that notices its abort does. */
export async function failWhenAborted(signal: AbortSignal): Promise<never> {
  await untilAborted(signal);
  throw new Error("aborted");
}
