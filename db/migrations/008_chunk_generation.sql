-- Indexing a meeting writes its new chunks in short batches, each its own statement, so a large meeting never holds
-- the database for the length of one transaction (on the embedded database every other query waits for it). Each
-- indexing run tags its chunks with a generation; one short transaction at the end removes the other generations.
alter table chunks add column generation bigint;
