-- Issue 39: an audit trail that proves itself. Who did what, when and from where, append-only, each row carrying the
-- hash of the one before it (docs/records.md, "The audit trail").
--
-- One chain per account: the rows of account A are numbered 1, 2, 3... (seq) and each row's prev_hash is the hash of
-- the row before it in the same account (the first row's is 64 zeros). Account 0 is the installation's own chain
-- (an account erased, for instance). Per account, because an account's rows are what an examiner of that firm is
-- shown and verified on their own, writers of different accounts never wait for each other, and an account erased
-- whole leaves every other chain intact.
--
-- The insert trigger, not the application, numbers and hashes a row: it locks the account's head row
-- (audit_heads ... for update) so concurrent writers in any process take turns and the chain never forks; the lock
-- is held to the end of the writer's transaction, so a row written inside an action's transaction is in the chain
-- exactly when the action is. The head holds the last seq and hash: a row cut off the end is found too.
--
-- A row's hash is sha-256 (hex) of its fields in a fixed order, each written as "<bytes>:<text>", or "~" when null,
-- after the prefix "cm-audit-v1" (cm_audit_hash below; the verifier in api/src/modules/audit recomputes it
-- independently). `at` enters as whole microseconds since 1970 and details as jsonb's text.
--
-- Nobody updates a row, ever. A row is deleted only in two ways, each switched on for one transaction with
-- set_config(..., true) by the code that does it (db/src/queries/audit-log.ts):
--   * cm.audit_erase_account = <account id>: the account's own erasure (DELETE /api/account) removes its whole chain
--     and head, and writes "account.erased" (account id, rows, last hash) into account 0's chain. Trail rows of an
--     erased account are not kept: the erasure of a person's data is the point, and whether erasure is allowed at
--     all (a retention preset or hold still running) is decided before, by retention.
--   * cm.audit_dispose_through = '<account id>:<seq>': retention disposes of the oldest rows of an account's chain
--     (seq <= the given one), and writes "audit.disposed" (through seq, the hash of the last row disposed) into the
--     same chain, so the verifier accepts a chain that starts later only where such a row says why.
-- Anything else (a delete, an update, a truncate) is refused by the database, on PGlite and PostgreSQL alike.
create table audit_log (
  id bigint generated always as identity primary key,
  account_id bigint not null,
  seq bigint not null,
  at timestamptz not null default now(),
  -- null: nobody signed in (a failed sign-in) or the system (a scheduled disposal).
  actor_user_id bigint,
  action text not null,
  target_kind text,
  target_id text,
  client_id bigint,
  meeting_id bigint,
  ip text,
  user_agent text,
  details jsonb not null default '{}',
  prev_hash text not null,
  hash text not null,
  unique (account_id, seq)
);
-- Paging an account's trail newest first, by time, and the rows of one action (the caps on repeated rows).
create index audit_log_account_at_idx on audit_log (account_id, at desc, id desc);
create index audit_log_account_action_idx on audit_log (account_id, action, at desc);
create index audit_log_account_client_idx on audit_log (account_id, client_id, at desc) where client_id is not null;
create index audit_log_account_meeting_idx on audit_log (account_id, meeting_id) where meeting_id is not null;

create table audit_heads (
  account_id bigint primary key,
  seq bigint not null default 0,
  hash text not null default repeat('0', 64)
);

create function cm_audit_field(value text) returns text language sql immutable as $$
  select case when value is null then '~' else octet_length(value)::text || ':' || value end
$$;

create function cm_audit_hash(r audit_log) returns text language sql immutable as $$
  select encode(sha256(convert_to('cm-audit-v1'
    || cm_audit_field(r.account_id::text) || cm_audit_field(r.seq::text)
    || cm_audit_field((extract(epoch from r.at) * 1000000)::bigint::text)
    || cm_audit_field(r.actor_user_id::text) || cm_audit_field(r.action)
    || cm_audit_field(r.target_kind) || cm_audit_field(r.target_id)
    || cm_audit_field(r.client_id::text) || cm_audit_field(r.meeting_id::text)
    || cm_audit_field(r.ip) || cm_audit_field(r.user_agent)
    || cm_audit_field(r.details::text) || cm_audit_field(r.prev_hash), 'UTF8')), 'hex')
$$;

create function cm_audit_chain() returns trigger language plpgsql as $$
declare
  head audit_heads;
begin
  insert into audit_heads (account_id) values (new.account_id) on conflict do nothing;
  select * into head from audit_heads where account_id = new.account_id for update;
  new.seq := head.seq + 1;
  new.prev_hash := head.hash;
  new.at := coalesce(new.at, now());
  new.details := coalesce(new.details, '{}'::jsonb);
  new.hash := cm_audit_hash(new);
  update audit_heads set seq = new.seq, hash = new.hash where account_id = new.account_id;
  return new;
end $$;
create trigger audit_log_chain before insert on audit_log for each row execute function cm_audit_chain();

create function cm_audit_refuse() returns trigger language plpgsql as $$
declare
  through text := coalesce(current_setting('cm.audit_dispose_through', true), '');
begin
  if TG_OP = 'DELETE' then
    if coalesce(current_setting('cm.audit_erase_account', true), '') = old.account_id::text then
      return old;
    end if;
    if TG_TABLE_NAME = 'audit_log' and split_part(through, ':', 1) = old.account_id::text
      and old.seq <= nullif(split_part(through, ':', 2), '')::bigint then
      return old;
    end if;
  elsif TG_OP = 'UPDATE' and TG_TABLE_NAME = 'audit_heads' and new.account_id = old.account_id
    and new.seq = old.seq + 1 then
    -- The chain trigger moving the head on by one row.
    return new;
  end if;
  raise exception 'the audit trail is append-only: % on % refused', TG_OP, TG_TABLE_NAME
    using errcode = 'insufficient_privilege';
end $$;
create trigger audit_log_append_only before update or delete on audit_log
  for each row execute function cm_audit_refuse();
create trigger audit_heads_forward_only before update or delete on audit_heads
  for each row execute function cm_audit_refuse();

create function cm_audit_refuse_truncate() returns trigger language plpgsql as $$
begin
  raise exception 'the audit trail is append-only: TRUNCATE on % refused', TG_TABLE_NAME
    using errcode = 'insufficient_privilege';
end $$;
create trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function cm_audit_refuse_truncate();
create trigger audit_heads_no_truncate before truncate on audit_heads
  for each statement execute function cm_audit_refuse_truncate();

-- An account's trail counts in its stored data (issue 37's rule, migration 032): what its own users do is bounded by
-- the caps on repeated rows (api/src/modules/audit/audit-actions.ts), a stranger's failed sign-ins by a cap an hour.
create trigger audit_log_count_bytes_insert after insert on audit_log referencing new table as new_rows
  for each statement execute function cm_count_data_bytes('r.account_id', 'octet_length(r::text)::bigint');
create trigger audit_log_count_bytes_delete after delete on audit_log referencing old table as old_rows
  for each statement execute function cm_count_data_bytes('r.account_id', 'octet_length(r::text)::bigint');

create or replace function cm_count_account_bytes(account bigint) returns bigint language sql stable as $$
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
    + (select coalesce(sum(octet_length(t::text)), 0) from audit_log t where t.account_id = account)
  )::bigint
$$;
