-- Issue 38: the vectors of a chunk's candidate sentences (every sentence, and every question joined to its reply, that
-- the answer path may score: ai/src/search/rank/candidate-sentences.ts), embedded once at indexing, so a question
-- needs its own vector only and no sentence takes the one encoder thread again per question. Looked up by the
-- SHA-256 of the sentence's text (its first 16 bytes) within the owner's chunks of the same model. Written with the
-- chunk (db/src/queries/chunks.ts) by the windowed embedder only, removed with it, and counted in the chunk's
-- window_bytes against the account's storage (migration 032): they need no count of their own.
create table chunk_sentences (
  chunk_id bigint not null references chunks (id) on delete cascade,
  user_id bigint not null,
  digest bytea not null,
  embedding vector not null,
  primary key (chunk_id, digest)
);
create index chunk_sentences_owner_digest on chunk_sentences (user_id, digest);
