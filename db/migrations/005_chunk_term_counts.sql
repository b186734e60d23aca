-- Document frequencies for full-text search: for each meeting, in how many of its search chunks each lexeme occurs.
-- A question's terms are looked up here (summed over the user's meetings in the search's scope) before searching, so
-- terms found in a large share of the chunks ("meeting", "client", "points") are not matched and ranked one by one.
-- The row with the empty term (never a lexeme) holds the meeting's number of chunks.
-- Written with the meeting's chunks (db/src/queries/chunks.ts, replaceMeetingChunks, under the meeting's row lock);
-- removed with the meeting. The counts only steer the search: a term missing here is treated as rare.
create table chunk_term_counts (
  user_id bigint not null,
  meeting_id bigint not null references meetings (id) on delete cascade,
  term text not null,
  ndoc integer not null,
  primary key (user_id, term, meeting_id) include (ndoc)
);
create index chunk_term_counts_meeting_idx on chunk_term_counts (meeting_id);

insert into chunk_term_counts (user_id, meeting_id, term, ndoc)
select c.user_id, c.meeting_id, t.term, count(*)
from chunks c cross join lateral unnest(tsvector_to_array(c.tsv)) as t (term)
where c.meeting_id is not null
group by c.user_id, c.meeting_id, t.term
union all
select user_id, meeting_id, '', count(*) from chunks where meeting_id is not null group by user_id, meeting_id;
