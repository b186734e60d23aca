-- A transcript's text and segments were values of the transcript's row: writing a 10 MB transcript was one statement
-- that held the embedded database's single connection for 9-11 s each (under load), and every other request waited.
-- The segments already had rows of their own (transcript_segments, migration 018, written in batches since 019); the
-- text now gets them too: parts of at most 65,536 UTF-16 units, each with its offset in characters (code points, as
-- length() counts them), written a few per statement (db/src/queries/transcript-text-parts.ts). The row keeps what
-- is small: engine, speakers, the list preview and the totals, now written by the application.
create table transcript_text_parts (
  meeting_id bigint not null references transcripts (meeting_id) on delete cascade,
  part integer not null check (part >= 0),
  -- Characters of the text before this part, and in it: a character range reads only the parts it overlaps.
  starts_at integer not null,
  text_length integer not null,
  text text not null,
  primary key (meeting_id, part)
);

insert into transcript_text_parts (meeting_id, part, starts_at, text_length, text)
select t.meeting_id, n, n * 32768, length(substr(t.full_text, n * 32768 + 1, 32768)),
  substr(t.full_text, n * 32768 + 1, 32768)
from transcripts t, generate_series(0, greatest(length(t.full_text) - 1, 0) / 32768) as n;

alter table transcripts alter column preview drop expression;
alter table transcripts alter column full_text_length drop expression;
alter table transcripts alter column segment_count drop expression;
update transcripts set full_text_length = coalesce(full_text_length, 0), segment_count = coalesce(segment_count, 0);
alter table transcripts alter column full_text_length set default 0;
alter table transcripts alter column full_text_length set not null;
alter table transcripts alter column segment_count set default 0;
alter table transcripts alter column segment_count set not null;
alter table transcripts drop column full_text;
alter table transcripts drop column segments;
