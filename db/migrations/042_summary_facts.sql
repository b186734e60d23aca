-- Issue 38: the record of facts the local engine writes the notes from (decisions, commitments, figures with what
-- they measure, the next meeting, open questions), each with its transcript moment and fitted confidence. Kept with
-- the summary so the follow-up e-mail and the answer path can read the facts rather than the prose. Null for
-- summaries written before it or by an engine that keeps no record. Counted in the account's bytes like the rest of
-- the row (migration 032 sums the whole row's text).
alter table summaries add column if not exists facts jsonb;
-- The new column widens every existing row's text by its separator: count every account once more, as 041 does.
update account_usage set data_bytes = cm_count_account_bytes(user_id);
