-- Big meetings are read in pages: the meeting answer carries the transcript's opening, the rest comes in ranges
-- (GET /api/meetings/{id}/transcript). A range of the segments jsonb would decode the whole array (10 MB for a long
-- meeting) on every read, so each segment is also a row of its own, keyed by its index. The jsonb stays the copy every
-- other reader (search, speakers, follow-up, export) already reads; triggers rewrite the rows and the speaker list
-- whenever it is written, so no writer can forget them.
create table transcript_segments (
  meeting_id bigint not null references transcripts (meeting_id) on delete cascade,
  position integer not null check (position >= 0),
  segment jsonb not null,
  -- Characters of the segment's text: ranges stop at a size budget without reading the text.
  text_length integer not null,
  primary key (meeting_id, position)
);

-- Totals the meeting answer reports without reading the whole text ("there is more"), and the distinct speakers in
-- order of first appearance (the speaker list of the transcript tab).
alter table transcripts
  add column full_text_length integer generated always as (length(full_text)) stored,
  add column segment_count integer generated always as (
    case when jsonb_typeof(segments) = 'array' then jsonb_array_length(segments) else 0 end) stored,
  add column speakers text[] not null default '{}';

-- Stored uncompressed: a character range of the text is then read as a slice, not by decompressing from the start.
alter table transcripts alter column full_text set storage external;

create function cm_transcript_speakers(segments jsonb) returns text[] language sql immutable as $$
  select coalesce(array_agg(speaker order by first_seen), '{}')
  from (
    select e.value ->> 'speaker' as speaker, min(e.n) as first_seen
    from jsonb_array_elements(case when jsonb_typeof(segments) = 'array' then segments else '[]' end)
      with ordinality as e(value, n)
    where jsonb_typeof(e.value -> 'speaker') = 'string' and btrim(e.value ->> 'speaker') <> ''
    group by 1
  ) s
$$;

create function cm_transcript_set_speakers() returns trigger language plpgsql as $$
begin
  new.speakers := cm_transcript_speakers(new.segments);
  return new;
end $$;

create function cm_transcript_copy_segments() returns trigger language plpgsql as $$
begin
  delete from transcript_segments where meeting_id = new.meeting_id;
  insert into transcript_segments (meeting_id, position, segment, text_length)
  select new.meeting_id, (e.n - 1)::int, e.value, coalesce(length(e.value ->> 'text'), 0)
  from jsonb_array_elements(case when jsonb_typeof(new.segments) = 'array' then new.segments else '[]' end)
    with ordinality as e(value, n)
  where jsonb_typeof(e.value) = 'object';
  return null;
end $$;

create trigger transcripts_speakers before insert or update of segments on transcripts
  for each row execute function cm_transcript_set_speakers();
create trigger transcripts_segment_rows after insert or update of segments on transcripts
  for each row execute function cm_transcript_copy_segments();

-- Transcripts written before this migration.
update transcripts set speakers = cm_transcript_speakers(segments);
insert into transcript_segments (meeting_id, position, segment, text_length)
select t.meeting_id, (e.n - 1)::int, e.value, coalesce(length(e.value ->> 'text'), 0)
from transcripts t,
  jsonb_array_elements(case when jsonb_typeof(t.segments) = 'array' then t.segments else '[]' end)
    with ordinality as e(value, n)
where jsonb_typeof(e.value) = 'object';
