-- Short windows of a chunk (a few whole turns or sentences each) with vectors of their own, for embedders that read
-- only the start of a long text (the local sentence encoder reads about 128 word pieces) or blur a long text's meaning.
-- Retrieval scores a candidate chunk by its nearest window. Written with the chunk (db/src/queries/chunks.ts,
-- replaceMeetingChunks) by the same model as the chunk's own vector, and removed with it. No vector index: windows
-- are read only for chunks already chosen as candidates, by chunk id.
create table chunk_windows (
  chunk_id bigint not null references chunks (id) on delete cascade,
  position smallint not null,
  embedding vector not null,
  primary key (chunk_id, position)
);
