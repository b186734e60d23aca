-- A claim's cost must not grow with the queue (issue 37): the fair order ran subqueries over the whole queue for
-- every waiting job, so 2,000 queued jobs made each claim cost about half a second of the database. A job now carries
-- the account it works for (its meeting's owner, 0 for work of no account), set by a trigger on insert so every write
-- path fills it, and a claim reads each waiting account's first jobs through an index instead of every job.
alter table jobs add column account_id bigint not null default 0;
update jobs set account_id = m.user_id from meetings m where m.id = jobs.meeting_id;

create function cm_job_account() returns trigger language plpgsql as $$
begin
  new.account_id := coalesce((select m.user_id from meetings m where m.id = new.meeting_id), 0);
  return new;
end $$;
create trigger jobs_account before insert or update of meeting_id on jobs
  for each row execute function cm_job_account();

-- Waiting jobs by account in the claim's order within an account: the accounts with waiting work are read one index
-- step each, and each account's first claimable jobs without reading the rest of its queue.
create index jobs_queued_by_account_idx on jobs (account_id, crashes, run_at, id) where status = 'queued';
-- Running jobs (a few per worker): the jobs busy per account and per meeting, and leases to take over.
create index jobs_running_meeting_idx on jobs (meeting_id) where status = 'running';
