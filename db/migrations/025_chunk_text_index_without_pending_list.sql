-- The chunks' full-text index (GIN) writes each insert's entries into the index itself instead of a pending list.
-- With the pending list (fastupdate, PostgreSQL's default) entries pile up until it reaches its limit, and then one
-- ordinary chunk insert merges them all: measured on the embedded database, one statement in about 870 chunk rows
-- took ten times the others (371 ms of CPU against 36 ms), which a loaded machine stretched into seconds during which
-- every other request waited. Without it every insert pays its own small share (the total within 8% in that run).
alter index chunks_tsv_idx set (fastupdate = off);
-- Entries already pending are merged now, once, rather than by some later insert.
select gin_clean_pending_list('chunks_tsv_idx'::regclass);
