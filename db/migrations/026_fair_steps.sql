-- Fair by work (issue 27): processing runs in bounded steps, and the next step goes to the account served least.
-- account_service keeps how much worker time each account had, fading by half every few minutes (the fade is applied
-- when read and when added to, so no sweep is needed). A job keeps what its last step finished in `progress`, so a
-- job that made way for another account resumes there. A recording's transcription is stored piece by piece in
-- transcript_pieces until the last piece is done, then joined into the meeting's transcript.
create table account_service (
  user_id bigint primary key references users (id) on delete cascade,
  served_ms double precision not null default 0 check (served_ms >= 0),
  updated_at timestamptz not null default now()
);

alter table jobs add column progress jsonb not null default '{}';
-- Steps handed back to the queue to make way for a less-served account: not attempts, never a failure.
alter table jobs add column yields integer not null default 0;

create table transcript_pieces (
  meeting_id bigint not null references meetings (id) on delete cascade,
  piece integer not null check (piece >= 0),
  start_seconds double precision not null,
  end_seconds double precision not null,
  segments jsonb not null,
  primary key (meeting_id, piece)
);
