-- Meeting lists show three sentences of the summary and its first three action items. Stored copies
-- spare every list request from reading whole summaries and parsing their action items as JSON.
-- list_summary holds the summary's first four ". "-separated parts, enough for the three sentences
-- the presenter cuts (it cuts the same from this prefix as from the whole text).
alter table summaries add column list_summary text;
alter table summaries add column first_action_items jsonb;
update summaries set
  list_summary = array_to_string((string_to_array(executive_summary, '. '))[1:4], '. '),
  first_action_items = case when action_items ~ '^\s*\[' then jsonb_path_query_array(action_items::jsonb, '$[0 to 2]') end;
