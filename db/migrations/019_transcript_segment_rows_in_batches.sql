-- Migration 018's triggers did their work in the same statement as the transcript write: copying every segment into
-- transcript_segments and collecting the speakers. For a long meeting that one statement held the embedded
-- database's single connection for seconds, and every other user's request waited. The application now writes the
-- rows in short batches and passes the speakers with the transcript (db/src/queries/transcript-segment-rows.ts), and
-- the text is stored compressed again (a character range decompresses it, which costs milliseconds; writing it
-- uncompressed cost more on every write).
drop trigger transcripts_segment_rows on transcripts;
drop function cm_transcript_copy_segments();
drop trigger transcripts_speakers on transcripts;
drop function cm_transcript_set_speakers();
drop function cm_transcript_speakers(jsonb);
alter table transcripts alter column full_text set storage extended;
