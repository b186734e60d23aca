import type { Sql } from "../client";
import { inTransaction } from "./in-transaction";
import { type CheckedJob, insertJob } from "./jobs";

export interface Schedule {
  kind: string;
  everyMs: number;
}

/**
 * Records the kinds this worker runs periodically. A new kind is due at once; a shortened interval takes effect at
 * once, a longer one from the next run. The same interval leaves the next run alone: this statement's clock reading
 * may predate an enqueue it waited on, and moving the run to it would start the next interval early.
 */
export async function registerSchedules(sql: Sql, schedules: readonly Schedule[]): Promise<void> {
  for (const { kind, everyMs } of schedules) {
    await sql`insert into scheduled_jobs (kind, every_ms) values (${kind}, ${everyMs})
      on conflict (kind) do update set every_ms = excluded.every_ms,
        next_run_at = case when excluded.every_ms < scheduled_jobs.every_ms
          then least(scheduled_jobs.next_run_at, now() + excluded.every_ms * interval '1 millisecond')
          else scheduled_jobs.next_run_at end`;
  }
}

/**
 * Enqueues one job of each due kind among `jobs` (each checked by its kind), unless one is still waiting or running,
 * and moves each due kind's next run one interval on, in one transaction: when several workers look at once, the row
 * lock lets one of them move it and the others then find it no longer due. Finished runs older than a day are dropped
 * as it goes. Returns the kinds enqueued.
 */
export async function enqueueDueSchedules(sql: Sql, jobs: readonly CheckedJob[]): Promise<string[]> {
  if (jobs.length === 0) return [];
  const byKind = new Map(jobs.map((job) => [job.kind, job]));
  return inTransaction(sql, async (tx) => {
    const due = await tx<{ kind: string }[]>`
      update scheduled_jobs set next_run_at = now() + every_ms * interval '1 millisecond', last_enqueued_at = now()
      where kind in ${tx([...byKind.keys()])} and next_run_at <= now()
      returning kind`;
    if (due.length === 0) return [];
    const dueKinds = due.map((row) => row.kind);
    await tx`delete from jobs where kind in ${tx(dueKinds)} and status in ('done', 'failed')
      and updated_at < now() - interval '1 day'`;
    const live = await tx<{ kind: string }[]>`
      select distinct kind from jobs where kind in ${tx(dueKinds)} and status in ('queued', 'running')`;
    const running = new Set(live.map((row) => row.kind));
    const added: string[] = [];
    for (const kind of dueKinds) {
      const job = byKind.get(kind);
      if (!job || running.has(kind)) continue;
      await insertJob(tx, job);
      added.push(kind);
    }
    return added;
  });
}
