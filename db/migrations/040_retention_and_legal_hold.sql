-- Issue 39: retention schedules per kind of record, what earlier schedules promised, legal holds, exports at once.

-- One row per account that changed its settings; an account without one has the preset "none" (keep as today).
create table account_settings (
  user_id bigint primary key references users (id) on delete cascade,
  retention_preset text not null default 'none'
    check (retention_preset in ('none', 'sec-204-2', 'finra-4511', 'law-firm')),
  -- Law firm preset: records are kept this many years after their client is closed.
  law_firm_years integer check (law_firm_years between 1 and 100),
  -- Per kind of record: {"days": n}, {"years": n} or "forever", replacing the preset's period for that kind.
  retention_overrides jsonb not null default '{}',
  -- What earlier schedules promised the audit trail: [{"before": time, "mode", "amount"}], each entry keeping the
  -- rows written before `before` for its period (expired ones are dropped at the next change).
  audit_promises jsonb not null default '[]',
  updated_at timestamptz not null default now()
);

-- A client's matter closed (the law firm preset counts from here) and legal holds, with when they were placed.
alter table clients add column closed_at timestamptz;
alter table clients add column legal_hold_at timestamptz;
alter table meetings add column legal_hold_at timestamptz;
-- Set, under the row's lock, by a deletion that passed the retention and hold checks: a hold placed after that finds
-- the record on its way out (409) instead of being placed on a record that is then deleted.
alter table clients add column deleting_at timestamptz;
alter table meetings add column deleting_at timestamptz;

-- What a schedule promised before it was changed: a record is kept at least until keep_until, and at least
-- years_after_close years after its client is closed. Written for every meeting of the account when its settings
-- change, so shortening a schedule never shortens what an earlier one promised. At most four rows a meeting.
create table record_promises (
  meeting_id bigint not null references meetings (id) on delete cascade,
  kind text not null check (kind in ('recordings', 'transcripts', 'notes', 'emails')),
  keep_until timestamptz,
  years_after_close integer,
  primary key (meeting_id, kind)
);

-- Kinds of a meeting's records the daily job disposed of (the meeting itself stays while another kind is kept).
create table record_disposals (
  meeting_id bigint not null references meetings (id) on delete cascade,
  kind text not null check (kind in ('recordings', 'transcripts', 'notes', 'emails')),
  disposed_at timestamptz not null default now(),
  primary key (meeting_id, kind)
);

-- An export being streamed: one per account at once, across processes; a lease whose process died runs out.
create table export_leases (
  user_id bigint primary key references users (id) on delete cascade,
  expires_at timestamptz not null
);
