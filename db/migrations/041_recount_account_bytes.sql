-- Migrations 037 (summaries.possible_action_items) and 040 (closed, held and deleting marks on clients and meetings)
-- widened rows that account_usage.data_bytes measures whole (octet_length of the row's text), without counting them
-- again: each existing row measured more than the counter held. Every account is counted once more, so the counter
-- and cm_count_account_bytes agree again (api/test/account-data-bytes.test.ts checks they agree after migrating).
update account_usage set data_bytes = cm_count_account_bytes(user_id);
