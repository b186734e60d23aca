-- Find in transcript (GET /api/meetings/{id}/transcript/find) read every segment's jsonb, took its text and lowered it
-- in one statement: about 780 ms on a 10 MB transcript under load, during which the embedded database's one session
-- served nobody else. Each segment row now keeps its text already lowered, written with the row
-- (db/src/queries/transcript-segment-rows.ts), and a find scans a window of rows per statement
-- (db/src/queries/transcript-find.ts). A trigram index was measured and left out: kept up on every insert it made
-- writing a 10 MB transcript's segments 12 times slower on the embedded database (one 500-row statement 1.8 s).
alter table transcript_segments add column search_text text;

-- Rows written before this migration have no lowered text yet: a find fills its meeting's in short batches first,
-- found through this index (empty once they are filled), and reads lower(segment ->> 'text') for any it meets.
create index transcript_segments_search_pending_idx on transcript_segments (meeting_id, position)
  where search_text is null;
