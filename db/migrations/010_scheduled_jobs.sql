-- Periodic work (the session, rate-limit and file-deletion sweeps) as scheduled jobs: one row per kind. A worker that
-- finds a kind due moves its next_run_at forward and enqueues one job in the same statement, so however many
-- processes share the database, each interval enqueues the work once; the job queue then runs it once.
create table scheduled_jobs (
  kind text primary key,
  every_ms bigint not null check (every_ms > 0),
  next_run_at timestamptz not null default now(),
  last_enqueued_at timestamptz
);
