-- Issue 29: a meeting records how it came (a browser recording or an uploaded file) and the advisor's confirmation
-- that everyone present agreed to be recorded (who, when, how). Resumable (tus) uploads keep their state here, so a
-- restart or another process answers HEAD and PATCH the same way, and a finished upload sent again finds its meeting.
alter table meetings
  add column source text check (source in ('recording', 'upload')),
  add column consent_method text check (consent_method in ('spoken', 'written', 'note')),
  add column consent_note text,
  add column consent_confirmed_at timestamptz,
  add column consent_confirmed_by bigint references users (id) on delete set null;

create table resumable_uploads (
  id text primary key,
  user_id bigint not null references users (id) on delete cascade,
  -- Null while the length is deferred (a recording still going on).
  upload_length bigint,
  upload_offset bigint not null default 0,
  filename text not null default '',
  filetype text not null default '',
  meeting_data text not null,
  -- Set once the complete file moved into storage; the orphan sweep keeps files named here.
  storage_key text,
  -- The meeting it became; the row goes with the meeting.
  meeting_id bigint references meetings (id) on delete cascade,
  -- A finished upload whose content was refused: the answer it got, given again.
  failure_status integer,
  failure_message text,
  -- A process is checking the complete file (one at a time, across processes).
  checking_since timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index resumable_uploads_user_id on resumable_uploads (user_id);
create index resumable_uploads_updated_at on resumable_uploads (updated_at);
