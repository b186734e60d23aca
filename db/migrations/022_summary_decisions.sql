-- A summary's decisions are a list of their own (issue 20), shaped like key points: {text, source?}, where source
-- names the transcript moment the item came from ({segment, start}). Key points written before this migration are
-- plain strings; the decoder (db/src/queries/summaries.ts) reads both, so no row is rewritten here.
alter table summaries add column decisions jsonb not null default '[]'::jsonb;
alter table summaries add constraint summaries_decisions_list check (jsonb_typeof(decisions) = 'array');
-- An action item's moment is kept with the task (the table is the truth the summary's copy is rewritten from).
alter table action_items add column source jsonb;
