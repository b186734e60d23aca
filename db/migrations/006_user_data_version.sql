-- A per-user counter of changes to what the meeting lists, stats and client lists show. The server caches those
-- answers keyed by it (api/src/cache/response-cache.ts); it is read with the session on every request, so a cached
-- answer is served only while nothing it was built from has changed, whichever process made the change (the
-- server, `bun run worker`, a migration). Bumped by triggers, so no write path can forget it.
alter table users add column data_version bigint not null default 0;

create function bump_user_data_version() returns trigger language plpgsql as $$
declare
  changed record;
  owner bigint;
begin
  if TG_OP = 'DELETE' then changed := OLD; else changed := NEW; end if;
  if TG_ARGV[0] = 'via_meeting' then
    select user_id into owner from meetings where id = changed.meeting_id;
  else
    owner := changed.user_id;
  end if;
  if owner is not null then
    update users set data_version = data_version + 1 where id = owner;
  end if;
  return null;
end $$;

create trigger meetings_bump_user_data_version after insert or update or delete on meetings
  for each row execute function bump_user_data_version('direct');
create trigger clients_bump_user_data_version after insert or update or delete on clients
  for each row execute function bump_user_data_version('direct');
create trigger summaries_bump_user_data_version after insert or update or delete on summaries
  for each row execute function bump_user_data_version('via_meeting');
create trigger transcripts_bump_user_data_version after insert or update or delete on transcripts
  for each row execute function bump_user_data_version('via_meeting');
