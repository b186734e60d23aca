-- Which engine made each transcript and summary ("openai:whisper-1", "self-hosted:<model>", "pocketsphinx",
-- "transcript-file", "local", ...). The meeting page shows it, and a transcript made offline by pocketsphinx is
-- labelled a draft there. Rows written before this migration have no engine recorded (null).
alter table transcripts add column engine text check (engine is null or length(engine) between 1 and 200);
alter table summaries add column engine text check (engine is null or length(engine) between 1 and 200);
