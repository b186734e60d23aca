-- Issue 37: what an account writes into the database counts against its storage quota with its recordings. Each
-- account has one row here whose data_bytes is the size of every row it owns, kept by triggers in the same
-- transaction as each write, so every write path and every process counts, on the embedded database and on
-- PostgreSQL alike. Rows without a user_id find their owner through their meeting, client or conversation.
-- When a parent goes, a cascade cannot find the owner of the children any more (the parent row is gone), so the
-- parent gives its children's bytes back just before it is deleted, and the children's own triggers then find no
-- owner and count nothing.
-- A row's size is the length in bytes of its text form (octet_length(row::text): text uncompressed): the size
-- PostgreSQL stores changes when it compresses a value after the insert trigger saw it, so a row measured that way
-- would count differently written and removed. Search chunks, notes and transcript text parts count their own way
-- (below), without reading their long values.
-- No foreign key to users: deleting an account cascades to its rows, whose triggers update this row after the user
-- row is gone, and a key check of a row this transaction already changed would refuse that. A trigger on users
-- adds the row with the account and removes it with the account instead.
create table account_usage (
  user_id bigint primary key,
  data_bytes bigint not null default 0
);

create function cm_account_usage_row() returns trigger language plpgsql as $$
begin
  if TG_OP = 'INSERT' then
    insert into account_usage (user_id) values (new.id) on conflict do nothing;
  else
    delete from account_usage where user_id = old.id;
  end if;
  return null;
end $$;
create trigger users_account_usage after insert or delete on users
  for each row execute function cm_account_usage_row();

-- A search chunk counts its text, 4 bytes a vector dimension (as stored, not the vector's digits: writing vectors
-- out as text doubled the time of a long meeting's chunk writes) and its windows' vectors, which the writer sets in
-- window_bytes as it writes them with the chunk (db/src/queries/chunks.ts): windows go only with their chunk, so
-- they need no count of their own, and deleting thousands of chunks reads none of them.
alter table chunks add column window_bytes integer not null default 0;
update chunks c set window_bytes = w.bytes
from (select chunk_id, sum(4 * vector_dims(embedding) + 16)::int as bytes from chunk_windows group by chunk_id) w
where w.chunk_id = c.id;
-- The column is vector(1536): its size is known without reading the (toasted) vector, which deleting thousands of
-- chunks would otherwise fetch one by one.
create function cm_chunk_bytes(r chunks) returns bigint language sql immutable as $$
  select (octet_length(r.content) + octet_length(r.metadata::text) + octet_length(r.source)
    + case when r.embedding is null then 0 else 4 * 1536 end + 64 + r.window_bytes)::bigint
$$;

-- One statement's change: the rows' sizes (new ones added, old ones taken away) summed per owner. TG_ARGV[0] is the
-- SQL expression of a row's owner and TG_ARGV[1] of its size, the row being `r`.
create function cm_count_data_bytes() returns trigger language plpgsql as $$
declare
  owner_of text := TG_ARGV[0];
  size_of text := TG_ARGV[1];
  changed text;
begin
  changed := case TG_OP
    when 'INSERT' then format('select %s as owner, %s as bytes from new_rows r', owner_of, size_of)
    when 'DELETE' then format('select %s as owner, -%s as bytes from old_rows r', owner_of, size_of)
    else format('select %1$s as owner, %2$s as bytes from new_rows r
      union all select %1$s, -%2$s from old_rows r', owner_of, size_of)
  end;
  execute format('update account_usage a set data_bytes = a.data_bytes + d.bytes
    from (select owner, sum(bytes)::bigint as bytes from (%s) s where owner is not null group by owner) d
    where a.user_id = d.owner and d.bytes <> 0', changed);
  return null;
end $$;

-- Table, the owner of one of its rows `r`, and its size.
create table cm_032_owned (
  name text primary key,
  owner_of text not null,
  size_of text not null default 'octet_length(r::text)::bigint'
);
insert into cm_032_owned (name, owner_of) values
  ('meetings', 'r.user_id'),
  ('clients', 'r.user_id'),
  ('notes', 'r.user_id'),
  ('chunk_term_counts', 'r.user_id'),
  ('follow_ups', 'r.user_id'),
  ('conversations', 'r.user_id'),
  ('transcripts', '(select m.user_id from meetings m where m.id = r.meeting_id)'),
  ('transcript_text_parts', '(select m.user_id from meetings m where m.id = r.meeting_id)'),
  ('transcript_segments', '(select m.user_id from meetings m where m.id = r.meeting_id)'),
  ('transcript_pieces', '(select m.user_id from meetings m where m.id = r.meeting_id)'),
  ('summaries', '(select m.user_id from meetings m where m.id = r.meeting_id)'),
  ('action_items', 'coalesce((select m.user_id from meetings m where m.id = r.meeting_id),
    (select c.user_id from clients c where c.id = r.client_id))'),
  ('conversation_messages', '(select c.user_id from conversations c where c.id = r.conversation_id)');
insert into cm_032_owned values ('chunks', 'r.user_id', 'cm_chunk_bytes(r)');
-- The long texts count their text and a fixed 64 bytes for the rest of the row: octet_length of a stored text does
-- not read it, where the row's text form would fetch a deleted note or transcript part to measure it.
update cm_032_owned set size_of = '(octet_length(r.content) + 64)::bigint' where name = 'notes';
update cm_032_owned set size_of = '(octet_length(r.text) + 64)::bigint' where name = 'transcript_text_parts';
-- A chunk's terms are written by the hundred with it: a term and 32 bytes, without forming each row's text.
update cm_032_owned set size_of = '(octet_length(r.term) + 32)::bigint' where name = 'chunk_term_counts';

do $$
declare
  owned record;
begin
  for owned in select * from cm_032_owned loop
    execute format('create trigger %1$s_count_bytes_insert after insert on %1$s referencing new table as new_rows
      for each statement execute function cm_count_data_bytes(%2$L, %3$L)', owned.name, owned.owner_of, owned.size_of);
    execute format('create trigger %1$s_count_bytes_update after update on %1$s
      referencing old table as old_rows new table as new_rows
      for each statement execute function cm_count_data_bytes(%2$L, %3$L)', owned.name, owned.owner_of, owned.size_of);
    execute format('create trigger %1$s_count_bytes_delete after delete on %1$s referencing old table as old_rows
      for each statement execute function cm_count_data_bytes(%2$L, %3$L)', owned.name, owned.owner_of, owned.size_of);
  end loop;
end $$;

-- Bytes of the rows under one parent that find their owner through it.
create function cm_child_bytes(parent text, parent_id bigint) returns bigint language sql stable as $$
  select case parent
    when 'meeting' then
      (select coalesce(sum(octet_length(t::text)), 0) from transcripts t where t.meeting_id = parent_id)
      + (select coalesce(sum(octet_length(t.text) + 64), 0) from transcript_text_parts t where t.meeting_id = parent_id)
      + (select coalesce(sum(octet_length(t::text)), 0) from transcript_segments t where t.meeting_id = parent_id)
      + (select coalesce(sum(octet_length(t::text)), 0) from transcript_pieces t where t.meeting_id = parent_id)
      + (select coalesce(sum(octet_length(t::text)), 0) from summaries t where t.meeting_id = parent_id)
      + (select coalesce(sum(octet_length(t::text)), 0) from action_items t where t.meeting_id = parent_id)
    when 'client' then
      (select coalesce(sum(octet_length(t::text)), 0) from action_items t where t.client_id = parent_id)
    when 'conversation' then
      (select coalesce(sum(octet_length(t::text)), 0) from conversation_messages t where t.conversation_id = parent_id)
  end::bigint
$$;

-- A parent about to be deleted gives back the bytes of the children that find their owner through it.
create function cm_give_back_child_bytes() returns trigger language plpgsql as $$
declare
  bytes bigint;
begin
  -- Every parent (meetings, clients, conversations) carries its owner.
  bytes := cm_child_bytes(TG_ARGV[0], old.id);
  if bytes <> 0 then
    update account_usage set data_bytes = data_bytes - bytes where user_id = old.user_id;
  end if;
  return old;
end $$;

create trigger meetings_give_back_bytes before delete on meetings
  for each row execute function cm_give_back_child_bytes('meeting');
create trigger clients_give_back_bytes before delete on clients
  for each row execute function cm_give_back_child_bytes('client');
create trigger conversations_give_back_bytes before delete on conversations
  for each row execute function cm_give_back_child_bytes('conversation');

-- What an account holds, counted from scratch: the backfill below, and the tests' check that the counter is right.
create function cm_count_account_bytes(account bigint) returns bigint language sql stable as $$
  select (
    (select coalesce(sum(octet_length(t::text)), 0) from meetings t where t.user_id = account)
    + (select coalesce(sum(octet_length(t::text)), 0) from clients t where t.user_id = account)
    + (select coalesce(sum(octet_length(t.content) + 64), 0) from notes t where t.user_id = account)
    + (select coalesce(sum(cm_chunk_bytes(t)), 0) from chunks t where t.user_id = account)
    + (select coalesce(sum(octet_length(t.term) + 32), 0) from chunk_term_counts t where t.user_id = account)
    + (select coalesce(sum(octet_length(t::text)), 0) from follow_ups t where t.user_id = account)
    + (select coalesce(sum(octet_length(t::text)), 0) from conversations t where t.user_id = account)
    + (select coalesce(sum(cm_child_bytes('meeting', m.id)), 0) from meetings m where m.user_id = account)
    + (select coalesce(sum(cm_child_bytes('client', c.id)), 0) from clients c where c.user_id = account)
    + (select coalesce(sum(cm_child_bytes('conversation', c.id)), 0) from conversations c where c.user_id = account)
  )::bigint
$$;

insert into account_usage (user_id, data_bytes) select id, cm_count_account_bytes(id) from users;
drop table cm_032_owned;
