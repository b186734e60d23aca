-- A job whose own step ends its worker every time (killed for memory, a native crash) must not be taken over forever
-- (issue 37). `crashes` counts the runs of a job that ended with their worker dead: bumped when another worker takes
-- over its expired lease, or when the embedded database's process restarts with the job still running. Attempts stay
-- as they are (a hand-back is no failure); at MAX_WORKER_CRASHES (db/src/queries/jobs.ts) the job fails for good. A
-- saved step sets it back to 0: the job got further than where its worker died.
alter table jobs add column crashes integer not null default 0 check (crashes >= 0);
