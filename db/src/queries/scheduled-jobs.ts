import type { Sql } from "../client";

export interface Schedule {
  kind: string;
  everyMs: number;
}

/**
 * Records the kinds this worker runs periodically. A new kind is due at once; a shortened interval takes effect at
 * once, a longer one from the next run.
 */
export async function registerSchedules(sql: Sql, schedules: readonly Schedule[]): Promise<void> {
  for (const { kind, everyMs } of schedules) {
    await sql`insert into scheduled_jobs (kind, every_ms) values (${kind}, ${everyMs})
      on conflict (kind) do update set every_ms = excluded.every_ms,
        next_run_at = least(scheduled_jobs.next_run_at, now() + excluded.every_ms * interval '1 millisecond')`;
  }
}

/**
 * Enqueues one job of each due kind among `kinds`, unless one is still waiting or running, and moves each due kind's
 * next run one interval on, in one statement: when several workers look at once, the row lock lets one of them
 * move it and the others then find it no longer due. Finished runs older than a day are dropped as it goes.
 * Returns the kinds enqueued.
 */
export async function enqueueDueSchedules(sql: Sql, kinds: readonly string[]): Promise<string[]> {
  if (kinds.length === 0) return [];
  const rows = await sql<{ kind: string }[]>`
    with due as (
      update scheduled_jobs set next_run_at = now() + every_ms * interval '1 millisecond', last_enqueued_at = now()
      where kind in ${sql(kinds)} and next_run_at <= now()
      returning kind
    ), finished as (
      delete from jobs where kind in (select kind from due) and status in ('done', 'failed')
        and updated_at < now() - interval '1 day'
    )
    insert into jobs (kind, payload, max_attempts)
    select due.kind, '{}', 3 from due
    where not exists (select 1 from jobs live where live.kind = due.kind and live.status in ('queued', 'running'))
    returning kind`;
  return rows.map((row) => row.kind);
}
